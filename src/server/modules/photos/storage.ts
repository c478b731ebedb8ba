import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FastifyReply } from 'fastify';
import type { S3Settings } from '../../config';
import { notFound } from '../../errors';

/**
 * Where photo files live. Keys are flat content-hashed names (`<sha256>.webp`), so a file
 * never changes once written and a write of the same key is a no-op in effect.
 */
export interface PhotoStorage {
  /** A short name for logs and the health of the set-up ("filesystem", "s3"). */
  readonly kind: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream and its length, or null when there is no such file. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the file; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** What a key may look like: nothing that could climb out of the folder or the bucket prefix. */
export const PHOTO_KEY_PATTERN = /^[a-f0-9]{64}\.webp$/;

/**
 * The private files of delivery proofs (a drop's photo, a signature): kept as JPEG and PNG so
 * the invoice PDF can embed them, in a folder or bucket prefix of their own that /uploads never
 * serves.
 */
export const PROOF_KEY_PATTERN = /^[a-f0-9]{64}\.(jpg|png)$/;

function assertKey(key: string, pattern: RegExp) {
  if (!pattern.test(key)) throw new Error(`Not a photo key: ${key}`);
}

/** Files in one folder, DATA_DIR/uploads by default. */
export class FilesystemPhotoStorage implements PhotoStorage {
  readonly kind = 'filesystem';
  constructor(
    readonly folder: string,
    readonly keyPattern: RegExp = PHOTO_KEY_PATTERN,
  ) {}

  async put(key: string, body: Buffer): Promise<void> {
    assertKey(key, this.keyPattern);
    await mkdir(this.folder, { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const partial = join(this.folder, `.${randomUUID()}.part`);
    await writeFile(partial, body, { mode: 0o644 });
    await rename(partial, join(this.folder, key));
  }

  async get(key: string) {
    if (!this.keyPattern.test(key)) return null;
    const path = join(this.folder, key);
    try {
      const info = await stat(path);
      return { body: createReadStream(path), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertKey(key, this.keyPattern);
    await rm(join(this.folder, key), { force: true });
  }
}

/** Objects in an S3-compatible bucket through the AWS SDK v3. */
export class S3PhotoStorage implements PhotoStorage {
  readonly kind = 's3';
  private client: S3Client | undefined;

  constructor(
    readonly settings: S3Settings,
    readonly keyPattern: RegExp = PHOTO_KEY_PATTERN,
    /** Product photos are public and never change; proofs are nobody's cache's. */
    readonly cacheControl = 'public, max-age=31536000, immutable',
  ) {}

  // The SDK is large: loaded on first use, so a filesystem set-up never pays for it.
  private async sdk() {
    const sdk = await import('@aws-sdk/client-s3');
    this.client ??= new sdk.S3Client({
      region: this.settings.region,
      endpoint: this.settings.endpoint,
      // Most S3-compatible servers address buckets by path, not by host name.
      forcePathStyle: Boolean(this.settings.endpoint),
      // Without keys the SDK's own chain applies (instance role, AWS_* variables).
      credentials:
        this.settings.accessKeyId && this.settings.secretAccessKey
          ? {
              accessKeyId: this.settings.accessKeyId,
              secretAccessKey: this.settings.secretAccessKey,
            }
          : undefined,
    });
    return { sdk, client: this.client };
  }

  private objectKey(key: string) {
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key, this.keyPattern);
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: this.cacheControl,
      }),
    );
  }

  async get(key: string) {
    if (!this.keyPattern.test(key)) return null;
    const { sdk, client } = await this.sdk();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      if (!answer.Body) return null;
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NotFound') {
        return null;
      }
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertKey(key, this.keyPattern);
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }
}

/** S3 when a bucket is configured, else the uploads folder in DATA_DIR. */
export function createPhotoStorage(options: {
  dataDir: string;
  s3: S3Settings | undefined;
}): PhotoStorage {
  if (options.s3) return new S3PhotoStorage(options.s3);
  return new FilesystemPhotoStorage(join(options.dataDir, 'uploads'));
}

/**
 * Where private files live (delivery proofs, claim photos): a folder of their own in DATA_DIR,
 * or that folder under the photo prefix of the same bucket. Neither is under /uploads: each
 * file is sent only by a route that checks who asks.
 */
export function createPrivatePhotoStorage(
  options: { dataDir: string; s3: S3Settings | undefined },
  folder: 'delivery-proofs' | 'claim-photos' | 'order-messages',
  keyPattern = PHOTO_KEY_PATTERN,
): PhotoStorage {
  if (options.s3) {
    const settings = { ...options.s3, prefix: `${options.s3.prefix}${folder}/` };
    return new S3PhotoStorage(settings, keyPattern, 'private, no-store');
  }
  return new FilesystemPhotoStorage(join(options.dataDir, folder), keyPattern);
}

/**
 * Sends a private photo (WebP) that a route has checked the asker may see: 404 when the file is
 * gone; kept by the asker's browser for an hour, never by a shared cache.
 */
export async function sendPrivatePhoto(
  reply: FastifyReply,
  storage: PhotoStorage,
  key: string,
): Promise<FastifyReply> {
  const file = await storage.get(key);
  if (!file) throw notFound('No such photo');
  return reply
    .header('content-type', 'image/webp')
    .header('content-length', String(file.size))
    .header('cache-control', 'private, max-age=3600')
    .send(file.body);
}
