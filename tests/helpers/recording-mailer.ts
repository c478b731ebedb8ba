import type { MailMessage, Mailer } from '../../src/server/modules/notifications/mail';
import { waitFor } from './event-stream';

/** Keeps the account emails the app sends, as a mail server would. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  close(): void {}

  /** The token of the newest link to `path` sent to `to`, waiting for the email to go out. */
  async linkFor(to: string, path: string): Promise<string> {
    const message = await waitFor(
      () => this.sent.findLast((mail) => mail.to === to && mail.text.includes(path)),
      `an email to ${to} with a link to ${path}`,
    );
    const match = new RegExp(`http://localhost:5000${path}\\?token=([\\w-]+)`).exec(message.text);
    if (!match?.[1]) throw new Error(`no link in: ${message.text}`);
    return match[1];
  }
}
