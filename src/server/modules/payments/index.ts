// The payments module's one door: what other modules and the app use of it.
export { paymentNotices, paymentReminderWording } from './reminder-notices';
export { startPaymentReminderWorker } from './reminder-worker';
export { paymentModule } from './routes';
export { monthEnd, monthlyStatement, type Statement, statementFileName } from './statement';
