import nodemailer, { type Transporter } from 'nodemailer';
import { writeOutboxFile } from '../../lib/outbox';

export interface MailMessage {
  /** One address, or several (a fresh sheet goes to a restaurant's owners and buyers at once). */
  to: string | string[];
  subject: string;
  text: string;
  /** An HTML version beside the text one, when the message has one. */
  html?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The same for every attempt of one notification, so a receiver can drop a repeat. */
  messageId: string;
}

export interface Mailer {
  /** Sends, or fails once `signal` aborts (the connection is closed then). */
  send(message: MailMessage, fileName: string, signal?: AbortSignal): Promise<void>;
  close(): void;
}

// A mail server that goes silent must not hold a worker for minutes (one that trickles bytes is
// cut off by the worker's overall deadline, the signal).
const SMTP_TIMEOUT_MS = 15_000;

/** Email over SMTP (SMTP_URL), or, without it, .eml files in DATA_DIR/outbox. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      async send(message, _fileName, signal) {
        await transport.sendMail({ from: options.from, ...message, ...(signal ? { signal } : {}) });
      },
      close: () => transport.close(),
    };
  }
  // The stream transport builds the same raw message SMTP would carry.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message, fileName) {
      const info = await builder.sendMail({ from: options.from, ...message });
      await writeOutboxFile(options.outboxDir, `${fileName}.eml`, info.message as Buffer);
    },
    close: () => builder.close(),
  };
}
