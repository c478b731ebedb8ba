// The order-thread module's one door: what other modules and the app use of it.
export { orderThreadNotices } from './notices';
export { orderThreadModule } from './routes';
export { registerUnreadMessages } from './unread';
