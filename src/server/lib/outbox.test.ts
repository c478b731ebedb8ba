import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeOutboxFile } from './outbox';

const dirs: string[] = [];
function outbox(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hh-outbox-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Content that fails part-way, as a full disk or a crash would. */
async function* brokenContent() {
  yield 'Subject: half a message\r\n';
  await Promise.resolve();
  throw new Error('No space left on device');
}

describe('outbox files', () => {
  it('appear whole under their name, with nothing else left in the folder', async () => {
    const dir = outbox();
    await writeOutboxFile(dir, 'notification-1-email.eml', 'Subject: Order placed\r\n\r\nHello');
    expect(readdirSync(dir)).toEqual(['notification-1-email.eml']);
    expect(readFileSync(join(dir, 'notification-1-email.eml'), 'utf8')).toBe(
      'Subject: Order placed\r\n\r\nHello',
    );
  });

  it('never appear half-written: a write that fails leaves no file under the name and no temporary file', async () => {
    const dir = outbox();
    await expect(writeOutboxFile(dir, 'notification-2-sms.json', brokenContent())).rejects.toThrow(
      'No space left on device',
    );
    expect(existsSync(join(dir, 'notification-2-sms.json'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keep the earlier whole version when rewriting one fails', async () => {
    const dir = outbox();
    writeFileSync(join(dir, 'notification-3-email.eml'), 'the whole message');
    await expect(
      writeOutboxFile(dir, 'notification-3-email.eml', brokenContent()),
    ).rejects.toThrow();
    expect(readFileSync(join(dir, 'notification-3-email.eml'), 'utf8')).toBe('the whole message');
    expect(readdirSync(dir)).toEqual(['notification-3-email.eml']);
  });
});
