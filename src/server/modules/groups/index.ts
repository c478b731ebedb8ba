// The groups module's one door: what other modules and the app use of it.
export { groupNotices } from './notices';
export { groupModule } from './routes';
export { startGroupStatementWorker } from './statement-worker';
