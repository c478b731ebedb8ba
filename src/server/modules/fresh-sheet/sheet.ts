import {
  and,
  asc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  ne,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import { can, ROLES_OF_KIND } from '#core/permissions';
import type { FreshSheetItem } from '#core/schemas/fresh-sheet';
import type { DbOrTx } from '../../db/database';
import { foldedSql } from '../../db/fold';
import {
  farmFollows,
  freshSheetUnsubscribes,
  memberships,
  orders,
  products,
  restaurants,
  users,
} from '../../db/schema';
import { firstPhotoKey, photoUrl } from '../photos';
import { packsColumn, type StoredPack } from '../products';
import { readerPrices } from './prices';

/** What the sheet lists of a product, before it is priced for a reader. */
export interface SheetProduct {
  id: number;
  farmId: number;
  name: string;
  unit: string;
  price: string;
  weightUnit: string | null;
  packs: StoredPack[] | null;
  availableQuantity: number;
  imageUrl: string | null;
}

const sheetColumns = () => ({
  id: products.id,
  farmId: products.farmId,
  name: products.name,
  unit: products.unit,
  price: products.price,
  weightUnit: products.weightUnit,
  packs: packsColumn(),
  availableQuantity: products.availableQuantity,
  smallKey: firstPhotoKey(products.id),
});

/** The farm's listed products with stock. */
function listedOf(farmId: number): SQL | undefined {
  return and(
    eq(products.farmId, farmId),
    eq(products.isActive, true),
    isNull(products.deletedAt),
    gt(products.availableQuantity, 0),
  );
}

const byName = [foldedSql(products.name), asc(products.id)];

/** The farm's listed products with stock, by name. */
export async function sheetProducts(db: DbOrTx, farmId: number): Promise<SheetProduct[]> {
  const rows = await db
    .select(sheetColumns())
    .from(products)
    .where(listedOf(farmId))
    .orderBy(...byName);
  return rows.map(({ smallKey, ...row }) => ({ ...row, imageUrl: photoUrl(smallKey) }));
}

/**
 * How many items an email lists besides the featured ones. Mail clients cut a long message
 * (Gmail past 102 KB), so a large farm's email shows the first ones by name and links to the
 * farm page for the rest.
 */
export const SHEET_EMAIL_ITEMS_MAX = 100;

/**
 * The part of a sent sheet its email lists, of the products it listed when sent less what has
 * since sold out or been taken off: the featured ones, then the first SHEET_EMAIL_ITEMS_MAX
 * others by name; and how many it lists in all. The email's products are chosen first, so
 * only they have their packs and photo read.
 */
export async function sheetEmailProducts(
  db: DbOrTx,
  farmId: number,
  ids: readonly number[],
  featuredIds: readonly number[],
): Promise<{ listed: SheetProduct[]; total: number }> {
  if (ids.length === 0) return { listed: [], total: 0 };
  const featuredFirst = [
    sql`array_position(${intArray(featuredIds)}, ${products.id}) nulls last`,
    ...byName,
  ];
  const chosen = db
    .select({
      chosenId: sql<number>`${products.id}`.as('chosen_id'),
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(products)
    .where(and(listedOf(farmId), sql`${products.id} = any(${intArray(ids)})`))
    .orderBy(...featuredFirst)
    .limit(featuredIds.length + SHEET_EMAIL_ITEMS_MAX)
    .as('chosen');
  const rows = await db
    .select({ ...sheetColumns(), total: chosen.total })
    .from(products)
    .innerJoin(chosen, eq(chosen.chosenId, products.id))
    .orderBy(...featuredFirst);
  // A featured product sold out since leaves its place empty rather than to another.
  const featured = new Set(featuredIds);
  const others = rows.filter((row) => !featured.has(row.id)).slice(0, SHEET_EMAIL_ITEMS_MAX);
  const shown = [...rows.filter((row) => featured.has(row.id)), ...others];
  return {
    listed: shown.map(({ smallKey, total: _total, ...row }) => ({
      ...row,
      imageUrl: photoUrl(smallKey),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** Whole numbers as one int[] parameter, however many: a list of thousands stays one value. */
function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`;
}

/** The sheet's items for one reader (null: the farm itself, at list prices), featured first. */
export async function sheetItems(
  db: DbOrTx,
  restaurantId: number | null,
  listed: readonly SheetProduct[],
  featuredIds: readonly number[],
): Promise<FreshSheetItem[]> {
  const prices = await readerPrices(db, restaurantId, listed);
  const featured = new Set(featuredIds);
  const items = listed.map((product) => ({
    productId: product.id,
    name: product.name,
    unit: product.unit,
    price: prices.get(product.id)?.price ?? product.price,
    priceUnit: product.weightUnit ?? product.unit,
    packs: prices.get(product.id)?.packs ?? [],
    availableQuantity: product.availableQuantity,
    imageUrl: product.imageUrl,
    featured: featured.has(product.id),
  }));
  // Featured in the order the farm chose them, then the rest by name.
  const rank = (item: FreshSheetItem) =>
    item.featured ? featuredIds.indexOf(item.productId) : featuredIds.length;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * Whether a restaurant is in the farm's sheet's audience: it follows the farm or is its
 * customer (an order not cancelled in the 12 months before `now`), has not unsubscribed from
 * it (unfollowing does that too) and is not suspended by an administrator.
 */
function inAudience(db: DbOrTx, farmId: number, now: Date): SQL {
  return and(
    isNull(restaurants.suspendedAt),
    sql`(${exists(
      db
        .select({ one: sql`1` })
        .from(farmFollows)
        .where(and(eq(farmFollows.restaurantId, restaurants.id), eq(farmFollows.farmId, farmId))),
    )} or ${exists(
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(
          and(
            eq(orders.restaurantId, restaurants.id),
            eq(orders.farmId, farmId),
            ne(orders.status, 'cancelled'),
            sql`${orders.createdAt} >= ${now.toISOString()}::timestamptz - interval '12 months'`,
          ),
        ),
    )})`,
    notExists(
      db
        .select({ one: sql`1` })
        .from(freshSheetUnsubscribes)
        .where(
          and(
            eq(freshSheetUnsubscribes.restaurantId, restaurants.id),
            eq(freshSheetUnsubscribes.farmId, farmId),
          ),
        ),
    ),
  )!;
}

/** The restaurants a farm's sheet goes to (`inAudience`), by id. */
export async function sheetAudience(db: DbOrTx, farmId: number, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(inAudience(db, farmId, now))
    .orderBy(asc(restaurants.id));
  return rows.map((row) => row.id);
}

/** Whether the farm's sheet goes to this restaurant now: the farm page says so. */
export async function getsFreshSheet(
  db: DbOrTx,
  farmId: number,
  restaurantId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), inAudience(db, farmId, now)));
  return Boolean(row);
}

/** A restaurant's roles that buy (owners and buyers): the people a fresh sheet is for. */
const BUYING_ROLES = ROLES_OF_KIND.restaurant.filter((role) =>
  can('restaurant', role, 'orders.place'),
);

/**
 * The confirmed addresses of the restaurant's owners and buyers. An address nobody has
 * confirmed gets no sheet (it could be someone else's).
 */
export async function buyersOf(db: DbOrTx, restaurantId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.restaurantId, restaurantId),
        inArray(memberships.businessRole, [...BUYING_ROLES]),
        sql`${users.emailVerifiedAt} is not null`,
      ),
    )
    .orderBy(asc(memberships.id));
  return rows.map((row) => row.email);
}
