// The delivery-proof module's one door: what other modules and the app use of it.
export { deliveryProofModule } from './routes';
export { type ProofImages, proofImages } from './service';
