import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Answer {
  etag: string;
  notModified: boolean;
  encoding: 'br' | 'gzip' | null;
  body: Buffer | string;
}

/** Whether If-None-Match names this ETag (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || Number(quality.replace(/^\s*q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * A large JSON answer with an ETag of its content, 304 when the asker holds it, else
 * compressed as the asker accepts. The latest body's compressed copies are kept, so a
 * catalogue that has not changed is compressed once, not per request.
 */
export class CompressedAnswers {
  #latest: { etag: string; copies: Map<string, Promise<Buffer>> } | null = null;

  async answer(json: string, headers: IncomingHttpHeaders): Promise<Answer> {
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
    if (matches(headers['if-none-match'], etag)) {
      return { etag, notModified: true, encoding: null, body: '' };
    }
    const encoding = preferredEncoding(headers['accept-encoding']);
    if (!encoding) return { etag, notModified: false, encoding, body: json };
    if (this.#latest?.etag !== etag) this.#latest = { etag, copies: new Map() };
    let copy = this.#latest.copies.get(encoding);
    if (!copy) {
      // Fast levels: this runs on the request path whenever the catalogue changed.
      copy =
        encoding === 'br'
          ? brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipAsync(json, { level: 6 });
      this.#latest.copies.set(encoding, copy);
    }
    return { etag, notModified: false, encoding, body: await copy };
  }
}
