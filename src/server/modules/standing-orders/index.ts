// The standing-orders module's one door: what other modules and the app use of it.
export { standingOrderNotices } from './notices';
export { standingOrderModule } from './routes';
export { startStandingOrderWorker } from './worker';
