import { and, asc, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { isUnitPack, packQuantityProblem } from '#core/packs';
import { quantityProblem } from '#core/quantity';
import {
  isUnitEntry,
  priceListEntryKey,
  type PriceList,
  type PriceListBody,
  type PriceListCustomer,
  type PriceListCustomerQuery,
  type PriceListListQuery,
  type PriceListRestaurantsBody,
} from '#core/schemas/price-list';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { foldedSql } from '../../db/fold';
import {
  priceListBreaks,
  priceListPackBreaks,
  priceListPackPrices,
  priceListPrices,
  priceListRestaurants,
  priceLists,
  productPacks,
  products,
  restaurants,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { afterKey, splitKeyedPage, type KeyPart, type ListPage } from '../paging';
import { isCustomerOf } from './terms';

/** Lists and restaurants page by (folded name, id), as products do. */
const NAME_KEY: readonly KeyPart[] = ['text', 'int'];
const listSortName = foldedSql(priceLists.name);
const restaurantSortName = foldedSql(restaurants.name);

const DUPLICATE_NAME = 'duplicate_name';

type ListRow = typeof priceLists.$inferSelect;

/**
 * A list's entries in the wire's order: by product, its unit first, then its packs smallest
 * first, then (breaks) from the fewest.
 */
function byProductAndPack<
  T extends { productId: number; packId: number | null; packSize: number; minQuantity?: number },
>(entries: T[]): T[] {
  return entries.sort(
    (a, b) =>
      a.productId - b.productId ||
      (a.packId === null ? 0 : a.packSize) - (b.packId === null ? 0 : b.packSize) ||
      (a.packId ?? 0) - (b.packId ?? 0) ||
      (a.minQuantity ?? 0) - (b.minQuantity ?? 0),
  );
}

/**
 * The lists' prices, breaks and restaurants, read by key, put together as the wire has them.
 * A pack's entries are answered while the pack is live: one the farm removed prices nothing.
 */
async function withDetails(db: DbOrTx, rows: ListRow[]): Promise<PriceList[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const livePack = and(
    eq(productPacks.id, priceListPackPrices.packId),
    isNull(productPacks.archivedAt),
  );
  const livePackOfBreak = and(
    eq(productPacks.id, priceListPackBreaks.packId),
    isNull(productPacks.archivedAt),
  );
  const [unitPrices, packPrices, unitBreaks, packBreaks, assigned] = await Promise.all([
    db
      .select({
        priceListId: priceListPrices.priceListId,
        productId: priceListPrices.productId,
        price: priceListPrices.price,
      })
      .from(priceListPrices)
      .where(inArray(priceListPrices.priceListId, ids)),
    db
      .select({
        priceListId: priceListPackPrices.priceListId,
        productId: productPacks.productId,
        packId: priceListPackPrices.packId,
        packSize: productPacks.size,
        price: priceListPackPrices.price,
      })
      .from(priceListPackPrices)
      .innerJoin(productPacks, livePack)
      .where(inArray(priceListPackPrices.priceListId, ids)),
    db
      .select({
        priceListId: priceListBreaks.priceListId,
        productId: priceListBreaks.productId,
        minQuantity: priceListBreaks.minQuantity,
        price: priceListBreaks.price,
      })
      .from(priceListBreaks)
      .where(inArray(priceListBreaks.priceListId, ids)),
    db
      .select({
        priceListId: priceListPackBreaks.priceListId,
        productId: productPacks.productId,
        packId: priceListPackBreaks.packId,
        packSize: productPacks.size,
        minQuantity: priceListPackBreaks.minQuantity,
        price: priceListPackBreaks.price,
      })
      .from(priceListPackBreaks)
      .innerJoin(productPacks, livePackOfBreak)
      .where(inArray(priceListPackBreaks.priceListId, ids)),
    db
      .select({
        priceListId: priceListRestaurants.priceListId,
        id: restaurants.id,
        name: restaurants.name,
      })
      .from(priceListRestaurants)
      .innerJoin(restaurants, eq(restaurants.id, priceListRestaurants.restaurantId))
      .where(inArray(priceListRestaurants.priceListId, ids))
      .orderBy(restaurantSortName, asc(restaurants.id)),
  ]);
  const unit = { packId: null, packSize: 1 } as const;
  const prices = byProductAndPack([
    ...unitPrices.map((entry) => ({ ...entry, ...unit })),
    ...packPrices,
  ]);
  const breaks = byProductAndPack([
    ...unitBreaks.map((entry) => ({ ...entry, ...unit })),
    ...packBreaks,
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    percentOff: row.percentOff,
    prices: prices
      .filter((entry) => entry.priceListId === row.id)
      .map(({ productId, packId, price }) => ({ productId, packId, price })),
    breaks: breaks
      .filter((entry) => entry.priceListId === row.id)
      .map(({ productId, packId, minQuantity, price }) => ({
        productId,
        packId,
        minQuantity,
        price,
      })),
    restaurants: assigned
      .filter((entry) => entry.priceListId === row.id)
      .map(({ id, name }) => ({ id, name })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** GET /api/price-lists: one page of the farm's lists by name. */
export async function listPriceLists(
  db: Db,
  farmId: number,
  query: PriceListListQuery,
): Promise<ListPage<PriceList>> {
  const own = eq(priceLists.farmId, farmId);
  const rows = await db
    .select({ list: priceLists, sortName: listSortName })
    .from(priceLists)
    .where(and(own, afterKey([listSortName, priceLists.id], NAME_KEY, query.cursor)))
    .orderBy(listSortName, asc(priceLists.id))
    .limit(query.limit + 1);
  const [totalRow] = await db.select({ total: count() }).from(priceLists).where(own);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.list.id]);
  return {
    items: await withDetails(
      db,
      page.rows.map((row) => row.list),
    ),
    total: Number(totalRow?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

/** The farm's own list; 404 for another farm's (never saying it exists). */
async function ownList(db: DbOrTx, farmId: number, id: number, lock = false): Promise<ListRow> {
  const query = db
    .select()
    .from(priceLists)
    .where(and(eq(priceLists.id, id), eq(priceLists.farmId, farmId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('No such price list');
  return row;
}

/** GET /api/price-lists/{id}. */
export async function getPriceList(db: Db, farmId: number, id: number): Promise<PriceList> {
  const [list] = await withDetails(db, [await ownList(db, farmId, id)]);
  return list!;
}

/** The body's entries as they are stored: a product's unit, or one of its other packs. */
interface ListEntries {
  unitPrices: { productId: number; price: string }[];
  packPrices: { packId: number; price: string }[];
  unitBreaks: { productId: number; minQuantity: number; price: string }[];
  packBreaks: { packId: number; minQuantity: number; price: string }[];
}

/**
 * Every product the body prices or breaks must be the farm's own and not deleted (404 naming
 * the field otherwise, as for anything not the farm's); every pack a live pack of its entry's
 * product (400 on `….packId`), its unit pack meaning the product's unit. A break is counted as
 * a line of its pack is: whole but for the unit of a weighed product. An entry the same as one
 * above once the unit pack is read as the unit is refused as the schema refuses duplicates.
 */
async function checkEntries(tx: Tx, farmId: number, body: PriceListBody): Promise<ListEntries> {
  const entries = [...body.prices, ...body.breaks];
  const ids = [...new Set(entries.map((entry) => entry.productId))];
  const packIds = [...new Set(entries.flatMap((entry) => entry.packId ?? []))];
  const entriesOf: ListEntries = { unitPrices: [], packPrices: [], unitBreaks: [], packBreaks: [] };
  if (ids.length === 0) return entriesOf;
  const [own, packs] = await Promise.all([
    tx
      .select({ id: products.id, unit: products.unit })
      .from(products)
      .where(
        and(inArray(products.id, ids), eq(products.farmId, farmId), isNull(products.deletedAt)),
      ),
    packIds.length === 0
      ? []
      : tx
          .select({
            id: productPacks.id,
            productId: productPacks.productId,
            label: productPacks.label,
            size: productPacks.size,
          })
          .from(productPacks)
          .where(and(inArray(productPacks.id, packIds), isNull(productPacks.archivedAt))),
  ]);
  const unitOf = new Map(own.map((row) => [row.id, row.unit]));
  const packOf = new Map(packs.map((row) => [row.id, row]));
  const missing = (field: string) =>
    new AppError(404, 'No such product', 'product_not_found', { [field]: 'No such product' });
  /** The entry's pack other than the unit, or null for the unit; 400 when not the product's. */
  const packOfEntry = (
    entry: { productId: number; packId?: number | null | undefined },
    field: string,
  ) => {
    if (isUnitEntry(entry)) return null;
    const pack = packOf.get(entry.packId!);
    if (!pack || pack.productId !== entry.productId) {
      throw badRequest('Not a pack of this product', { [field]: 'Not a pack of this product' });
    }
    return isUnitPack(pack) ? null : pack;
  };
  /** The field that names an entry's product or pack, as the schema names its duplicates. */
  const duplicate = (
    list: 'prices' | 'breaks',
    index: number,
    entry: { packId?: number | null | undefined },
    message: string,
  ) => {
    const field = `${list}.${index}.${list === 'breaks' ? 'minQuantity' : isUnitEntry(entry) ? 'productId' : 'packId'}`;
    return badRequest(message, { [field]: message });
  };

  const priced = new Set<string>();
  body.prices.forEach((entry, index) => {
    if (!unitOf.has(entry.productId)) throw missing(`prices.${index}.productId`);
    const pack = packOfEntry(entry, `prices.${index}.packId`);
    const key = priceListEntryKey({ productId: entry.productId, packId: pack?.id });
    if (priced.has(key)) throw duplicate('prices', index, entry, 'This product is priced above');
    priced.add(key);
    if (pack) entriesOf.packPrices.push({ packId: pack.id, price: entry.price });
    else entriesOf.unitPrices.push({ productId: entry.productId, price: entry.price });
  });
  const broken = new Set<string>();
  body.breaks.forEach((entry, index) => {
    const unit = unitOf.get(entry.productId);
    if (unit === undefined) throw missing(`breaks.${index}.productId`);
    const pack = packOfEntry(entry, `breaks.${index}.packId`);
    const problem = pack
      ? packQuantityProblem(unit, { ...pack, minimumQuantity: null }, entry.minQuantity)
      : quantityProblem(unit, entry.minQuantity);
    if (problem) throw badRequest(problem, { [`breaks.${index}.minQuantity`]: problem });
    const key = `${priceListEntryKey({ productId: entry.productId, packId: pack?.id })}:${entry.minQuantity}`;
    if (broken.has(key)) {
      throw duplicate('breaks', index, entry, 'This product has a break at this quantity above');
    }
    broken.add(key);
    const { minQuantity, price } = entry;
    if (pack) entriesOf.packBreaks.push({ packId: pack.id, minQuantity, price });
    else entriesOf.unitBreaks.push({ productId: entry.productId, minQuantity, price });
  });
  return entriesOf;
}

/** The list's name is the farm's only one of that name: 409 otherwise. */
async function checkName(tx: Tx, farmId: number, name: string, except?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(and(eq(priceLists.farmId, farmId), eq(priceLists.name, name)));
  if (taken && taken.id !== except) {
    throw new AppError(409, 'The farm has a price list of this name', DUPLICATE_NAME, {
      name: 'Already the name of another list',
    });
  }
}

async function writeEntries(tx: Tx, id: number, entries: ListEntries): Promise<void> {
  const tables = [
    [priceListPrices, entries.unitPrices],
    [priceListPackPrices, entries.packPrices],
    [priceListBreaks, entries.unitBreaks],
    [priceListPackBreaks, entries.packBreaks],
  ] as const;
  for (const [table, rows] of tables) {
    if (rows.length > 0) {
      await tx.insert(table).values(rows.map((entry) => ({ priceListId: id, ...entry })));
    }
  }
}

/**
 * Serialises a farm's changes of its lists (names, assignments), so two at once never both
 * pass a check the other would fail.
 */
async function lockFarmLists(tx: Tx, farmId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price-lists:${farmId}`}))`);
}

/** POST /api/price-lists. */
export async function createPriceList(
  db: Db,
  farmId: number,
  body: PriceListBody,
): Promise<PriceList> {
  const id = await db.transaction(async (tx) => {
    await lockFarmLists(tx, farmId);
    const entries = await checkEntries(tx, farmId, body);
    await checkName(tx, farmId, body.name);
    const [row] = await tx
      .insert(priceLists)
      .values({ farmId, name: body.name, kind: body.kind, percentOff: body.percentOff })
      .returning({ id: priceLists.id });
    await writeEntries(tx, row!.id, entries);
    return row!.id;
  });
  return getPriceList(db, farmId, id);
}

/** PUT /api/price-lists/{id}: the list becomes exactly the body; its restaurants stay on it. */
export async function updatePriceList(
  db: Db,
  farmId: number,
  id: number,
  body: PriceListBody,
): Promise<PriceList> {
  await db.transaction(async (tx) => {
    await lockFarmLists(tx, farmId);
    await ownList(tx, farmId, id, true);
    const entries = await checkEntries(tx, farmId, body);
    await checkName(tx, farmId, body.name, id);
    await tx
      .update(priceLists)
      .set({ name: body.name, kind: body.kind, percentOff: body.percentOff, updatedAt: new Date() })
      .where(eq(priceLists.id, id));
    await tx.delete(priceListPrices).where(eq(priceListPrices.priceListId, id));
    await tx.delete(priceListBreaks).where(eq(priceListBreaks.priceListId, id));
    await tx.delete(priceListPackPrices).where(eq(priceListPackPrices.priceListId, id));
    await tx.delete(priceListPackBreaks).where(eq(priceListPackBreaks.priceListId, id));
    await writeEntries(tx, id, entries);
  });
  return getPriceList(db, farmId, id);
}

/** DELETE /api/price-lists/{id}: its restaurants go back to list prices. */
export async function deletePriceList(db: Db, farmId: number, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    await lockFarmLists(tx, farmId);
    await ownList(tx, farmId, id, true);
    await tx.delete(priceLists).where(eq(priceLists.id, id));
  });
  return { id };
}

/**
 * PUT /api/price-lists/{id}/restaurants: exactly these restaurants are on the list from now on.
 * Each must be the farm's customer (404 `fields.restaurantIds.N` otherwise, whether or not it
 * exists); one on another list of the farm moves to this one.
 */
export async function setPriceListRestaurants(
  db: Db,
  farmId: number,
  id: number,
  body: PriceListRestaurantsBody,
): Promise<PriceList> {
  const wanted = [...new Set(body.restaurantIds)];
  await db.transaction(async (tx) => {
    await lockFarmLists(tx, farmId);
    await ownList(tx, farmId, id, true);
    const allowed =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: restaurants.id })
            .from(restaurants)
            .where(
              and(inArray(restaurants.id, wanted), isCustomerOf(farmId, sql`${restaurants.id}`)),
            );
    const allowedIds = new Set(allowed.map((row) => row.id));
    body.restaurantIds.forEach((restaurantId, index) => {
      if (!allowedIds.has(restaurantId)) {
        throw new AppError(404, 'No such customer of the farm', 'restaurant_not_found', {
          [`restaurantIds.${index}`]: 'Not a restaurant that orders from the farm',
        });
      }
    });
    await tx
      .delete(priceListRestaurants)
      .where(
        and(
          eq(priceListRestaurants.priceListId, id),
          wanted.length > 0 ? notInArray(priceListRestaurants.restaurantId, wanted) : undefined,
        ),
      );
    if (wanted.length > 0) {
      await tx
        .insert(priceListRestaurants)
        .values(wanted.map((restaurantId) => ({ farmId, restaurantId, priceListId: id })))
        .onConflictDoUpdate({
          target: [priceListRestaurants.farmId, priceListRestaurants.restaurantId],
          set: { priceListId: id },
        });
    }
    await tx.update(priceLists).set({ updatedAt: new Date() }).where(eq(priceLists.id, id));
  });
  return getPriceList(db, farmId, id);
}

/**
 * GET /api/price-lists/restaurants: one page of the restaurants the farm can put on a list, by
 * name, each with the list it is on (null: list prices).
 */
export async function listPriceListCustomers(
  db: Db,
  farmId: number,
  query: PriceListCustomerQuery,
): Promise<ListPage<PriceListCustomer>> {
  const eligible = isCustomerOf(farmId, sql`${restaurants.id}`);
  const rows = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      priceListId: priceListRestaurants.priceListId,
      sortName: restaurantSortName,
    })
    .from(restaurants)
    .leftJoin(
      priceListRestaurants,
      and(
        eq(priceListRestaurants.restaurantId, restaurants.id),
        eq(priceListRestaurants.farmId, farmId),
      ),
    )
    .where(and(eligible, afterKey([restaurantSortName, restaurants.id], NAME_KEY, query.cursor)))
    .orderBy(restaurantSortName, asc(restaurants.id))
    .limit(query.limit + 1);
  const [totalRow] = await db.select({ total: count() }).from(restaurants).where(eligible);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.id]);
  return {
    items: page.rows.map(({ sortName: _sortName, ...row }) => row),
    total: Number(totalRow?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}
