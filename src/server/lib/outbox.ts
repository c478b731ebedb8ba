import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes one outbox file so that it appears whole or not at all: the content goes to a hidden
 * temporary file in the same folder, is flushed to disk, and is then renamed into place (a
 * rename within one folder is atomic). A crash or a full disk part-way leaves no half message
 * under the real name for a reader, or a retry, to take for a sent one.
 */
export async function writeOutboxFile(
  dir: string,
  name: string,
  content: string | Uint8Array | AsyncIterable<string | Uint8Array>,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      if (typeof content === 'string' || content instanceof Uint8Array) {
        await handle.writeFile(content);
      } else {
        for await (const chunk of content) await handle.write(Buffer.from(chunk));
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
