import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, productPhotos } from '../../src/server/db/schema';
import { deleteProduct } from '../../src/server/modules/products/service';
import {
  Session,
  signUpFarmer,
  signUpRestaurant,
  useTestApp,
  type TestApp,
} from '../helpers/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'harvest-hui-photos-'));
const uploads = join(dataDir, 'uploads');
const ctx = useTestApp({ dataDir });

const storedFiles = () => {
  try {
    return readdirSync(uploads).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
};

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(data: Buffer, filename: string, contentType: string) {
  const boundary = `----harvesthui${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  session: Session,
  productId: number,
  data: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
) {
  const { payload, headers } = multipart(data, filename, contentType);
  return session.request({
    method: 'POST',
    url: `/api/products/${productId}/photos`,
    payload,
    headers,
  });
}

/** A real photo: a gradient JPEG carrying EXIF with a camera, GPS position and orientation. */
async function cameraJpeg(width = 1600, height = 1200) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 60, g: 140, b: 60 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="tomato"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 18/1 0/1' },
    })
    .toBuffer();
}

/** A PNG that is 20000 × 20000 pixels of 1-bit black: ~60 KB on disk, 400 megapixels decoded. */
function pngBomb(side = 20_000) {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + side / 8) * side); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function addProduct(farmer: Session, name = 'Sunrise Papaya') {
  const response = await farmer.post('/api/products', {
    name,
    unit: 'piece',
    price: '2.25',
    availableQuantity: 10,
  });
  if (response.statusCode !== 201) throw new Error(`add product failed: ${response.body}`);
  return response.json() as { id: number; photos: unknown[]; imageUrl: string | null };
}

interface PhotoAnswer {
  id: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

async function farmProduct(farmer: Session, id: number) {
  const list = (await farmer.get('/api/products/farm')).json() as {
    id: number;
    photos: PhotoAnswer[];
    imageUrl: string | null;
  }[];
  return list.find((product) => product.id === id);
}

const fileName = (url: string) => url.split('/').pop()!;

async function expectRefused(
  app: TestApp,
  response: Awaited<ReturnType<typeof upload>>,
  status: number,
  message: RegExp,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toMatch(message);
  expect(response.json().fields.file).toMatch(message);
  void app;
}

describe('product photo upload', () => {
  it('checks the content, strips metadata, makes 960 and 320 wide WebP versions and serves them for a year', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Hamakua Orchard');
    const product = await addProduct(farmer);
    expect(product.photos).toEqual([]);
    expect(product.imageUrl).toBeNull();

    // A JPEG named and declared as something else is still read for what it is.
    const response = await upload(farmer, product.id, await cameraJpeg(), 'scan.txt', 'text/plain');
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json() as PhotoAnswer;
    // Orientation 6 turned the 1600 × 1200 photo upright: 960 wide, portrait.
    expect(photo).toMatchObject({ width: 960, height: 1280 });
    expect(photo.url).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);
    expect(photo.thumbnailUrl).toMatch(/^\/uploads\/[a-f0-9]{64}\.webp$/);

    const large = await ctx.app.inject({ method: 'GET', url: photo.url });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const largeMeta = await sharp(large.rawPayload).metadata();
    expect(largeMeta).toMatchObject({ format: 'webp', width: 960, height: 1280 });
    expect(largeMeta.exif).toBeUndefined();
    expect(largeMeta.icc).toBeUndefined();
    expect(largeMeta.xmp).toBeUndefined();
    expect(large.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // The name is the hash of the bytes served.
    const { createHash } = await import('node:crypto');
    expect(fileName(photo.url)).toBe(
      `${createHash('sha256').update(large.rawPayload).digest('hex')}.webp`,
    );

    const small = await ctx.app.inject({ method: 'GET', url: photo.thumbnailUrl });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 320, height: 427 });

    expect(storedFiles().sort()).toEqual(
      expect.arrayContaining([fileName(photo.url), fileName(photo.thumbnailUrl)]),
    );
    const listed = await farmProduct(farmer, product.id);
    expect(listed?.photos).toEqual([photo]);
    expect(listed?.imageUrl).toBe(photo.thumbnailUrl);

    // A restaurant browsing sees the photo on the product too.
    const restaurant = await signUpRestaurant(ctx.app);
    const catalog = (await restaurant.get('/api/products')).json() as {
      id: number;
      imageUrl: string | null;
    }[];
    expect(catalog.find((item) => item.id === product.id)?.imageUrl).toBe(photo.thumbnailUrl);
  });

  it('serves each photo as a JPEG too, for mail clients that read no WebP', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waipio Taro');
    const product = await addProduct(farmer);
    const response = await upload(farmer, product.id, await cameraJpeg());
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json() as PhotoAnswer;
    const jpeg = await ctx.app.inject({
      method: 'GET',
      url: photo.thumbnailUrl.replace(/\.webp$/, '.jpg'),
    });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320 });
    const missing = await ctx.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(64)}.jpg` });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps a small photo at its own width and takes PNG and WebP', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const product = await addProduct(farmer);
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: '#88cc44' },
    })
      .png()
      .toBuffer();
    const fromPng = await upload(farmer, product.id, png, 'leaf.png', 'image/png');
    expect(fromPng.statusCode, fromPng.body).toBe(201);
    expect(fromPng.json()).toMatchObject({ width: 200, height: 100 });
    const webp = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#cc8844' },
    })
      .webp()
      .toBuffer();
    const fromWebp = await upload(farmer, product.id, webp, 'crate.webp', 'image/webp');
    expect(fromWebp.statusCode, fromWebp.body).toBe(201);
    expect(fromWebp.json()).toMatchObject({ width: 960, height: 640 });
  });
});

describe('bad files get a clear 400 and nothing is stored', () => {
  it('refuses text renamed .jpg, a truncated JPEG, a 20000 × 20000 PNG bomb, a GIF and an empty file', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const product = await addProduct(farmer);
    const before = storedFiles();

    await expectRefused(
      ctx.app,
      await upload(
        farmer,
        product.id,
        Buffer.from('not a photo at all\n'.repeat(50)),
        'tomato.jpg',
      ),
      400,
      /not a photo we can read/,
    );
    const whole = await cameraJpeg(800, 600);
    await expectRefused(
      ctx.app,
      await upload(farmer, product.id, whole.subarray(0, Math.floor(whole.length * 0.6))),
      400,
      /not a photo we can read/,
    );
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused(
      ctx.app,
      await upload(farmer, product.id, bomb, 'bomb.png', 'image/png'),
      400,
      /20000 × 20000 pixels; at most 50 megapixels/,
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expectRefused(
      ctx.app,
      await upload(farmer, product.id, gif, 'a.gif', 'image/gif'),
      400,
      /JPEG, PNG or WebP/,
    );
    await expectRefused(
      ctx.app,
      await upload(farmer, product.id, Buffer.alloc(0)),
      400,
      /Choose a photo/,
    );
    // An HEIC-branded container is named as such (the decoder here reads AVIF, not HEIC).
    const heicLike = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const heic = await upload(farmer, product.id, heicLike, 'IMG_0001.HEIC', 'image/heic');
    expect(heic.statusCode).toBe(400);
    expect(heic.json().message).toMatch(/HEIC|not a photo/);

    expect(storedFiles()).toEqual(before);
    expect((await farmProduct(farmer, product.id))?.photos).toEqual([]);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const product = await addProduct(farmer);
    const before = storedFiles();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    await expectRefused(ctx.app, await upload(farmer, product.id, big), 413, /larger than 10 MB/);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a 5th photo and a request without a file', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const product = await addProduct(farmer);
    for (let index = 0; index < 4; index += 1) {
      const image = await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: index * 60, g: 90, b: 30 } },
      })
        .jpeg()
        .toBuffer();
      expect((await upload(farmer, product.id, image)).statusCode).toBe(201);
    }
    const before = storedFiles();
    const fifth = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#123' },
    })
      .jpeg()
      .toBuffer();
    const refused = await upload(farmer, product.id, fifth);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'too_many_photos',
      message: 'A product can have at most 4 photos. Delete one first.',
    });
    expect(storedFiles()).toEqual(before);

    const json = await farmer.post(`/api/products/${product.id}/photos`, { file: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a multipart body without a boundary, or cut short, with 400 and stores nothing', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const product = await addProduct(farmer);
    const before = storedFiles();
    const noBoundary = await farmer.request({
      method: 'POST',
      url: `/api/products/${product.id}/photos`,
      payload: 'whatever',
      headers: { 'content-type': 'multipart/form-data' },
    });
    await expectRefused(ctx.app, noBoundary, 400, /incomplete or without its multipart boundary/);
    expect(noBoundary.json().code).toBe('validation');

    const whole = multipart(await cameraJpeg(64, 48), 'photo.jpg', 'image/jpeg');
    const cutShort = await farmer.request({
      method: 'POST',
      url: `/api/products/${product.id}/photos`,
      // The file part never ends: no closing boundary.
      payload: whole.payload.subarray(0, whole.payload.length / 2),
      headers: whole.headers,
    });
    await expectRefused(ctx.app, cutShort, 400, /incomplete or without its multipart boundary/);
    expect(storedFiles()).toEqual(before);
  });
});

describe('who may change photos', () => {
  it('answers 404 for another farm’s product, 403 for a restaurant, 401 signed out', async () => {
    const owner = await signUpFarmer(ctx.app);
    const product = await addProduct(owner);
    const image = await cameraJpeg(400, 300);
    const mine = (await upload(owner, product.id, image)).json() as PhotoAnswer;
    const before = storedFiles();

    const otherFarm = await signUpFarmer(ctx.app, 'Other Farm');
    expect((await upload(otherFarm, product.id, image)).statusCode).toBe(404);
    expect(
      (await otherFarm.delete(`/api/products/${product.id}/photos/${mine.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await otherFarm.put(`/api/products/${product.id}/photos/order`, { photoIds: [mine.id] }))
        .statusCode,
    ).toBe(404);
    // A photo id of one product used under another product of the asker is not found either.
    const otherProduct = await addProduct(otherFarm);
    expect(
      (await otherFarm.delete(`/api/products/${otherProduct.id}/photos/${mine.id}`)).statusCode,
    ).toBe(404);

    const restaurant = await signUpRestaurant(ctx.app);
    expect((await upload(restaurant, product.id, image)).statusCode).toBe(403);
    expect(
      (await restaurant.delete(`/api/products/${product.id}/photos/${mine.id}`)).statusCode,
    ).toBe(403);

    expect((await upload(new Session(ctx.app), product.id, image)).statusCode).toBe(401);
    expect(storedFiles()).toEqual(before);
    expect((await farmProduct(owner, product.id))?.photos).toEqual([mine]);
  });

  it('does not serve a name that is not a stored photo', async () => {
    for (const url of ['/uploads/..%2F..%2Fetc%2Fpasswd', `/uploads/${'a'.repeat(64)}.webp`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('reorder and delete', () => {
  async function productWithPhotos(farmer: Session, colours: string[]) {
    const product = await addProduct(farmer);
    const photos: PhotoAnswer[] = [];
    for (const colour of colours) {
      const image = await sharp({
        create: { width: 120, height: 90, channels: 3, background: colour },
      })
        .png()
        .toBuffer();
      photos.push((await upload(farmer, product.id, image, 'p.png', 'image/png')).json());
    }
    return { product, photos };
  }

  it('puts the photos in a new order; the first is the product’s image', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const { product, photos } = await productWithPhotos(farmer, ['#a00', '#0a0', '#00a']);
    const [a, b, c] = photos.map((photo) => photo.id) as [number, number, number];
    const reordered = await farmer.put(`/api/products/${product.id}/photos/order`, {
      photoIds: [c, a, b],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json() as PhotoAnswer[]).map((photo) => photo.id)).toEqual([c, a, b]);
    const listed = await farmProduct(farmer, product.id);
    expect(listed?.photos.map((photo) => photo.id)).toEqual([c, a, b]);
    expect(listed?.imageUrl).toBe(photos[2]!.thumbnailUrl);

    for (const photoIds of [
      [a, b],
      [a, b, c, c],
      [a, b, 999_999],
    ]) {
      const bad = await farmer.put(`/api/products/${product.id}/photos/order`, { photoIds });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.photoIds).toBeTruthy();
    }
  });

  it('deleting a photo removes its files; a file another photo shares stays', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const { product, photos } = await productWithPhotos(farmer, ['#abc', '#def']);
    // The same bytes on a second product: the same names, one copy.
    const twin = await addProduct(farmer, 'Twin');
    const image = await sharp({
      create: { width: 120, height: 90, channels: 3, background: '#abc' },
    })
      .png()
      .toBuffer();
    const shared = (
      await upload(farmer, twin.id, image, 'p.png', 'image/png')
    ).json() as PhotoAnswer;
    expect(shared.url).toBe(photos[0]!.url);

    const afterDelete = await farmer.delete(`/api/products/${product.id}/photos/${photos[1]!.id}`);
    expect(afterDelete.statusCode).toBe(200);
    expect((afterDelete.json() as PhotoAnswer[]).map((photo) => photo.id)).toEqual([photos[0]!.id]);
    expect(storedFiles()).not.toContain(fileName(photos[1]!.url));
    expect(storedFiles()).not.toContain(fileName(photos[1]!.thumbnailUrl));
    expect((await ctx.app.inject({ method: 'GET', url: photos[1]!.url })).statusCode).toBe(404);

    await farmer.delete(`/api/products/${product.id}/photos/${photos[0]!.id}`);
    // Still named by the twin's photo.
    expect(storedFiles()).toContain(fileName(shared.url));
    expect(
      (await farmer.delete(`/api/products/${product.id}/photos/${photos[0]!.id}`)).statusCode,
    ).toBe(404);
  });

  it('deleting a product photo leaves a file another farm’s cover shows, bytes and all', async () => {
    const grower = await signUpFarmer(ctx.app, 'Waipio Taro');
    const neighbour = await signUpFarmer(ctx.app, 'Hamakua Mushrooms');
    const image = await sharp({
      create: { width: 1200, height: 400, channels: 3, background: '#2a7' },
    })
      .png()
      .toBuffer();
    const product = await addProduct(grower);
    const photo = (
      await upload(grower, product.id, image, 'p.png', 'image/png')
    ).json() as PhotoAnswer;
    const { payload, headers } = multipart(image, 'cover.png', 'image/png');
    const covered = await neighbour.request({
      method: 'PUT',
      url: '/api/profile/farm/cover-photo',
      payload,
      headers,
    });
    expect(covered.statusCode, covered.body).toBe(200);
    const cover = covered.json().coverPhoto as { url: string };
    // The same bytes, the same stored file.
    expect(cover.url).toBe(photo.url);
    const before = await ctx.app.inject({ method: 'GET', url: cover.url });
    expect(before.statusCode).toBe(200);

    const deleted = await grower.delete(`/api/products/${product.id}/photos/${photo.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: cover.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(before.rawPayload)).toBe(true);
    expect(storedFiles()).toContain(fileName(cover.url));
  });

  it('deleting a product removes its photos and files, also when orders keep it archived', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const never = await productWithPhotos(farmer, ['#135', '#246']);
    const ordered = await productWithPhotos(farmer, ['#357']);
    const restaurant = await signUpRestaurant(ctx.app);
    const { db } = ctx.database;
    const [order] = await db
      .insert(orders)
      .values({
        farmId: farmer.farmId,
        restaurantId: restaurant.restaurantId,
        subtotal: '2.25',
        totalAmount: '2.25',
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.id,
      productId: ordered.product.id,
      productName: 'Sunrise Papaya',
      productUnit: 'piece',
      quantity: 1,
      unitPrice: '2.25',
      totalPrice: '2.25',
    });

    expect((await farmer.delete(`/api/products/${never.product.id}`)).json()).toMatchObject({
      archived: false,
    });
    expect((await farmer.delete(`/api/products/${ordered.product.id}`)).json()).toMatchObject({
      archived: true,
    });
    const gone = [...never.photos, ...ordered.photos].flatMap((photo) => [
      fileName(photo.url),
      fileName(photo.thumbnailUrl),
    ]);
    for (const name of gone) expect(storedFiles()).not.toContain(name);
    const rows = await db.select().from(productPhotos);
    expect(
      rows.filter((row) => [never.product.id, ordered.product.id].includes(row.productId)),
    ).toEqual([]);
  });

  it('the product service deletes the photos with the product, whoever calls it', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const { product, photos } = await productWithPhotos(farmer, ['#468']);
    const { db } = ctx.database;
    expect(await deleteProduct(db, ctx.app.photoStorage, farmer.farmId, product.id)).toEqual({
      id: product.id,
      archived: false,
    });
    for (const photo of photos) {
      expect(storedFiles()).not.toContain(fileName(photo.url));
      expect(storedFiles()).not.toContain(fileName(photo.thumbnailUrl));
    }
  });
});
