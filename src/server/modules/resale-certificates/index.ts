// The resale-certificates module's one door: what other modules and the app use of it.
export { resaleCertificateModule } from './routes';
export {
  buyerTaxFor,
  buyerTaxOn,
  buyerTaxTerms,
  type BuyerTaxTerms,
  getCertificate,
  noticeCertificatesEndingSoon,
  resaleCertificatesValidOn,
} from './service';
export { resaleCertificateNotices } from './notices';
export { startResaleCertificateWorker } from './worker';
