import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MAX_PHOTOS_PER_PRODUCT, type Photo } from '#core/schemas/photo';
import type { Db, DbOrTx } from '../../db/database';
import { qualified, rows } from '../../db/raw-sql';
import {
  claimPhotos,
  farmPages,
  orderDeliveries,
  orderMessagePhotos,
  productPhotos,
  products,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { publishLiveEvent } from '../events';
import type { PhotoStorage } from './storage';

/**
 * The most pixels an upload may have: a 48-megapixel phone photo passes; a small file that
 * unpacks to gigabytes of pixels (a decompression bomb) is refused before it is decoded.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** Widths of the WebP versions made of every photo: cards and lists, dialog and enlarged. */
export const SMALL_WIDTH = 320;
export const LARGE_WIDTH = 960;
/** Where the stored files are served; the names are content hashes, so they never change. */
export const PHOTO_URL_PREFIX = '/uploads/';

const READABLE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);
const PNG_ONLY: ReadonlySet<string> = new Set(['png']);
const NOT_A_PHOTO = 'This file is not a photo we can read. Upload a JPEG, PNG or WebP image.';

function photoError(message: string) {
  return new AppError(400, message, 'invalid_photo', { file: message });
}

/** Whether the bytes are an HEIC/HEIF container (ISO base media "ftyp" with a HEIF brand). */
function looksLikeHeic(input: Buffer): boolean {
  if (input.length < 12 || input.toString('latin1', 4, 8) !== 'ftyp') return false;
  const brand = input.toString('latin1', 8, 12);
  return ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand);
}

export interface ProcessedPhoto {
  large: { key: string; data: Buffer; width: number; height: number };
  small: { key: string; data: Buffer; width: number; height: number };
}

const keyOf = (data: Buffer) => `${createHash('sha256').update(data).digest('hex')}.webp`;

/** Loads sharp with its cache off (see processPhoto). */
async function loadSharp() {
  // Loaded with the first photo rather than at start: about 30 MB resident (libvips) that a
  // process serving no upload never needs.
  const { default: sharp } = await import('sharp');
  // Each photo is read once, made into its versions and stored: libvips' operation cache
  // (up to 50 MB and 100 operations by default) would only hold on to memory for repeats that
  // never come.
  sharp.cache(false);
  return sharp;
}
type Sharp = Awaited<ReturnType<typeof loadSharp>>;

// failOn 'warning': a truncated or corrupt file is refused, not shown half grey.
const READ_OPTIONS = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'warning' } as const;

/**
 * Reads the image's header by its content, whatever its name or declared type: refuses anything
 * but a JPEG, PNG or WebP (or only `formats`) within the pixel limit.
 */
async function checkImage(
  sharp: Sharp,
  input: Buffer,
  formats: ReadonlySet<string> = READABLE_FORMATS,
  refusal = NOT_A_PHOTO,
): Promise<void> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // The header alone, without the pixel limit: a bomb's size is read, not its pixels.
    const metadata = await sharp(input, { failOn: 'warning', limitInputPixels: false }).metadata();
    format = metadata.format;
    width = metadata.width ?? 0;
    height = metadata.height ?? 0;
  } catch {
    throw photoError(refusal);
  }
  if (!format || !formats.has(format)) {
    if (format === 'heif' && looksLikeHeic(input)) {
      throw photoError(
        'HEIC photos cannot be read yet. On the phone choose "Most Compatible" (JPEG) for the ' +
          'camera, or share the photo as JPEG, and upload it again.',
      );
    }
    throw photoError(refusal);
  }
  if (width * height > MAX_PHOTO_PIXELS || width === 0 || height === 0) {
    throw photoError(
      `This image is ${width} × ${height} pixels; at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels are accepted.`,
    );
  }
}

/** The longest side of a stored proof photo: enough to read a label on a box. */
export const PROOF_PHOTO_MAX_SIDE = 1600;

/** A checked proof of delivery file: its private storage key, bytes and type. */
export interface ProcessedProof {
  key: string;
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

/**
 * A delivery's photo or signature, through the same checks as a product photo, stripped of
 * every metadata block (EXIF, GPS, XMP, ICC) and kept as JPEG (the photo, upright and at most
 * PROOF_PHOTO_MAX_SIDE) or PNG (the signature, which must be one), so the invoice PDF can embed
 * it as it is.
 */
export async function processProofImage(
  input: Buffer,
  part: 'photo' | 'signature',
): Promise<ProcessedProof> {
  const sharp = await loadSharp();
  const isSignature = part === 'signature';
  await checkImage(
    sharp,
    input,
    isSignature ? PNG_ONLY : READABLE_FORMATS,
    isSignature ? 'The signature must be a PNG image.' : NOT_A_PHOTO,
  );
  try {
    const image = sharp(input, READ_OPTIONS).rotate();
    const data = isSignature
      ? await image.png().toBuffer()
      : await image
          .resize({
            width: PROOF_PHOTO_MAX_SIDE,
            height: PROOF_PHOTO_MAX_SIDE,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82 })
          .toBuffer();
    const extension = isSignature ? 'png' : 'jpg';
    return {
      key: `${createHash('sha256').update(data).digest('hex')}.${extension}`,
      data,
      contentType: isSignature ? 'image/png' : 'image/jpeg',
    };
  } catch {
    throw photoError(isSignature ? 'The signature must be a PNG image.' : NOT_A_PHOTO);
  }
}

/**
 * Reads the upload by its content, whatever its name or declared type: refuses anything but
 * a whole JPEG, PNG or WebP within the pixel limit, then makes the two WebP versions, turned
 * upright by the EXIF orientation and with every metadata block (EXIF, GPS, XMP, ICC) left out.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  await checkImage(sharp, input);
  try {
    const upright = sharp(input, READ_OPTIONS).rotate();
    const [large, small] = await Promise.all(
      [LARGE_WIDTH, SMALL_WIDTH].map((target) =>
        upright
          .clone()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true }),
      ),
    );
    const version = ({ data, info }: NonNullable<typeof large>) => ({
      key: keyOf(data),
      data,
      width: info.width,
      height: info.height,
    });
    return { large: version(large!), small: version(small!) };
  } catch {
    throw photoError(NOT_A_PHOTO);
  }
}

/** The photo columns of a product answer: a JSON array in the farm's order. */
export function photosColumn() {
  return sql<StoredPhoto[]>`(
    select coalesce(
      json_agg(
        json_build_object(
          'id', ${productPhotos.id},
          'largeKey', ${productPhotos.largeKey},
          'smallKey', ${productPhotos.smallKey},
          'width', ${productPhotos.width},
          'height', ${productPhotos.height}
        )
        order by ${productPhotos.position}, ${productPhotos.id}
      ),
      '[]'::json
    )
    from ${productPhotos}
    where ${productPhotos.productId} = ${qualified(products.id)}
  )`;
}

/** The small version's key of a product's first photo, or null (for order lines). */
export function firstPhotoKey(productId: AnyColumn) {
  return sql<string | null>`(
    select ${productPhotos.smallKey} from ${productPhotos}
    where ${productPhotos.productId} = ${qualified(productId)}
    order by ${productPhotos.position}, ${productPhotos.id}
    limit 1
  )`;
}

export const photoUrl = (key: string | null) => (key ? PHOTO_URL_PREFIX + key : null);

/**
 * The JPEG of a stored photo's address (`/uploads/<hash>.jpg` for `/uploads/<hash>.webp`), for
 * what cannot read WebP: emails, which some mail clients open without it.
 */
export const jpegPhotoUrl = (url: string) => url.replace(/\.webp$/, '.jpg');

/** A stored (WebP) photo as a JPEG, on a white ground, for mail clients (jpegPhotoUrl). */
export async function photoAsJpeg(webp: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(webp, READ_OPTIONS)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer();
}

export interface StoredPhoto {
  id: number;
  largeKey: string;
  smallKey: string;
  width: number;
  height: number;
}

export function toPhoto(row: StoredPhoto): Photo {
  return {
    id: row.id,
    url: PHOTO_URL_PREFIX + row.largeKey,
    thumbnailUrl: PHOTO_URL_PREFIX + row.smallKey,
    width: row.width,
    height: row.height,
  };
}

/** A product answer's `photos` and `imageUrl` (the first photo's small version, or null). */
export function photoFields(rows: StoredPhoto[] | null | undefined) {
  const photos = (rows ?? []).map(toPhoto);
  return { photos, imageUrl: photos[0]?.thumbnailUrl ?? null };
}

async function ownProduct(db: DbOrTx, farmId: number, productId: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.farmId, farmId), isNull(products.deletedAt)))
    .limit(1);
  if (!row) throw notFound('No such product');
}

export async function listPhotos(db: DbOrTx, productId: number): Promise<Photo[]> {
  const rows = await db
    .select({
      id: productPhotos.id,
      largeKey: productPhotos.largeKey,
      smallKey: productPhotos.smallKey,
      width: productPhotos.width,
      height: productPhotos.height,
    })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
  return rows.map(toPhoto);
}

function tooManyPhotos() {
  const message = `A product can have at most ${MAX_PHOTOS_PER_PRODUCT} photos. Delete one first.`;
  return new AppError(400, message, 'too_many_photos', { file: message });
}

/** 404 unless the product is the farm's own; 400 when it already has the most photos. */
export async function checkRoomForPhoto(db: Db, farmId: number, productId: number) {
  await ownProduct(db, farmId, productId);
  const [row] = await db
    .select({ photos: count() })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId));
  if ((row?.photos ?? 0) >= MAX_PHOTOS_PER_PRODUCT) throw tooManyPhotos();
}

/**
 * Every column that names a stored file, of any business and any kind. A file's name is the
 * hash of its bytes, so the same bytes kept twice (one farm's product photo, another's cover, a
 * claim photo) are one file under one name.
 */
const STORED_FILE_COLUMNS: PgColumn[] = [
  productPhotos.largeKey,
  productPhotos.smallKey,
  farmPages.coverLargeKey,
  farmPages.coverSmallKey,
  claimPhotos.storageKey,
  orderMessagePhotos.storageKey,
  orderDeliveries.photoKey,
  orderDeliveries.signatureKey,
];

/** Those of the keys that some row still names. */
export async function storedFileKeysInUse(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const named = await rows<{ key: string }>(
    db,
    sql.join(
      STORED_FILE_COLUMNS.map(
        (column) =>
          sql`select ${column} as key from ${column.table} where ${inArray(column, keys)}`,
      ),
      sql` union `,
    ),
  );
  return new Set(named.map((row) => row.key));
}

/**
 * The one rule of every cleanup: removes those of the files that no row names any more, and
 * never one that another row of any kind still uses.
 */
export async function removeUnusedFiles(db: DbOrTx, storage: PhotoStorage, keys: string[]) {
  const unique = [...new Set(keys)];
  const inUse = await storedFileKeysInUse(db, unique);
  await Promise.all(unique.filter((key) => !inUse.has(key)).map((key) => storage.remove(key)));
}

/**
 * Adds a checked photo to the farm's own product, last in order. The files are written first
 * and the row after, under a lock on the product so two uploads cannot both take the last
 * place; when the row is refused, the files just written go again.
 */
export async function addPhoto(
  db: Db,
  storage: PhotoStorage,
  farmId: number,
  productId: number,
  photo: ProcessedPhoto,
): Promise<Photo> {
  await storage.put(photo.large.key, photo.large.data, 'image/webp');
  await storage.put(photo.small.key, photo.small.data, 'image/webp');
  try {
    const id = await db.transaction(async (tx) => {
      const [own] = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.id, productId), eq(products.farmId, farmId), isNull(products.deletedAt)),
        )
        .for('update');
      if (!own) throw notFound('No such product');
      const [place] = await tx
        .select({
          photos: count(),
          next: sql<number>`coalesce(max(${productPhotos.position}) + 1, 0)`.mapWith(Number),
        })
        .from(productPhotos)
        .where(eq(productPhotos.productId, productId));
      if ((place?.photos ?? 0) >= MAX_PHOTOS_PER_PRODUCT) throw tooManyPhotos();
      const [row] = await tx
        .insert(productPhotos)
        .values({
          productId,
          position: place?.next ?? 0,
          largeKey: photo.large.key,
          smallKey: photo.small.key,
          width: photo.large.width,
          height: photo.large.height,
        })
        .returning({ id: productPhotos.id });
      await publishLiveEvent(tx, { type: 'products.changed', farmId, productIds: [productId] });
      return row!.id;
    });
    return toPhoto({
      id,
      largeKey: photo.large.key,
      smallKey: photo.small.key,
      width: photo.large.width,
      height: photo.large.height,
    });
  } catch (error) {
    await removeUnusedFiles(db, storage, [photo.large.key, photo.small.key]);
    throw error;
  }
}

/** Deletes one photo of the farm's own product and its files; 404 for anyone else's. */
export async function deletePhoto(
  db: Db,
  storage: PhotoStorage,
  farmId: number,
  productId: number,
  photoId: number,
): Promise<Photo[]> {
  await ownProduct(db, farmId, productId);
  const [removed] = await db
    .delete(productPhotos)
    .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)))
    .returning({ largeKey: productPhotos.largeKey, smallKey: productPhotos.smallKey });
  if (!removed) throw notFound('No such photo');
  await publishLiveEvent(db, { type: 'products.changed', farmId, productIds: [productId] });
  await removeUnusedFiles(db, storage, [removed.largeKey, removed.smallKey]);
  return listPhotos(db, productId);
}

/** Puts the product's photos in the given order; the list must name each of them once. */
export async function reorderPhotos(
  db: Db,
  farmId: number,
  productId: number,
  photoIds: number[],
): Promise<Photo[]> {
  await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(eq(products.id, productId), eq(products.farmId, farmId), isNull(products.deletedAt)),
      )
      .for('update');
    if (!own) throw notFound('No such product');
    const current = await tx
      .select({ id: productPhotos.id })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId));
    const currentIds = new Set(current.map((row) => row.id));
    const sameSet =
      photoIds.length === currentIds.size &&
      new Set(photoIds).size === photoIds.length &&
      photoIds.every((id) => currentIds.has(id));
    if (!sameSet) {
      throw badRequest('The order must list each of the product’s photos once', {
        photoIds: 'List each of the product’s photos once',
      });
    }
    for (const [position, id] of photoIds.entries()) {
      await tx.update(productPhotos).set({ position }).where(eq(productPhotos.id, id));
    }
    await publishLiveEvent(tx, { type: 'products.changed', farmId, productIds: [productId] });
  });
  return listPhotos(db, productId);
}

/**
 * Deletes a product's photo rows, in the transaction that deletes or archives the product (an
 * archived product keeps its row, not its photos). Answers their files' keys, for
 * removeUnusedFiles once that transaction has committed.
 */
export async function deleteProductPhotoRows(tx: DbOrTx, productId: number): Promise<string[]> {
  const rows = await tx
    .delete(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .returning({ largeKey: productPhotos.largeKey, smallKey: productPhotos.smallKey });
  return rows.flatMap((row) => [row.largeKey, row.smallKey]);
}
