import type { SmsApiConfig } from '../../config';
import { writeOutboxFile } from '../../lib/outbox';

export interface SmsMessage {
  /** E.164, e.g. "+18085550101". */
  to: string;
  body: string;
  /** The same for every attempt of one notification, so the provider can drop a repeat. */
  idempotencyKey: string;
}

/** Anything that can send a text message; a failure throws and the queue retries. */
export interface SmsProvider {
  /** Sends, or fails once `signal` aborts. */
  send(message: SmsMessage, fileName: string, signal?: AbortSignal): Promise<void>;
}

const SMS_TIMEOUT_MS = 15_000;

/** US numbers as the profile keeps them ("(808) 555-0101") to E.164 ("+18085550101"). */
export function toE164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/**
 * A JSON HTTP API: POST {from, to, body} with a bearer token. Any answer but 2xx is a failure
 * (retried), with the provider's words in the error.
 */
export class HttpSmsProvider implements SmsProvider {
  constructor(private readonly config: SmsApiConfig) {}

  async send(message: SmsMessage, _fileName?: string, signal?: AbortSignal): Promise<void> {
    const timeout = AbortSignal.timeout(SMS_TIMEOUT_MS);
    const response = await fetch(this.config.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.config.token}`,
        'content-type': 'application/json',
        'idempotency-key': message.idempotencyKey,
      },
      body: JSON.stringify({ from: this.config.from, to: message.to, body: message.body }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`SMS API answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
  }
}

/** Without an SMS API: each message is a JSON file in DATA_DIR/outbox. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(private readonly outboxDir: string) {}

  async send(message: SmsMessage, fileName: string): Promise<void> {
    await writeOutboxFile(
      this.outboxDir,
      `${fileName}.json`,
      `${JSON.stringify({ to: message.to, body: message.body }, null, 2)}\n`,
    );
  }
}

export function createSmsProvider(options: {
  sms: SmsApiConfig | undefined;
  outboxDir: string;
}): SmsProvider {
  return options.sms ? new HttpSmsProvider(options.sms) : new OutboxSmsProvider(options.outboxDir);
}
