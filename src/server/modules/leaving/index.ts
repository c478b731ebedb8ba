// The leaving module's one door: a person's export, closing an account, closing a business
// (docs/leaving.md).
export { leavingNotices } from './notices';
export { leavingModule } from './routes';
