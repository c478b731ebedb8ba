import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP receiver that keeps what it is sent (raw, quoted-printable undone). */
export class MailReceiver {
  readonly messages: { to: string[]; raw: string }[] = [];
  #server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages to an address whose subject contains `subject`. */
  to(address: string, subject: string) {
    return this.messages.filter(
      (message) => message.to.includes(address) && message.raw.includes(subject),
    );
  }
}

/** A header of a raw message, unfolded; null when absent. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((text) => text.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
    );
}
