import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same for every attempt of one notification, so a receiver can drop a repeat. */
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage, fileName: string): Promise<void>;
  close(): void;
}

// A mail server that hangs must not hold a worker for minutes.
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
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  // The stream transport builds the same raw message SMTP would carry.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message, fileName) {
      const info = await builder.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(join(options.outboxDir, `${fileName}.eml`), info.message as Buffer);
    },
    close: () => builder.close(),
  };
}
