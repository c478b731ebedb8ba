import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productPageOutput } from '#core/schemas/product';
import { users } from '../../src/server/db/schema';
import { buildApp } from '../../src/server/app';
import { COMPRESS_JSON_FROM_BYTES } from '../../src/server/http/compressed-answers';
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
      ['assets/leaf-abc123.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
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
    // Never asked for again, so no validator to ask with.
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['last-modified']).toBeUndefined();
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

  it('sends a script only the security headers that apply to it, and a document all of them', async () => {
    const scriptAnswer = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(scriptAnswer.statusCode).toBe(200);
    expect(scriptAnswer.headers['x-content-type-options']).toBe('nosniff');
    expect(scriptAnswer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(scriptAnswer.headers['referrer-policy']).toBe('no-referrer');
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
    ]) {
      expect(scriptAnswer.headers[header], header).toBeUndefined();
    }
    // An SVG opened by itself is a document, and so is the app's page at an address under
    // /assets/ that names no built file: both keep the policy.
    for (const url of ['/', '/index.html', '/assets/leaf-abc123.svg', '/assets/gone-abc123.js']) {
      const document = await app.inject({ method: 'GET', url });
      expect(document.statusCode, url).toBe(200);
      expect(document.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(document.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('never lets index.html be used without asking again', async () => {
    for (const [url, cacheControl] of [
      // An address of the app is written for whoever asks: a shared cache must not keep it.
      ['/', 'private, no-cache'],
      ['/browse', 'private, no-cache'],
      ['/index.html', 'no-cache'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(cacheControl);
      expect(response.body, url).toContain('/assets/main-abc123.js');
    }
  });
});

describe('an address of the app, written for whoever asks', () => {
  let clientDir: string;
  let app: TestApp;
  const index =
    '<!doctype html><html><head><script type="module" src="/assets/main-abc123.js"></script></head><body><div id="root"></div></body></html>';
  // Vite's manifest as the build writes it: the entry, the signed-in frame and browse's page.
  const manifest = {
    'index.html': { file: 'assets/main-abc123.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    '_card.js': { file: 'assets/card-1.js' },
    'app/signed-in-routes.tsx': { file: 'assets/frame-1.js', imports: ['_shared.js'] },
    'components/layout/cart-badge.tsx': { file: 'assets/cart-badge-1.js' },
    'features/browse/browse-page.tsx': {
      file: 'assets/browse-1.js',
      imports: ['_shared.js', '_card.js'],
    },
    'features/auth/sign-in-page.tsx': { file: 'assets/sign-in-1.js', imports: ['_shared.js'] },
  };

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'hh-client-'));
    mkdirSync(join(clientDir, '.vite'));
    writeFileSync(join(clientDir, 'index.html'), index);
    writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
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

  /** The JSON data block's value, read back as the client reads it. */
  const bootState = (html: string) => {
    const match = /<script type="application\/json" id="boot-state">(.*?)<\/script>/s.exec(html);
    expect(match, html).not.toBeNull();
    return JSON.parse(match![1]!) as { user: { id: number; role: string } | null };
  };
  const links = (html: string, rel: string) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );

  it('tells a visitor nobody is signed in, and fetches the sign-in code ahead on /login', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(bootState(home.body)).toEqual({ user: null });
    expect(links(home.body, 'modulepreload')).toEqual([]);
    const login = await app.inject({ method: 'GET', url: '/login' });
    // The entry's own import is already named by index.html; only the page's code is added.
    expect(links(login.body, 'modulepreload')).toEqual(['/assets/sign-in-1.js']);
    expect(links(login.body, 'preload')).toEqual([]);
  });

  it("carries a restaurant's view, its screen's code and the first page of what it browses", async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Boot State Bistro');
    const page = await app.inject({
      method: 'GET',
      url: '/restaurant/browse?category=fruits&zones=all',
      headers: { cookie: restaurant.cookie! },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const user = await restaurant.get('/api/auth/user');
    // The same view GET /api/auth/user answers, so the client need not ask for it.
    expect(bootState(page.body).user).toEqual(user.json());
    // Not the header's cart badge: it loads once the frame has drawn.
    expect(links(page.body, 'modulepreload')).toEqual([
      '/assets/frame-1.js',
      '/assets/browse-1.js',
      '/assets/card-1.js',
    ]);
    expect(links(page.body, 'preload')).toEqual([
      '/api/products?page=1&pageSize=24&category=fruits&sort=name',
    ]);
    // The preloaded call answers as the page's own call will.
    const catalog = await restaurant.get(links(page.body, 'preload')[0]!);
    expect(catalog.statusCode).toBe(200);
  });

  it('keeps a name that tries to close the data block inside it', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Closing Tag Bistro');
    const name = '</script><script>alert(1)</script><!--';
    await ctx.database.db
      .update(users)
      .set({ firstName: name })
      .where(eq(users.id, restaurant.userId));
    const page = await app.inject({
      method: 'GET',
      url: '/restaurant/orders',
      headers: { cookie: restaurant.cookie! },
    });
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    expect(page.body).not.toContain('<script>alert');
    const user = bootState(page.body).user as unknown as { firstName: string };
    expect(user.firstName).toBe(name);
  });

  it('answers 304 while nothing in the page changed, and a new page after sign-out', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Revalidating Bistro');
    const ask = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/restaurant/orders', headers });
    const first = await ask({ cookie: restaurant.cookie! });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ask({ cookie: restaurant.cookie!, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const signedOut = await ask({ 'if-none-match': etag });
    expect(signedOut.statusCode).toBe(200);
    expect(bootState(signedOut.body)).toEqual({ user: null });
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

describe('a JSON answer of the API', () => {
  let farmer: Awaited<ReturnType<typeof signUpFarmer>>;
  const get = (url: string, acceptEncoding?: string) =>
    farmer.request({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  beforeAll(async () => {
    farmer = await signUpFarmer(ctx.app, 'Compressed Acres');
    for (let n = 0; n < 12; n += 1) {
      await createProduct(ctx.database.db, farmer.farmId, { name: `Kale bunch ${n}` });
    }
  });

  it('is sent compressed when large and the asker accepts it, the same JSON every way', async () => {
    const url = '/api/products/farm?limit=100';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_JSON_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const brotli = await get(url, 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const gzipped = await get(url, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('is sent as it is when small, whatever the asker accepts', async () => {
    const small = await get('/api/auth/user', 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_JSON_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ role: 'farmer' });
  });
});
