// The claims module's one door: what other modules and the app use of it.
export { afterDeliveryChange } from './changes';
export { claimNotices } from './notices';
export { claimModule } from './routes';
