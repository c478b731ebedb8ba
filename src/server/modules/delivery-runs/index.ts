// The delivery-runs module's one door: what other modules and the app use of it.
export { deliveryRunModule } from './routes';
