// The events module's one door: what other modules and the app use of it.
export { databaseClient } from './database-client';
export { LiveEventHub } from './hub';
export { LiveCache } from './live-cache';
export {
  authChangeCovers,
  publishAuthChanged,
  publishLiveEvent,
  publishLiveEvents,
  type StockChangedEvent,
} from './publish';
export { eventsModule } from './routes';
