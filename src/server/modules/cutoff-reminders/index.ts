// The cutoff-reminders module's one door: what other modules and the app use of it.
export { cutoffReminderNotices } from './notices';
export { cutoffReminderModule } from './routes';
export { sendDueCutoffReminders } from './service';
export { startCutoffReminderWorker } from './worker';
