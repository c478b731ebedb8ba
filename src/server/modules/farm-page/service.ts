import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { farmIsland } from '#core/islands';
import type { FarmPage, FarmPageSettings } from '#core/schemas/fresh-sheet';
import type { Product } from '#core/schemas/product';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { foldedSql } from '../../db/fold';
import { farmPages, farms, productPhotos, products } from '../../db/schema';
import { notFound } from '../../errors';
import { farmIsOpen, productOnOffer } from '../businesses';
import { getsFreshSheet, restaurantFollowsFarm } from '../fresh-sheet';
import { NO_PRICE_LISTS, restaurantPricing } from '../price-lists';
import { afterKey, splitKeyedPage, type ListPage } from '../paging';
import { PHOTO_URL_PREFIX, type PhotoStorage, type ProcessedPhoto } from '../photos';
import { listedProductsByIds } from '../products';
import { deliveryOutlooks, restaurantZone } from '../schedules';

/** Who reads a farm page: a restaurant (its zone, prices and follow) or anyone else signed in. */
export interface FarmPageReader {
  restaurantId: number | null;
  /** Whether the reader may follow (a restaurant's owners and buyers). */
  canFollow: boolean;
  /** Administrators and the farm's own people see it while it is hidden from restaurants. */
  seesHidden: boolean;
}

/** The page shows this many of the farm's open delivery days. */
const DELIVERY_DAYS_SHOWN = 8;

function coverOf(row: {
  coverLargeKey: string | null;
  coverSmallKey: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
}) {
  if (!row.coverLargeKey || !row.coverSmallKey) return null;
  return {
    url: PHOTO_URL_PREFIX + row.coverLargeKey,
    thumbnailUrl: PHOTO_URL_PREFIX + row.coverSmallKey,
    width: row.coverWidth ?? 0,
    height: row.coverHeight ?? 0,
  };
}

async function readFarm(db: DbOrTx, farmId: number, seesHidden: boolean) {
  const [farm] = await db
    .select({
      id: farms.id,
      name: farms.name,
      description: farms.description,
      location: farms.location,
      deliveryFee: farms.deliveryFee,
      orderMinimum: farms.orderMinimum,
      island: farmPages.island,
      coverLargeKey: farmPages.coverLargeKey,
      coverSmallKey: farmPages.coverSmallKey,
      coverWidth: farmPages.coverWidth,
      coverHeight: farmPages.coverHeight,
    })
    .from(farms)
    .leftJoin(farmPages, eq(farmPages.farmId, farms.id))
    .where(and(eq(farms.id, farmId), seesHidden ? undefined : farmIsOpen));
  // A farm restaurants cannot see is no farm to them: 404, never a hint that it exists.
  if (!farm) throw notFound('No such farm');
  return farm;
}

/** GET /api/farms/{id}: the farm's page for the reader. */
export async function farmPage(
  db: DbOrTx,
  farmId: number,
  reader: FarmPageReader,
  now: Date = clockNow(),
): Promise<FarmPage> {
  const farm = await readFarm(db, farmId, reader.seesHidden);
  const zone = reader.restaurantId === null ? null : await restaurantZone(db, reader.restaurantId);
  const [outlook] = await deliveryOutlooks(db, [farmId], zone, now);
  return {
    id: farm.id,
    name: farm.name,
    description: farm.description,
    location: farm.location,
    island: farmIsland(farm.island, farm.location),
    coverPhoto: coverOf(farm),
    deliveryFee: farm.deliveryFee,
    orderMinimum: farm.orderMinimum,
    zone: zone?.name ?? null,
    deliveryDays: (outlook?.openDays ?? []).slice(0, DELIVERY_DAYS_SHOWN),
    cutoffRule: outlook?.cutoffRule ?? '',
    deliveryReason: outlook?.reason ?? null,
    following:
      reader.restaurantId !== null &&
      (await restaurantFollowsFarm(db, reader.restaurantId, farmId)),
    canFollow: reader.restaurantId !== null && reader.canFollow,
    freshSheet:
      reader.restaurantId !== null && (await getsFreshSheet(db, farmId, reader.restaurantId, now))
        ? 'on'
        : 'off',
  };
}

/** GET /api/farms/{id}/products: one page of its products on offer, by name, at the reader's prices. */
export async function farmPageProducts(
  db: DbOrTx,
  farmId: number,
  reader: FarmPageReader,
  query: { limit: number; cursor?: string | undefined },
): Promise<ListPage<Product>> {
  await readFarm(db, farmId, reader.seesHidden);
  const sortName = foldedSql(products.name);
  const onOffer = and(eq(products.farmId, farmId), productOnOffer);
  const rows = await db
    .select({ id: products.id, sortName })
    .from(products)
    .where(and(onOffer, afterKey([sortName, products.id], ['text', 'int'], query.cursor)))
    .orderBy(sortName, asc(products.id))
    .limit(query.limit + 1);
  const [total] = await db.select({ total: count() }).from(products).where(onOffer);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.id]);
  const zone = reader.restaurantId === null ? null : await restaurantZone(db, reader.restaurantId);
  // Priced as browse prices them: the reader's price, the list price beside it, its breaks.
  const pricing =
    reader.restaurantId === null
      ? NO_PRICE_LISTS
      : await restaurantPricing(db, reader.restaurantId, [farmId]);
  const found = await listedProductsByIds(
    db,
    page.rows.map((row) => row.id),
    zone?.name ?? null,
    pricing,
  );
  const byId = new Map(found.map((product) => [product.id, product]));
  return {
    items: page.rows.map((row) => byId.get(row.id)).filter((p): p is Product => !!p),
    total: Number(total?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

/** The farm's own page settings, as its profile shows them. */
export async function farmPageSettings(db: DbOrTx, farmId: number): Promise<FarmPageSettings> {
  const farm = await readFarm(db, farmId, true);
  return {
    island: farm.island,
    shownIsland: farmIsland(farm.island, farm.location),
    coverPhoto: coverOf(farm),
  };
}

/** PUT /api/profile/farm/page: the island the page names (null: the ZIP code's). */
export async function saveFarmIsland(
  db: DbOrTx,
  farmId: number,
  island: string | null,
): Promise<FarmPageSettings> {
  await db
    .insert(farmPages)
    .values({ farmId, island })
    .onConflictDoUpdate({ target: farmPages.farmId, set: { island, updatedAt: new Date() } });
  return farmPageSettings(db, farmId);
}

/** Removes stored files that no product photo and no farm cover names any more. */
async function removeUnusedCoverFiles(db: DbOrTx, storage: PhotoStorage, keys: string[]) {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const covers = await db
    .select({ large: farmPages.coverLargeKey, small: farmPages.coverSmallKey })
    .from(farmPages)
    .where(or(inArray(farmPages.coverLargeKey, unique), inArray(farmPages.coverSmallKey, unique)));
  const photos = await db
    .select({ large: productPhotos.largeKey, small: productPhotos.smallKey })
    .from(productPhotos)
    .where(or(inArray(productPhotos.largeKey, unique), inArray(productPhotos.smallKey, unique)));
  const named = new Set([...covers, ...photos].flatMap((row) => [row.large, row.small]));
  await Promise.all(unique.filter((key) => !named.has(key)).map((key) => storage.remove(key)));
}

/** Sets the farm's cover photo (checked and made into WebP by the photo pipeline). */
export async function setCoverPhoto(
  db: Db,
  storage: PhotoStorage,
  farmId: number,
  photo: ProcessedPhoto,
): Promise<FarmPageSettings> {
  await storage.put(photo.large.key, photo.large.data, 'image/webp');
  await storage.put(photo.small.key, photo.small.data, 'image/webp');
  const cover = {
    coverLargeKey: photo.large.key,
    coverSmallKey: photo.small.key,
    coverWidth: photo.large.width,
    coverHeight: photo.large.height,
  };
  const before = await db
    .select({ large: farmPages.coverLargeKey, small: farmPages.coverSmallKey })
    .from(farmPages)
    .where(eq(farmPages.farmId, farmId));
  await db
    .insert(farmPages)
    .values({ farmId, ...cover })
    .onConflictDoUpdate({ target: farmPages.farmId, set: { ...cover, updatedAt: new Date() } });
  const old = before.flatMap((row) => [row.large, row.small]).filter((k): k is string => !!k);
  await removeUnusedCoverFiles(db, storage, old);
  return farmPageSettings(db, farmId);
}

/** Removes the farm's cover photo and, when nothing else shows them, its files. */
export async function removeCoverPhoto(
  db: Db,
  storage: PhotoStorage,
  farmId: number,
): Promise<FarmPageSettings> {
  const before = await db
    .select({ large: farmPages.coverLargeKey, small: farmPages.coverSmallKey })
    .from(farmPages)
    .where(eq(farmPages.farmId, farmId));
  await db
    .update(farmPages)
    .set({ coverLargeKey: null, coverSmallKey: null, coverWidth: null, coverHeight: null })
    .where(eq(farmPages.farmId, farmId));
  const old = before.flatMap((row) => [row.large, row.small]).filter((k): k is string => !!k);
  await removeUnusedCoverFiles(db, storage, old);
  return farmPageSettings(db, farmId);
}
