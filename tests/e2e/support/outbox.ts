import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';

/** The newest emailed link to `path` for `to`, read from the outbox the server writes. */
export function linkInOutbox(to: string, path: string, marker = ''): string | null {
  const links = mailsInOutbox(to, marker)
    .map((text) => new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w.%-]+`).exec(text)?.[0])
    .filter((link): link is string => Boolean(link));
  return links.at(-1) ?? null;
}

/** Waits for the emailed link, then answers its path and query (the app's own origin). */
export async function awaitLinkInOutbox(to: string, path: string, marker = ''): Promise<string> {
  await expect.poll(() => linkInOutbox(to, path, marker), { timeout: 15_000 }).toBeTruthy();
  const link = new URL(linkInOutbox(to, path, marker)!);
  return link.pathname + link.search;
}

/** The emails in the outbox to `to` whose raw text contains `marker`, quoted-printable undone. */
export function mailsInOutbox(to: string, marker: string): string[] {
  const outbox = inject('outboxDir');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/(=[0-9A-F]{2})+/g, (run) =>
          Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
        ),
    )
    .filter((text) => new RegExp(`^To: .*${to}`, 'm').test(text) && text.includes(marker));
}
