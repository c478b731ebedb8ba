import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FilesystemPhotoStorage,
  S3PhotoStorage,
  type PhotoStorage,
} from '../../src/server/modules/photos/storage';
import { createTestApp, signUpFarmer, type TestContext } from '../helpers/test-app';

/** A local S3-compatible server (s3rver, plain JavaScript from npm) in a temporary folder. */
let s3: S3rver;
let endpoint: string;
const bucket = 'harvest-hui-photos';

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'harvest-hui-s3-')),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3?.close();
});

const s3Settings = () => ({
  bucket,
  region: 'us-east-1',
  endpoint,
  // s3rver's fixed development keys.
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  prefix: 'photos/',
});

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const key = `${'ab'.repeat(32)}.webp`;

describe.each([
  ['filesystem', () => new FilesystemPhotoStorage(mkdtempSync(join(tmpdir(), 'hh-uploads-')))],
  ['s3', () => new S3PhotoStorage(s3Settings())],
])('%s photo storage', (_kind, make: () => PhotoStorage) => {
  it('puts, gets and removes a file; a missing file is null; removing twice is fine', async () => {
    const storage = make();
    const body = Buffer.from('webp bytes');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, body, 'image/webp');
    const file = await storage.get(key);
    expect(file?.size).toBe(body.length);
    expect(await bytesOf(file!.body)).toEqual(body);
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses a key that is not a content hash', async () => {
    const storage = make();
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Not a photo key/,
    );
    expect(await storage.get('../../etc/passwd')).toBeNull();
  });
});

describe('uploads with S3_* settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ s3: s3Settings() });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('stores the versions in the bucket, serves them, and removes them with the photo', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const product = (
      await farmer.post('/api/products', { name: 'Apple Bananas', unit: 'lb', price: '3.00' })
    ).json() as { id: number };
    const image = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#e3c84a' },
    })
      .jpeg()
      .toBuffer();
    const boundary = '----harvesthuis3';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await farmer.request({
      method: 'POST',
      url: `/api/products/${product.id}/photos`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json() as { id: number; url: string; thumbnailUrl: string };

    const direct = new S3PhotoStorage(s3Settings());
    const largeKey = photo.url.split('/').pop()!;
    expect(await direct.get(largeKey)).not.toBeNull();

    const served = await ctx.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 960,
    });

    expect((await farmer.delete(`/api/products/${product.id}/photos/${photo.id}`)).statusCode).toBe(
      200,
    );
    expect(await direct.get(largeKey)).toBeNull();
    expect(await direct.get(photo.thumbnailUrl.split('/').pop()!)).toBeNull();
  });
});
