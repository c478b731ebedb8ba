import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageOutput } from '#core/schemas/product';
import { buildApp } from '../../src/server/app';
import { createProduct } from '../helpers/catalog-fixtures';
import {
  createTestApp,
  signUpFarmer,
  signUpRestaurant,
  testConfig,
  type TestApp,
  type TestContext,
} from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('the built web app', () => {
  const script = 'console.log("hello from a hashed chunk");'.repeat(50);
  let clientDir: string;
  let app: TestApp;

  beforeAll(async () => {
    // A built client as scripts/compress-assets.mjs leaves it: each file with .br and .gz.
    clientDir = mkdtempSync(join(tmpdir(), 'hh-client-'));
    mkdirSync(join(clientDir, 'assets'));
    const index = '<!doctype html><script type="module" src="/assets/main-abc123.js"></script>';
    for (const [path, content] of [
      ['index.html', index],
      ['assets/main-abc123.js', script],
    ] as const) {
      writeFileSync(join(clientDir, path), content);
      writeFileSync(join(clientDir, `${path}.br`), brotliCompressSync(content));
      writeFileSync(join(clientDir, `${path}.gz`), gzipSync(content));
    }
    app = await buildApp({
      config: testConfig({ clientDir }),
      database: ctx.database,
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('keeps hashed assets a year, immutable, and sends the brotli copy', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one without either', async () => {
    const gzipped = await app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets index.html be used without asking again', async () => {
    for (const url of ['/', '/browse', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('/assets/main-abc123.js');
    }
  });
});

describe('GET /api/products without parameters', () => {
  let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;
  let farmer: Awaited<ReturnType<typeof signUpFarmer>>;

  beforeAll(async () => {
    farmer = await signUpFarmer(ctx.app, 'Etag Farm');
    restaurant = await signUpRestaurant(ctx.app, 'Etag Bistro');
    for (let index = 0; index < 30; index += 1) {
      await createProduct(ctx.database.db, farmer.farmId, { name: `Taro ${index}` });
    }
  });

  const list = (headers: Record<string, string> = {}) =>
    restaurant.request({ method: 'GET', url: '/api/products', headers });

  it('answers compressed, with an ETag, revalidated every time', async () => {
    const response = await list({ 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const products = JSON.parse(brotliDecompressSync(response.rawPayload).toString()) as unknown[];
    expect(products).toHaveLength(30);

    const gzipped = await list({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(products);

    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(products);
  });

  it('answers 304 to the same ETag, and 200 with a new one once the stock changes', async () => {
    const first = await list();
    const etag = String(first.headers.etag);
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const [product] = first.json<Array<{ id: number }>>();
    const patched = await farmer.patch(`/api/products/${product!.id}`, { availableQuantity: 7 });
    expect(patched.statusCode).toBe(200);
    const changed = await list({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Array<{ id: number; availableQuantity: number }>>()).toContainEqual(
      expect.objectContaining({ id: product!.id, availableQuantity: 7 }),
    );
  });

  it('is still private: 401 without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(401);
  });
});

describe('a page of the catalogue search', () => {
  let restaurant: Awaited<ReturnType<typeof signUpRestaurant>>;

  beforeAll(async () => {
    const farmer = await signUpFarmer(ctx.app, 'Page Farm');
    restaurant = await signUpRestaurant(ctx.app, 'Page Bistro');
    for (let index = 0; index < 30; index += 1) {
      await createProduct(ctx.database.db, farmer.farmId, { name: `Breadfruit ${index}` });
    }
  });

  const page = (headers: Record<string, string> = {}) =>
    restaurant.request({
      method: 'GET',
      url: '/api/products?q=Breadfruit&page=2&pageSize=24&sort=name',
      headers,
    });

  it('answers compressed when the asker accepts it, the same page every way, kept by no browser', async () => {
    const plain = await page();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-store');
    const body = productPageOutput.parse(plain.json());
    expect(body).toMatchObject({ total: 30, page: 2, pageSize: 24 });
    expect(body.items).toHaveLength(6);

    for (const [accept, encoding, unpack] of [
      ['gzip, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const packed = await page({ 'accept-encoding': accept });
      expect(packed.headers['content-encoding'], accept).toBe(encoding);
      expect(packed.headers['cache-control'], accept).toBe('no-store');
      expect(packed.headers.vary, accept).toContain('Accept-Encoding');
      expect(JSON.parse(unpack(packed.rawPayload).toString()), accept).toEqual(plain.json());
    }
  });
});
