// The traceability module's one door: what other modules and the app use of it.
export { assignLots } from './lot-assignment';
export { recallNotices } from './recall-notices';
export { traceabilityModule } from './routes';
