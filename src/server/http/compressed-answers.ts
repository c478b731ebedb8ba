import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { keepNewest } from '../lib/bounded-map';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

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
 * Up to this size a body is compressed at once: zlib's asynchronous calls cost about 100 µs of
 * CPU each in setting up their encoder, more than compressing a few kilobytes takes. A larger
 * body (the whole catalogue) goes through the thread pool, so the event loop is not held.
 */
const COMPRESS_AT_ONCE_UP_TO_BYTES = 64 * 1024;

/** A body's compressed copy, at fast levels: this runs on the request path. */
function compressed(encoding: 'br' | 'gzip', body: string | Buffer): Promise<Buffer> {
  const size = Buffer.byteLength(body);
  const brotliOptions = {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  };
  if (size > COMPRESS_AT_ONCE_UP_TO_BYTES) {
    return encoding === 'br' ? brotli(body, brotliOptions) : gzipAsync(body, { level: 6 });
  }
  return Promise.resolve(
    encoding === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body, { level: 6 }),
  );
}

const etagOf = (json: string) =>
  `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;

/**
 * One JSON answer with an ETag of its content: 304 when the asker holds it, else compressed as
 * the asker accepts. Each compressed copy is made once, when first asked for, and kept with it.
 */
export class CompressedAnswer {
  readonly etag: string;
  readonly #copies = new Map<'br' | 'gzip', Promise<Buffer>>();

  constructor(
    readonly json: string,
    etag = etagOf(json),
  ) {
    this.etag = etag;
  }

  async answerTo(headers: IncomingHttpHeaders): Promise<Answer> {
    const { etag } = this;
    if (matches(headers['if-none-match'], etag)) {
      return { etag, notModified: true, encoding: null, body: '' };
    }
    const encoding = preferredEncoding(headers['accept-encoding']);
    if (!encoding) return { etag, notModified: false, encoding, body: this.json };
    let copy = this.#copies.get(encoding);
    if (!copy) {
      copy = compressed(encoding, this.json);
      this.#copies.set(encoding, copy);
    }
    return { etag, notModified: false, encoding, body: await copy };
  }
}

/**
 * A large JSON answer computed afresh for every request: the latest body's compressed copies
 * are kept per variant (what else the answer depends on, such as the reader's price lists), so
 * a catalogue that has not changed is compressed once, not per request. The variant is part of
 * the ETag: readers of different variants never share one.
 */
export class CompressedAnswers {
  readonly #latest = new Map<string, CompressedAnswer>();

  constructor(private readonly maxVariants = 1) {}

  answer(json: string, headers: IncomingHttpHeaders, variant = ''): Promise<Answer> {
    const etag = etagOf(variant === '' ? json : `${variant}\n${json}`);
    let latest = this.#latest.get(variant);
    if (latest?.etag !== etag) {
      latest = new CompressedAnswer(json, etag);
      this.#latest.delete(variant);
      if (this.#latest.size >= this.maxVariants) {
        const oldest = this.#latest.keys().next().value;
        if (oldest !== undefined) this.#latest.delete(oldest);
      }
      this.#latest.set(variant, latest);
    }
    return latest.answerTo(headers);
  }
}

/**
 * Sends an answer as it is (already JSON or the given type, maybe compressed), past the route's
 * typed response schema. Without `cacheControl`, the API's own rule applies (no-store).
 */
export function sendAnswer(
  reply: FastifyReply,
  answer: Answer,
  cacheControl?: string,
  contentType = 'application/json; charset=utf-8',
) {
  void reply.header('etag', answer.etag).header('vary', 'Accept-Encoding');
  if (cacheControl) void reply.header('cache-control', cacheControl);
  if (answer.notModified) return reply.status(304).send();
  void reply.type(contentType);
  if (answer.encoding) void reply.header('content-encoding', answer.encoding);
  return reply.send(answer.body);
}

/**
 * Below this a JSON answer goes as it is: it fits in one TCP segment (1,460 bytes, less the
 * HTTP/2 frame's), so a smaller copy would arrive no sooner and only cost the work of making it
 * (the signed-in user, a status change, an error).
 */
export const COMPRESS_JSON_FROM_BYTES = 1400;

/**
 * The last copies the hook below made, by the answer's hash: an answer the server keeps (a
 * dashboard's report, read over and over until an order changes it) is compressed once, not
 * per request. Only bodies compressed at once are kept, so the map stays small.
 */
const KEPT_COPIES = 256;
const keptCopies = new Map<string, Buffer>();

async function keptCopy(encoding: 'br' | 'gzip', body: string | Buffer): Promise<Buffer> {
  if (Buffer.byteLength(body) > COMPRESS_AT_ONCE_UP_TO_BYTES) return compressed(encoding, body);
  const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
  const copy = keptCopies.get(key) ?? (await compressed(encoding, body));
  keepNewest(keptCopies, key, copy, KEPT_COPIES);
  return copy;
}

/**
 * An onSend hook: any other JSON answer of at least COMPRESS_JSON_FROM_BYTES, brotli or gzip
 * as the asker accepts. A phone on a slow network waits on every byte before its first screen
 * (a page of 25 orders is 31 KB as JSON, 3 KB as brotli). Answers that chose their encoding
 * (the kept ones above, the built files) and anything that is not JSON go as they are.
 */
export async function compressJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (Buffer.byteLength(payload) < COMPRESS_JSON_FROM_BYTES) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
    return payload;
  }
  void reply.header('vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  void reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return keptCopy(encoding, payload);
}
