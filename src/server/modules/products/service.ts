import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  DEFAULT_PAGE_SIZE,
  type Product,
  type ProductBody,
  type ProductDeleteResult,
  type ProductPage,
  type ProductQuery,
  type ProductUpdateBody,
  STOCK_CHANGED_CODE,
} from '#core/schemas/product';
import type { WholeListQuery } from '#core/schemas/paging';
import type { TraceabilityCategory } from '#core/traceability';
import { centsOf, rateOf, toMoneyString, toRateString } from '#core/money';
import { breaksOf, listedUnitCents } from '#core/pricing';
import type { WeightUnit } from '#core/catch-weight';
import { packsColumn, packsFor, refuseUnfitPacks, setPacks, type StoredPack } from './packs';
import { isClockSet, now as clockNow } from '../../clock';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { foldedLikePattern, foldedSql } from '../../db/fold';
import type { FarmActor } from '#core/actor';
import { openStock, setStock } from '../orders';
import { deliverySchedules, farms, orderItems, products } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { isWeighedUnit, wholeNumberMessage } from '#core/quantity';
import { afterKey, splitKeyedPage, type KeyPart, type ListPage } from '../paging';
import { publishLiveEvent } from '../events';
import { farmIsOpen, productOnOffer } from '../businesses';
import { findZone } from '#core/delivery-zones';
import { hawaiiDate } from '#core/hawaii-time';
import { nextOpenDayOf, nextOpenDaySubquery } from '../schedules';
import {
  deleteProductPhotoRows,
  photoFields,
  photosColumn,
  type PhotoStorage,
  removeUnusedFiles,
  type StoredPhoto,
} from '../photos';
import { listOfFarm, NO_PRICE_LISTS, pricingKey, type RestaurantPricing } from '../price-lists';

/**
 * Each farm's next delivery day still open for orders (its cutoff not passed), for the
 * viewer's zone when it has one (docs/delivery.md): one pass over the schedules.
 */
function nextDeliveries(db: DbOrTx, zoneName: string | null = null) {
  return nextOpenDaySubquery(db, zoneName);
}

/** The columns of a product answer: the product and its farm. */
function productFields() {
  return {
    id: products.id,
    name: products.name,
    description: products.description,
    category: products.category,
    unit: products.unit,
    price: products.price,
    availableQuantity: products.availableQuantity,
    isOrganic: products.isOrganic,
    isActive: products.isActive,
    traceabilityCategory: products.traceabilityCategory,
    weightUnit: products.weightUnit,
    farmId: products.farmId,
    farmName: farms.name,
    farmDeliveryFee: farms.deliveryFee,
    farmOrderMinimum: farms.orderMinimum,
    farmTaxRate: farms.taxRate,
    photos: photosColumn(),
    packs: packsColumn(),
  };
}

/** Products with their farm and the farm's next delivery day, ready for a where clause. */
function selectProducts(db: DbOrTx, zoneName: string | null = null) {
  const next = nextDeliveries(db, zoneName);
  return db
    .select({ ...productFields(), nextDeliveryDate: next.date })
    .from(products)
    .innerJoin(farms, eq(farms.id, products.farmId))
    .leftJoin(next, eq(next.farmId, products.farmId));
}

type ProductRow = {
  id: number;
  name: string;
  description: string | null;
  category: string | null;
  unit: string;
  price: string;
  availableQuantity: number;
  isOrganic: boolean;
  isActive: boolean;
  traceabilityCategory: TraceabilityCategory | null;
  weightUnit: string | null;
  farmId: number;
  farmName: string;
  farmDeliveryFee: string;
  farmOrderMinimum: string;
  farmTaxRate: string;
  nextDeliveryDate: string | null;
  photos: StoredPhoto[] | null;
  packs: StoredPack[] | null;
};

/**
 * The product as its reader buys it (docs/price-lists.md): `price` is the reader's price by its
 * list before any break, `listPrice` the product's own when they differ, `breaks` its list's
 * quantity breaks, and each pack the same (docs/packs.md). Without a list (the farm's own
 * view), its own prices alone. The rule itself is src/core/pricing.ts.
 */
function toProduct(row: ProductRow, pricing: RestaurantPricing | null = null): Product {
  const list = pricing ? listOfFarm(pricing, row.farmId) : null;
  const listPriceCents = centsOf(row.price);
  const own = listedUnitCents({ id: row.id, listPriceCents }, list);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    unit: row.unit,
    price: toMoneyString(own),
    ...(own === listPriceCents ? {} : { listPrice: toMoneyString(listPriceCents) }),
    ...(pricing
      ? {
          breaks: breaksOf(row, list).map((entry) => ({
            minQuantity: entry.minQuantity,
            price: toMoneyString(entry.priceCents),
          })),
        }
      : {}),
    availableQuantity: row.availableQuantity,
    isOrganic: row.isOrganic,
    isActive: row.isActive,
    traceabilityCategory: row.traceabilityCategory,
    pricedByWeight: row.weightUnit !== null,
    weightUnit: row.weightUnit as WeightUnit | null,
    farmId: row.farmId,
    farm: {
      id: row.farmId,
      name: row.farmName,
      deliveryFee: row.farmDeliveryFee,
      orderMinimum: row.farmOrderMinimum,
      taxRate: toRateString(rateOf(row.farmTaxRate)),
    },
    nextDeliveryDate: row.nextDeliveryDate,
    packs: packsFor({ id: row.id, listPriceCents }, row.packs, list),
    ...photoFields(row.photos),
  };
}

/** What restaurants can see: active, not deleted, of an open farm (docs/admission.md). */
const listed = productOnOffer;
/** Names sort as search reads them: "ʻUlu" among the U's (core/text-fold.ts). */
const sortName = foldedSql(products.name);
const farmSortName = foldedSql(farms.name);

/** Who is reading the catalogue: a restaurant sees each farm's next day for its own zone. */
export interface CatalogViewer {
  role: string | null;
  restaurantId: number | null;
  /** The restaurant's delivery zone (its slug) as its profile says; null when it has none. */
  deliveryZone: string | null;
  /** The price lists the restaurant is on, per farm; none for anyone else. */
  pricing?: RestaurantPricing;
}

function viewerPricing(viewer: CatalogViewer): RestaurantPricing {
  return viewer.pricing ?? NO_PRICE_LISTS;
}

/** The zone (its name) whose delivery days the viewer sees; null for anyone but a restaurant. */
function viewerZoneName(viewer: CatalogViewer): string | null {
  if (viewer.role !== 'restaurant' || viewer.restaurantId === null) return null;
  return findZone(viewer.deliveryZone)?.name ?? null;
}

/** GET /api/products without parameters: the whole catalogue (docs/api.md#reading). */
export async function listCatalog(
  db: DbOrTx,
  viewer: CatalogViewer,
  query: WholeListQuery,
): Promise<ListPage<Product>> {
  const next = nextDeliveries(db, viewerZoneName(viewer));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ ...productFields(), nextDeliveryDate: next.date, sortName })
      .from(products)
      .innerJoin(farms, eq(farms.id, products.farmId))
      .leftJoin(next, eq(next.farmId, products.farmId))
      .where(and(listed, afterKey([sortName, products.id], NAME_KEY, query.cursor)))
      .orderBy(sortName, asc(products.id))
      .limit(query.limit + 1),
    db
      .select({ total: count() })
      .from(products)
      .innerJoin(farms, eq(farms.id, products.farmId))
      .where(listed),
  ]);
  const pricing = viewerPricing(viewer);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.id]);
  return {
    items: page.rows.map((row) => toProduct(row, pricing)),
    total: Number(totalRow?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

/** The listed ones of these products as the catalogue shows them (for "Order again"). */
/** Whether the farm takes orders now: approved and not suspended (what browse shows). */
export async function farmTakesOrders(db: DbOrTx, farmId: number): Promise<boolean> {
  const rows = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), farmIsOpen));
  return rows.length > 0;
}

export async function listedProductsByIds(
  db: DbOrTx,
  ids: number[],
  zoneName: string | null = null,
  pricing: RestaurantPricing = NO_PRICE_LISTS,
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db, zoneName).where(and(listed, inArray(products.id, ids)));
  return rows.map((row) => toProduct(row, pricing));
}

/**
 * Products whose farm can deliver to the zone: it has an open day for it, or no days from today
 * at all (then checkout does not refuse it either: docs/delivery.md). The same rule as the
 * delivery outlook's reason, which the card and checkout show.
 */
function deliversTo(zoneName: string): SQL {
  return sql`(${nextOpenDayOf(zoneName)} is not null or not exists (select 1 from ${deliverySchedules}
    where ${deliverySchedules.farmId} = ${farms.id} and ${deliverySchedules.deliveryDate} >= ${hawaiiDate(clockNow())}))`;
}

/** The zone a search keeps to: the viewer's, when it asks for `deliversToMyZone` and has one. */
function filterZoneOf(query: ProductQuery, viewer: CatalogViewer): string | null {
  return query.deliversToMyZone ? viewerZoneName(viewer) : null;
}

/**
 * The farms whose name or town holds a search's text. Found first, on their own: a list the
 * planner can count lets it pick the products' trigram index for a rare word, where one
 * condition over both tables looked common and sent it walking the whole catalogue by name.
 */
function farmsWithText(db: DbOrTx, q: string): Promise<number[]> {
  return db
    .select({ id: farms.id })
    .from(farms)
    .where(sql`${farms.searchText} like ${foldedLikePattern(q)}`)
    .then((rows) => rows.map((row) => row.id));
}

/**
 * Which products a search matches: `farmsNamed` are the farms whose own text holds `q`
 * (farmsWithText), whose products all match.
 */
function matchConditions(
  query: ProductQuery,
  zoneName: string | null,
  farmsNamed: readonly number[],
): SQL {
  const conditions: SQL[] = [listed];
  if (zoneName !== null) conditions.push(deliversTo(zoneName));
  if (query.q) {
    // A substring of the product's or its farm's text, both sides folded alike (any case, with
    // or without ʻokina and kahakō). The rows' side was folded when written (search_text), and
    // LIKE lets the products' trigram index find it.
    const inText = sql`${products.searchText} like ${foldedLikePattern(query.q)}`;
    conditions.push(
      farmsNamed.length === 0 ? inText : or(inText, inArray(products.farmId, [...farmsNamed]))!,
    );
  }
  if (query.category && query.category !== 'all') {
    conditions.push(eq(products.category, query.category));
  }
  if (query.farmId !== undefined) conditions.push(eq(products.farmId, query.farmId));
  if (query.availability === 'available') {
    conditions.push(sql`${products.availableQuantity} > 0`);
  } else if (query.availability === 'out_of_stock') {
    conditions.push(eq(products.availableQuantity, 0));
  }
  return and(...conditions)!;
}

/**
 * How well a product matches `q`: its name begins with it (0), holds it (1), its description
 * does (2), else its farm's name or town (3). Folded as the search folds.
 */
function relevanceOf(q: string): SQL {
  const term = foldedSql(sql`${q}`);
  const at = (field: SQL) => sql`strpos(${foldedSql(field)}, ${term})`;
  const name = at(sql`${products.name}`);
  const description = at(sql`coalesce(${products.description}, '')`);
  return sql`case when ${name} = 1 then 0 when ${name} > 0 then 1 when ${description} > 0 then 2 else 3 end`;
}

/** The order a search asks for: `relevance` unless it names one, which means name without `q`. */
function sortOrder({ sort, q }: Pick<ProductQuery, 'sort' | 'q'>): SQL[] {
  switch (sort ?? 'relevance') {
    case 'relevance':
      return q ? [asc(relevanceOf(q)), sortName, asc(products.id)] : [sortName, asc(products.id)];
    case 'price':
      return [asc(products.price), sortName, asc(products.id)];
    case 'farm':
      return [farmSortName, asc(farms.id), sortName, asc(products.id)];
    case 'availability':
      // In stock first, the most plentiful on top.
      return [desc(products.availableQuantity), sortName, asc(products.id)];
    case 'name':
      return [sortName, asc(products.id)];
  }
}

/** Remembers figures that are the same for every asker; without one, each is a query. */
type Remember = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const askEveryTime: Remember = (_key, load) => load();

/** The keys of figures that depend on stock (a search by availability) begin so. */
const STOCK_KEY = 'stock:';

/**
 * Whether a kept figure's key is one that a product going out of stock, or back in, makes
 * stale (a search by availability).
 */
export const showsStock = (key: string) =>
  key.startsWith(`matched:${STOCK_KEY}`) || key.startsWith(`farms:${STOCK_KEY}`);

/** The kept pages' keys begin so (searchKey). */
const PAGE_KEY = 'page:';

export const isPageKey = (key: string) => key.startsWith(PAGE_KEY);

/**
 * Whether a kept page's products, or their order, follow stock (a search by availability, the
 * most plentiful first): any stock move makes it stale. Other pages only show the figure.
 */
export const pageFollowsStock = (key: string) => key.startsWith(`${PAGE_KEY}${STOCK_KEY}`);

/**
 * Which products a search matches, whatever their order and page (the zone it keeps to in),
 * marked when the match depends on stock.
 */
const filterKeyOf = (
  { q, category, farmId, availability }: ProductQuery,
  zoneName: string | null,
) =>
  (availability && availability !== 'all' ? STOCK_KEY : '') +
  JSON.stringify([q ?? null, category ?? null, farmId ?? null, availability ?? null, zoneName]);

/**
 * The key a page of the search is kept by: everything it depends on besides the catalogue, so
 * the same key, the same answer, for any asker; marked when its products follow stock. None
 * while the business clock is set: the next delivery day a page shows follows that clock, so
 * such a page must not be kept.
 */
export function searchKey(query: ProductQuery, viewer: CatalogViewer): string | null {
  if (isClockSet()) return null;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const followsStock =
    (query.availability !== undefined && query.availability !== 'all') ||
    query.sort === 'availability';
  return `${PAGE_KEY}${followsStock ? STOCK_KEY : ''}${JSON.stringify([
    filterKeyOf(query, filterZoneOf(query, viewer)),
    query.sort ?? null,
    page,
    pageSize,
    viewerZoneName(viewer),
    pricingKey(viewerPricing(viewer)),
  ])}`;
}

/** The farm filter's choices: at most this many farms. */
export const FARM_FACET_LIMIT = 50;

/**
 * The farm filter's choices for a search: the farms with products matching everything but the
 * farm filter itself, the most matches first, at most FARM_FACET_LIMIT, without descriptions
 * but the chosen farm's (shown under the filter), which is always among them.
 */
async function farmFacet(
  db: DbOrTx,
  query: ProductQuery,
  filterZone: string | null,
  farmsNamed: readonly number[],
  remember: Remember,
): Promise<ProductPage['farms']> {
  const anyFarm = { ...query, farmId: undefined };
  const matches = count();
  const [top, chosen] = await Promise.all([
    remember(`farms:${filterKeyOf(anyFarm, filterZone)}`, () =>
      db
        .select({ id: farms.id, name: farms.name, productCount: matches })
        .from(products)
        .innerJoin(farms, eq(farms.id, products.farmId))
        .where(matchConditions(anyFarm, filterZone, farmsNamed))
        .groupBy(farms.id, farms.name)
        .orderBy(desc(matches), farmSortName, asc(farms.id))
        .limit(FARM_FACET_LIMIT),
    ),
    query.farmId === undefined
      ? null
      : remember(`farm:${query.farmId}`, async () => {
          const [farm] = await db
            .select({ id: farms.id, name: farms.name, description: farms.description })
            .from(farms)
            .where(and(eq(farms.id, query.farmId!), farmIsOpen));
          return farm ?? null;
        }),
  ]);
  const facet = top.map((farm) => ({ ...farm, description: null as string | null }));
  if (chosen) {
    const index = facet.findIndex((farm) => farm.id === chosen.id);
    if (index >= 0) facet[index] = { ...facet[index]!, description: chosen.description };
    else facet.push({ ...chosen, productCount: 0 });
  }
  return facet;
}

/**
 * One page of the catalogue with the counts and farm choices the browse screen shows. The
 * page costs the rows it shows (an index walk in the chosen order); the counts and the farm
 * list scan the catalogue, and come from `remember` (the process's catalogue cache, emptied by
 * every change of the catalogue) when given: other pages and sorts share them.
 */
export async function searchCatalog(
  db: DbOrTx,
  query: ProductQuery,
  viewer: CatalogViewer,
  remember: Remember = askEveryTime,
): Promise<ProductPage> {
  const zoneName = viewerZoneName(viewer);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const filterZone = filterZoneOf(query, viewer);
  const q = query.q;
  const farmsNamed = q ? await remember(`farmsWithText:${q}`, () => farmsWithText(db, q)) : [];
  const where = matchConditions(query, filterZone, farmsNamed);
  const filterKey = filterKeyOf(query, filterZone);
  const countMatching = (key: string, condition: SQL) =>
    remember(`matched:${key}`, async () => {
      const [matched] = await db
        .select({ total: count() })
        .from(products)
        .innerJoin(farms, eq(farms.id, products.farmId))
        .where(condition);
      return matched?.total ?? 0;
    });
  const [rows, total, totalAll, farmRows, totalAnyZone] = await Promise.all([
    db
      .select({
        ...productFields(),
        nextDeliveryDate: nextOpenDayOf(zoneName),
      })
      .from(products)
      .innerJoin(farms, eq(farms.id, products.farmId))
      .where(where)
      .orderBy(...sortOrder(query))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    countMatching(filterKey, where),
    remember('listed', async () => {
      const [all] = await db.select({ total: count() }).from(products).where(listed);
      return all?.total ?? 0;
    }),
    farmFacet(db, query, filterZone, farmsNamed, remember),
    // What the zone filter leaves out: the same search without it, counted (and kept) apart.
    filterZone === null
      ? null
      : countMatching(filterKeyOf(query, null), matchConditions(query, null, farmsNamed)),
  ]);
  const pricing = viewerPricing(viewer);
  return {
    items: rows.map((row) => toProduct(row, pricing)),
    total,
    totalAll,
    page,
    pageSize,
    farms: farmRows,
    hiddenByZone: totalAnyZone === null ? 0 : totalAnyZone - total,
  };
}

/** The farmer's own products, active or not, without deleted ones. */
/** Lists sorted by name page by (folded name, id). */
const NAME_KEY: readonly KeyPart[] = ['text', 'int'];

/**
 * GET /api/products/farm: one page of the farm's own products, active or not, by name
 * (docs/order-lists.md#bounded-lists).
 */
export async function listFarmProducts(
  db: DbOrTx,
  farmId: number,
  query: WholeListQuery,
): Promise<ListPage<Product>> {
  const own = and(eq(products.farmId, farmId), isNull(products.deletedAt));
  const next = nextDeliveries(db);
  const rows = await db
    .select({ ...productFields(), nextDeliveryDate: next.date, sortName })
    .from(products)
    .innerJoin(farms, eq(farms.id, products.farmId))
    .leftJoin(next, eq(next.farmId, products.farmId))
    .where(and(own, afterKey([sortName, products.id], NAME_KEY, query.cursor)))
    .orderBy(sortName, asc(products.id))
    .limit(query.limit + 1);
  const [totalRow] = await db.select({ total: count() }).from(products).where(own);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.id]);
  return {
    items: page.rows.map((row) => toProduct(row)),
    total: Number(totalRow?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

async function findOwnProduct(db: DbOrTx, farmId: number, productId: number): Promise<Product> {
  const [row] = await selectProducts(db)
    .where(and(eq(products.id, productId), eq(products.farmId, farmId), isNull(products.deletedAt)))
    .limit(1);
  if (!row) throw notFound('No such product');
  return toProduct(row);
}

/** A new product of the farm, with its stock as the ledger's opening row. */
export async function createProduct(db: Db, actor: FarmActor, body: ProductBody): Promise<Product> {
  const farmId = actor.business.id;
  const { packs, pricedByWeight, weightUnit, ...fields } = body;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...fields, weightUnit: pricedByWeight ? (weightUnit ?? null) : null, farmId })
      .returning({ id: products.id, availableQuantity: products.availableQuantity });
    // The database gave it its unit pack; the farm's own list replaces it.
    if (packs) {
      await setPacks(tx, row!.id, packs, { unit: fields.unit, priceCents: centsOf(fields.price) });
    }
    if (pricedByWeight) await refuseUnfitPacks(tx, row!.id, { pricedByWeight: true });
    await openStock(tx, actor, row!.id, row!.availableQuantity);
    await publishLiveEvent(tx, { type: 'products.changed', farmId, productIds: [row!.id] });
    return row!.id;
  });
  return findOwnProduct(db, farmId, id);
}

/**
 * The farm's own live product, its row locked until the transaction ends: a change of it (an
 * edit, a delete) and an order taking its stock happen one after the other. 404 otherwise.
 */
async function lockOwnProduct(tx: Tx, farmId: number, productId: number) {
  const [row] = await tx
    .select({
      id: products.id,
      availableQuantity: products.availableQuantity,
      unit: products.unit,
      price: products.price,
      weightUnit: products.weightUnit,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.farmId, farmId), isNull(products.deletedAt)))
    .for('update');
  if (!row) throw notFound('No such product');
  return row;
}

/**
 * Changes the farm's own product; another farm's (or a deleted) product is 404. A new stock is
 * the farmer's edit in the stock ledger, through the one stock function, and when the body says
 * the stock the farmer saw, it must still be that (409 `stock_changed` otherwise).
 */
export async function updateProduct(
  db: Db,
  actor: FarmActor,
  productId: number,
  body: ProductUpdateBody,
): Promise<Product> {
  const farmId = actor.business.id;
  const {
    expectedAvailableQuantity,
    availableQuantity,
    packs,
    pricedByWeight,
    weightUnit,
    ...rest
  } = body;
  // Priced by weight names its unit; off clears it; the unit alone changes it (docs/catch-weight.md).
  const changes = {
    ...rest,
    ...(pricedByWeight === false
      ? { weightUnit: null }
      : weightUnit !== undefined && (pricedByWeight || weightUnit !== null)
        ? { weightUnit }
        : {}),
  };
  await db.transaction(async (tx) => {
    const current = await lockOwnProduct(tx, farmId, productId);
    // Decimals are for weighed units (docs/adjustments.md#quantities): the stock and the unit
    // as they will be after the change; the schema checked the body's own pair.
    const unit = changes.unit ?? current.unit;
    if (availableQuantity !== undefined && !Number.isInteger(availableQuantity)) {
      if (!isWeighedUnit(unit)) {
        const message = wholeNumberMessage(unit);
        throw badRequest(message, { availableQuantity: message });
      }
    } else if (
      availableQuantity === undefined &&
      !isWeighedUnit(unit) &&
      !Number.isInteger(current.availableQuantity)
    ) {
      throw badRequest('The stock has decimals: set a whole stock with the new unit', {
        availableQuantity: wholeNumberMessage(unit),
      });
    }
    if (
      expectedAvailableQuantity !== undefined &&
      current.availableQuantity !== expectedAvailableQuantity
    ) {
      throw conflict('The stock has changed since you saw it', STOCK_CHANGED_CODE, {
        availableQuantity: current.availableQuantity,
        expectedAvailableQuantity,
      });
    }
    await tx
      .update(products)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(products.id, productId));
    if (packs) {
      await setPacks(tx, productId, packs, {
        unit,
        priceCents: centsOf(changes.price ?? current.price),
      });
    }
    const byWeight =
      pricedByWeight || (pricedByWeight === undefined && current.weightUnit !== null);
    if (pricedByWeight && !(changes.weightUnit ?? current.weightUnit)) {
      throw badRequest('Choose the weight the price is per', {
        weightUnit: 'Choose lb, kg or oz',
      });
    }
    // Packs just set were checked as they were set; a new counted unit checks the kept ones.
    const unitChanged = !packs && changes.unit !== undefined && !isWeighedUnit(unit);
    await refuseUnfitPacks(tx, productId, {
      ...(unitChanged ? { wholeSizesFor: unit } : {}),
      pricedByWeight: byWeight,
    });
    if (availableQuantity !== undefined) {
      // The row is locked, so the stock is still what was read.
      await setStock(tx, actor, productId, availableQuantity, current.availableQuantity);
    }
    await publishLiveEvent(tx, { type: 'products.changed', farmId, productIds: [productId] });
  });
  return findOwnProduct(db, farmId, productId);
}

/**
 * Deletes the farm's own product and its photos. One that orders refer to is archived
 * (deletedAt set), so those orders stay whole and it can be restored; one never ordered is
 * removed outright. The row lock makes an order being placed for it either finish first (then
 * it is archived) or wait until the delete is done. The photo files go once the delete has
 * committed, those no other photo shares.
 */
export async function deleteProduct(
  db: Db,
  storage: PhotoStorage,
  farmId: number,
  productId: number,
): Promise<ProductDeleteResult> {
  const { result, photoKeys } = await db.transaction(async (tx) => {
    await lockOwnProduct(tx, farmId, productId);
    await publishLiveEvent(tx, { type: 'products.changed', farmId, productIds: [productId] });
    const photoKeys = await deleteProductPhotoRows(tx, productId);
    const [ordered] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, productId))
      .limit(1);
    if (ordered) {
      await tx
        .update(products)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(products.id, productId));
      return { result: { id: productId, archived: true }, photoKeys };
    }
    await tx.delete(products).where(eq(products.id, productId));
    return { result: { id: productId, archived: false }, photoKeys };
  });
  await removeUnusedFiles(db, storage, photoKeys);
  return result;
}

/** Brings back an archived product (the Undo after a delete). Restoring a live one is a no-op. */
export async function restoreProduct(db: Db, farmId: number, productId: number): Promise<Product> {
  await db
    .update(products)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(
      and(eq(products.id, productId), eq(products.farmId, farmId), isNotNull(products.deletedAt)),
    );
  // Not archived: answers the live product, or 404 when it is not this farm's.
  const product = await findOwnProduct(db, farmId, productId);
  await publishLiveEvent(db, { type: 'products.changed', farmId, productIds: [productId] });
  return product;
}

/**
 * GET /api/farms: the open farms by name; administrators see every farm (their orders table
 * filters by any of them).
 */
export async function listFarms(
  db: DbOrTx,
  query: WholeListQuery,
  { everyFarm = false }: { everyFarm?: boolean } = {},
) {
  const shown = everyFarm ? undefined : farmIsOpen;
  const rows = await db
    .select({
      id: farms.id,
      name: farms.name,
      deliveryFee: farms.deliveryFee,
      orderMinimum: farms.orderMinimum,
      taxRate: farms.taxRate,
      sortName: farmSortName,
    })
    .from(farms)
    .where(and(shown, afterKey([farmSortName, farms.id], NAME_KEY, query.cursor)))
    .orderBy(farmSortName, asc(farms.id))
    .limit(query.limit + 1);
  const [totalRow] = await db.select({ total: count() }).from(farms).where(shown);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.sortName, row.id]);
  return {
    items: page.rows.map(({ sortName: _sortName, ...farm }) => ({
      ...farm,
      taxRate: toRateString(rateOf(farm.taxRate)),
    })),
    total: Number(totalRow?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}
