// The notifications module's one door: what other modules and the app use of it.
export {
  type NotificationKindProvider,
  type NotificationKindProviders,
  type NotificationEvents,
  type NotificationWording,
  type Recipient,
  registerNotificationKinds,
  registerNotificationWording,
  type StoredNotice,
} from './kinds';
export { createMailer, type Mailer } from './mail';
export type { NotificationContent, Reader } from './messages';
export {
  DEFAULT_RETRY,
  enqueueDelivery,
  enqueueEachInTransaction,
  ensureQueue,
  type RetryPolicy,
  startQueueWorkers,
} from './queue';
export { notificationModule } from './routes';
export {
  channelColumns,
  type Listener,
  listeners,
  membersInRoles,
  type NotificationEvent,
  recordNotificationEvents,
  sendNotificationEvents,
  tell,
  toListeners,
} from './service';
export { attemptDelivery, messageIdFor, SEND_DEADLINE_MS, startNotificationWorker } from './worker';
