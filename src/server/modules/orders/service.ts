import { asc, eq, sql } from 'drizzle-orm';
import {
  isSystemJob,
  shortPersonName,
  type Actor,
  type FarmActor,
  type RestaurantActor,
} from '#core/actor';
import {
  centsOf,
  multiplyCents,
  rateOf,
  sumCents,
  taxableFeesCents,
  toMoneyString,
  toRateString,
  type Cents,
  type RateUnits,
} from '#core/money';
import { addQuantities, quantityHundredths, subtractQuantities } from '#core/quantity';
import { belowMinimumReason, blockedByMinimum, smallOrderFeeCents } from '#core/minimums';
import type { Minimum } from '#core/schemas/minimum';
import type { Substitution } from '#core/schemas/order-guide';
import { isUnitPack, packQuantityProblem, packsIn, unitsOfPacks } from '#core/packs';
import {
  ORDER_CONFLICT_CODES,
  type PricedOrder,
  type OrderCreateBody,
  type OrderHistoryEntry,
  type OrderProblemFarm,
  type OrderProblemProduct,
  type OrderStatusBody,
} from '#core/schemas/order';
import type { LiveEvent } from '#core/schemas/notification';
import { sendAhead, type Db, type Tx } from '../../db/database';
import {
  farms,
  orderItems,
  orders,
  orderStatusHistory,
  productPacks,
  products,
  users,
} from '../../db/schema';
import { preparedSelect } from '../../db/written-once';
import { jsonRows, rows } from '../../db/raw-sql';
import { AppError, badRequest, conflict } from '../../errors';
import { type Listener, type NotificationEvent, sendNotificationEvents } from '../notifications';
import { whoHearsOfNewOrders } from './notices';
import { loadOrdersByIds } from './queries';
import { applyOrderChange, historyActor, priceOrder } from './order-change';
import { isRefusedTake, moveStock, sendTakesAhead, type StockMove } from './stock';
import { runIdempotent, type StoredResult } from './idempotency';
import { resolveDeliveryDays, type ResolvedDeliveryDay } from '../schedules';
import { buyerTaxOn, buyerTaxTerms, type BuyerTaxTerms } from '../resale-certificates';
import { hawaiiDate } from '#core/hawaii-time';
import { farmIsOpen } from '../businesses';
import { linePriceOf, onePackCents, type PriceListTerms } from '#core/pricing';
import { listOfFarm, restaurantPricing } from '../price-lists';
import { checkCredit, creditRowsOf, holdOnRefusal } from '../customers';
import { minimumsFor } from '../minimums';
import { now as clockNow, today as clockToday } from '../../clock';

/** The restaurant an order is placed for (by one of its people, or by its standing order). */
export interface Buyer {
  restaurantId: number;
}

/** One farm's part of a placement: the body as sent and where its fields sit in the request. */
interface PlacementEntry {
  body: OrderCreateBody;
  /** Prefix of this entry's field paths in a 400: "" or "orders.{i}.". */
  fieldPrefix: string;
  /** The standing order placing it (docs/standing-orders.md), kept on the order. */
  standingOrderId?: number;
}

interface PlacementRequest {
  buyer: Buyer;
  /** Who places it: the restaurant's person, or the system for a standing order. */
  actor: Actor;
  entries: PlacementEntry[];
  /** The instant of placement, against which days and cutoffs are judged. */
  now: Date;
  /**
   * A standing order's placement, the one partial placement (docs/standing-orders.md): a line
   * short of stock takes what there is, one with none, no longer listed or priced above the
   * sent (last seen) price is left out, and today's prices (never above the seen ones) and fee
   * apply without the total being compared. The products are
   * locked while checked, so what is taken is exactly what was seen.
   */
  partial?: boolean;
}

interface FarmRow {
  id: number;
  name: string;
  deliveryFee: string;
  /** The farm's GET rate now, read in the placement's transaction (docs/tax.md). */
  taxRate: string;
  /** Approved and not suspended: only an open farm sells (docs/admission.md). */
  open: boolean;
  /** Restaurants have seen its name: it is or was approved. */
  everApproved: boolean;
}

interface ProductRow {
  id: number;
  farmId: number;
  name: string;
  unit: string;
  price: string;
  /** Charged by this weight unit (docs/catch-weight.md), or null: by the pack. */
  weightUnit: string | null;
  availableQuantity: number;
  isActive: boolean;
  deletedAt: Date | null;
}

/** A pack of a placement's product as the checks read it (docs/packs.md). */
interface PackRow {
  id: number;
  productId: number;
  label: string;
  size: number;
  price: string | null;
  minimumQuantity: number | null;
  estimatedWeight: number | null;
  archivedAt: Date | null;
}

/** One pack of one farm's order, its repeated lines summed. */
interface OrderLine {
  productId: number;
  /** The pack as sent, or the product's unit pack for a line sent without one. */
  sentPackId: number | null;
  /** The pack the client named, if it did: what a refusal may echo. */
  askedPackId: number | null;
  quantity: number;
  sentUnitPriceCents: Cents;
  /** Where the pack first appears in the request, for field errors. */
  itemIndex: number;
  /** Each item's own total as sent, checked against its price once the pack is known. */
  sentTotals: { itemIndex: number; quantity: number; totalCents: Cents }[];
  /**
   * What the restaurant wants if the farm cannot fill it (docs/substitutions.md), as sent;
   * null: the order guide's choice for the pack, else `ask` (decided in the insert).
   */
  substitution: Substitution | null;
}

/** A line whose product is listed by the entry's farm, at the sent price, with enough stock. */
interface CheckedLine extends OrderLine {
  product: ProductRow;
  pack: PackRow;
  /**
   * The restaurant's price of one pack for this quantity (src/core/pricing.ts), or of one weight
   * unit for a product charged by weight.
   */
  unitCents: Cents;
  /** What `unitCents` is charged for: the packs, or the estimated weight (core/catch-weight). */
  billed: number;
  /** The quantity break that gives that price, if one does: kept on the order line. */
  priceBreakQuantity: number | null;
  /** The restaurant's price list of the farm it was priced by. */
  list: PriceListTerms | null;
}

interface CheckedEntry extends PlacementEntry {
  farm: FarmRow;
  lines: CheckedLine[];
  /** Why `farm.taxRate` is the order's rate under the farm's rule by buyer (docs/tax.md). */
  taxReason?: string | null;
}

interface PricedEntry extends CheckedEntry {
  subtotal: Cents;
  deliveryFee: Cents;
  /** The fee of an order below the farm's minimum in `fee` mode (docs/minimums.md). */
  smallOrderFee: Cents;
  taxRate: RateUnits;
  tax: Cents;
  total: Cents;
}

interface ReadyEntry extends PricedEntry {
  restaurantId: number;
  deliveryDate: string | null;
  /** The zone the order is placed for, kept on the order. */
  deliveryArea: string | null;
}

interface InsertedEntry extends ReadyEntry {
  orderId: number;
  /** Each pack's line id: the ledger names the line a sale took stock for. */
  itemIds: Map<number, number>;
}

const cents = centsOf;

const productColumns = {
  id: products.id,
  farmId: products.farmId,
  name: products.name,
  unit: products.unit,
  price: products.price,
  weightUnit: products.weightUnit,
  availableQuantity: products.availableQuantity,
  isActive: products.isActive,
  deletedAt: products.deletedAt,
};

/** A value the code above guarantees; its absence is a bug, never the client's fault. */
function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Order placement lost track of ${what}`);
  return value;
}

/**
 * The entry's lines by pack, repeated ones summed: a line without a pack is of the product's
 * unit pack, so it sums with one that names it (`unitPackOf` finds it once the packs are read).
 */
function summedLines(
  entry: PlacementEntry,
  unitPackOf: (productId: number) => number | undefined,
): OrderLine[] {
  const lines = new Map<string, OrderLine>();
  entry.body.items.forEach((item, itemIndex) => {
    const price = cents(item.unitPrice);
    const packId = item.packId ?? unitPackOf(item.productId) ?? null;
    const key = `${item.productId}:${packId ?? 'none'}`;
    const sentTotal =
      item.totalPrice === undefined
        ? []
        : [{ itemIndex, quantity: item.quantity, totalCents: cents(item.totalPrice) }];
    const line = lines.get(key);
    if (!line) {
      lines.set(key, {
        productId: item.productId,
        sentPackId: packId,
        askedPackId: item.packId ?? null,
        quantity: item.quantity,
        sentUnitPriceCents: price,
        itemIndex,
        sentTotals: sentTotal,
        substitution: item.substitution ?? null,
      });
      return;
    }
    line.sentTotals.push(...sentTotal);
    line.substitution ??= item.substitution ?? null;
    if (line.sentUnitPriceCents !== price) {
      throw badRequest('The same product appears with two different prices', {
        [`${entry.fieldPrefix}items.${itemIndex}.unitPrice`]: 'Differs from the same product above',
      });
    }
    line.quantity = addQuantities(line.quantity, item.quantity);
  });
  return [...lines.values()];
}

function problem(
  farm: { id: number; name: string },
  line: OrderLine,
  product: ProductRow | undefined,
  availableQuantity: number,
  /** The restaurant's price of the line now; the product's list price when not given. */
  unitCents?: Cents,
  /** The line's pack, when the line names one the product has. */
  pack?: PackRow,
): OrderProblemProduct {
  return {
    farmId: farm.id,
    farmName: farm.name,
    productId: line.productId,
    productName: product?.name ?? null,
    unit: product?.unit ?? null,
    // A pack found by the server is named only with the product it belongs to.
    packId: pack?.id ?? line.askedPackId,
    requestedQuantity: line.quantity,
    availableQuantity,
    availablePacks: packsIn(availableQuantity, pack?.size ?? 1),
    unitPrice: product ? toMoneyString(unitCents ?? cents(product.price)) : null,
    sentUnitPrice: toMoneyString(line.sentUnitPriceCents),
  };
}

type Problems = [OrderProblemProduct, ...OrderProblemProduct[]];

/** A 409 naming the farm and product at fault, with every product's current figures. */
function placementConflict(message: string, code: string, problems: Problems) {
  const [first] = problems;
  return conflict(message, code, {
    farmId: first.farmId,
    farmName: first.farmName,
    productId: first.productId,
    productName: first.productName,
    packId: first.packId,
    availableQuantity: first.availableQuantity,
    availablePacks: first.availablePacks,
    requestedQuantity: first.requestedQuantity,
    unitPrice: first.unitPrice,
    products: problems,
  });
}

function refuseIfAny(message: string, code: string, problems: OrderProblemProduct[]): void {
  const [first, ...rest] = problems;
  if (first) throw placementConflict(message, code, [first, ...rest]);
}

function isListed(product: ProductRow): boolean {
  return product.isActive && product.deletedAt === null;
}

/** The units of stock the lines take, per product, in product id order (the lock order). */
function unitsByProduct(lines: readonly CheckedLine[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const taken = unitsOfPacks(line.quantity, line.pack.size);
    units.set(line.productId, addQuantities(units.get(line.productId) ?? 0, taken));
  }
  return units;
}

/** The farms of a placement (`ids`), each with its terms and whether it sells now. */
const farmsOfPlacement = preparedSelect((select) =>
  select
    .select({
      id: farms.id,
      name: farms.name,
      deliveryFee: farms.deliveryFee,
      taxRate: farms.taxRate,
      open: sql<boolean>`${farmIsOpen}`,
      everApproved: sql<boolean>`${farms.approvalStatus} = 'approved'`,
    })
    .from(farms)
    .where(sql`${farms.id} = any(${sql.placeholder('ids')})`),
);

/**
 * The products of a placement (`ids`) as the checks read them, in id order; locked until the
 * transaction ends for a standing order's partial placement.
 */
function productsOfPlacement(locked: boolean) {
  return preparedSelect((select) => {
    const read = select
      .select(productColumns)
      .from(products)
      .where(sql`${products.id} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(products.id));
    return locked ? read.for('update') : read;
  });
}
const readProducts = productsOfPlacement(false);
const lockProducts = productsOfPlacement(true);

/**
 * The packs of a placement's products (`ids`): the live ones, and any named (`packIds`) though
 * archived, which answer as no longer available rather than as unknown.
 */
const packsOfPlacement = preparedSelect((select) =>
  select
    .select({
      id: productPacks.id,
      productId: productPacks.productId,
      label: productPacks.label,
      size: productPacks.size,
      price: productPacks.price,
      minimumQuantity: productPacks.minimumQuantity,
      estimatedWeight: productPacks.estimatedWeight,
      archivedAt: productPacks.archivedAt,
    })
    .from(productPacks)
    .where(
      sql`${productPacks.productId} = any(${sql.placeholder('ids')}) and (${productPacks.archivedAt} is null or ${productPacks.id} = any(${sql.placeholder('packIds')}))`,
    ),
);

/**
 * Phase 1, check: every farm exists, every product is the farm's, listed, at the sent price and
 * in stock. Bad input first (400), then the state of the catalog (409), all before any write.
 */
async function checkEntries(
  tx: Tx,
  buyer: Buyer,
  entries: PlacementEntry[],
  partial = false,
): Promise<CheckedEntry[]> {
  const farmIds = entries.map((entry) => entry.body.farmId);
  const items = entries.flatMap((entry) => entry.body.items);
  const productIds = [...new Set(items.map((item) => item.productId))];
  const packIds = [
    ...new Set(items.flatMap((item) => (item.packId === undefined ? [] : [item.packId]))),
  ];
  // Asked for together: one round trip
  // (docs/performance.md#pipelined-statements-and-what-an-order-costs-the-machine). The checks
  // below still run in their order, so the first problem found is the one answered.
  const [farmRows, productRows, packRows, pricing] = await Promise.all([
    farmsOfPlacement(tx, { ids: farmIds }),
    (partial ? lockProducts : readProducts)(tx, { ids: productIds }),
    packsOfPlacement(tx, { ids: productIds, packIds }),
    // The restaurant's own prices: its price list of each farm (docs/price-lists.md).
    restaurantPricing(tx, buyer.restaurantId, farmIds),
  ]);
  const farmById = new Map(farmRows.map((farm) => [farm.id, farm]));
  const packById = new Map(packRows.map((pack) => [pack.id, pack]));
  const unitPackOf = new Map(
    packRows
      .filter((pack) => pack.archivedAt === null && isUnitPack(pack))
      .map((pack) => [pack.productId, pack.id]),
  );
  // A farm that is not open sells nothing: its products answer as unavailable ones. One never
  // approved is named to nobody (errors never show what the asker may not see).
  const namedFarm = (farm: FarmRow) =>
    farm.everApproved ? farm : { id: farm.id, name: 'this farm' };
  // Every farm is checked before any line, so an unknown farm is 404 whatever the lines hold.
  const withFarms = entries
    .map((entry) => {
      const farm = farmById.get(entry.body.farmId);
      if (!farm) {
        throw new AppError(404, 'Farm not found', 'farm_not_found', {
          [`${entry.fieldPrefix}farmId`]: 'No such farm',
        });
      }
      return { ...entry, farm };
    })
    .map((entry) => ({
      ...entry,
      lines: summedLines(entry, (productId) => unitPackOf.get(productId)),
    }));
  const productById = new Map(productRows.map((product) => [product.id, product]));
  const priceOf = (product: ProductRow, pack: PackRow, quantity: number) => {
    const list = listOfFarm(pricing, product.farmId);
    const priced = {
      id: product.id,
      listPriceCents: cents(product.price),
      pricedByWeight: product.weightUnit !== null,
    };
    return { ...linePriceOf(priced, pack, list, quantity), list };
  };
  /** The line's pack, when it is one the product has (archived or not). */
  const packOfLine = (line: OrderLine, product: ProductRow) => {
    const pack = line.sentPackId === null ? undefined : packById.get(line.sentPackId);
    return pack && pack.productId === product.id ? pack : undefined;
  };

  const unavailable: OrderProblemProduct[] = [];
  const repriced: OrderProblemProduct[] = [];
  const short: OrderProblemProduct[] = [];
  const checked = withFarms.map(({ farm, lines, ...entry }) => {
    const checkedLines: CheckedLine[] = [];
    // A standing order's stock left per product as its lines take it, in the lines' order.
    const left = new Map<number, number>();
    for (const line of lines) {
      const product = productById.get(line.productId);
      const field = `${entry.fieldPrefix}items.${line.itemIndex}`;
      // An unlisted product is what the buyer may not see: it answers as an unknown one, with
      // no name, unit or price, whichever farm it belongs to.
      if (partial && (!product || product.farmId === farm.id)) {
        // Left out when gone, unlisted, sold out or dearer than the price the restaurant last
        // saw (docs/standing-orders.md); otherwise what there is, at today's price for it.
        const pack = product && packOfLine(line, product);
        const onOffer = product && pack && pack.archivedAt === null && isListed(product);
        const stock = product ? (left.get(product.id) ?? product.availableQuantity) : 0;
        const fits = onOffer && farm.open ? Math.min(line.quantity, packsIn(stock, pack.size)) : 0;
        const quantity =
          pack && pack.minimumQuantity !== null && fits < pack.minimumQuantity ? 0 : fits;
        const price = product && pack && quantity > 0 ? priceOf(product, pack, quantity) : null;
        // The seen price is one pack's (by weight, its estimate's), as the standing order keeps it.
        if (
          product &&
          pack &&
          price &&
          onePackCents(price.unitCents, pack, product.weightUnit !== null) <=
            line.sentUnitPriceCents
        ) {
          left.set(product.id, subtractQuantities(stock, unitsOfPacks(quantity, pack.size)));
          checkedLines.push({ ...line, quantity, product, pack, ...price });
        }
        continue;
      }
      if (!product || !isListed(product) || !farm.open) {
        unavailable.push(problem(namedFarm(farm), line, undefined, 0));
        continue;
      }
      if (product.farmId !== farm.id) {
        throw badRequest(`This product is not sold by ${farm.name}`, {
          [`${field}.productId`]: `Not sold by ${farm.name}`,
        });
      }
      const pack = packOfLine(line, product);
      if (!pack) {
        const message =
          line.sentPackId === null
            ? `${product.name} is sold by the pack: choose one`
            : 'Not a pack of this product';
        throw badRequest(message, { [`${field}.packId`]: message });
      }
      if (pack.archivedAt !== null || (product.weightUnit !== null && !pack.estimatedWeight)) {
        unavailable.push(problem(namedFarm(farm), line, undefined, 0));
        continue;
      }
      // Each item's total is its price times what it is charged for, as the client showed it.
      for (const sent of line.sentTotals) {
        const charged =
          product.weightUnit === null
            ? sent.quantity
            : unitsOfPacks(sent.quantity, pack.estimatedWeight ?? 0);
        if (
          quantityHundredths(charged) !== null &&
          sent.totalCents !== multiplyCents(line.sentUnitPriceCents, charged)
        ) {
          const message =
            product.weightUnit === null
              ? 'The line total must be the unit price times the quantity'
              : `The line total must be the price per ${product.weightUnit} times the estimated weight`;
          throw badRequest(message, {
            [`${entry.fieldPrefix}items.${sent.itemIndex}.totalPrice`]: message,
          });
        }
      }
      // Decimals are for a weighed unit alone, and no line holds less than its pack's minimum
      // (docs/packs.md).
      const quantityProblem = packQuantityProblem(product.unit, pack, line.quantity);
      if (quantityProblem) {
        throw badRequest(quantityProblem, { [`${field}.quantity`]: quantityProblem });
      }
      const price = priceOf(product, pack, line.quantity);
      if (price.unitCents !== line.sentUnitPriceCents) {
        repriced.push(
          problem(farm, line, product, product.availableQuantity, price.unitCents, pack),
        );
        continue;
      }
      checkedLines.push({ ...line, product, pack, ...price });
    }
    // Each product's packs take from its one stock: their units together must be there.
    for (const [productId, taken] of unitsByProduct(checkedLines)) {
      const product = present(productById.get(productId), `product ${productId}`);
      if (partial || product.availableQuantity >= taken) continue;
      for (const line of checkedLines.filter((candidate) => candidate.productId === productId)) {
        short.push(
          problem(farm, line, product, product.availableQuantity, line.unitCents, line.pack),
        );
      }
    }
    if (partial && checkedLines.length === 0) {
      throw conflict(
        `Nothing of this order is available from ${namedFarm(farm).name}`,
        'nothing_available',
      );
    }
    return { ...entry, farm, lines: checkedLines };
  });
  refuseIfAny(
    'A product is no longer available',
    ORDER_CONFLICT_CODES.productUnavailable,
    unavailable,
  );
  refuseIfAny('Prices have changed', ORDER_CONFLICT_CODES.priceChanged, repriced);
  refuseIfAny('Not enough stock', ORDER_CONFLICT_CODES.insufficientStock, short);
  return checked;
}

/**
 * Each entry at the rate the farm's rule by buyer gives for the order's delivery day, else the
 * Hawaii day of placement (docs/tax.md); a farm with one rate keeps it, with no reason.
 */
function taxedByBuyer(
  entries: CheckedEntry[],
  terms: BuyerTaxTerms,
  days: ResolvedDeliveryDay[] | null,
  placedOn: string,
): CheckedEntry[] {
  return entries.map((entry, index) => {
    const day = days?.[index]?.deliveryDate ?? placedOn;
    const tax = buyerTaxOn(terms, entry.farm.id, day);
    return tax
      ? { ...entry, farm: { ...entry.farm, taxRate: tax.taxRate }, taxReason: tax.taxReason }
      : { ...entry, taxReason: null };
  });
}

/**
 * The farm's minimum, judged on the subtotal (docs/minimums.md): a `block` minimum refuses the
 * placement with every farm it refuses, the first also at the top, as the other 409s name them.
 */
function refuseBelowMinimum(
  entries: { farm: FarmRow; subtotal: Cents; minimum: Minimum | null }[],
): void {
  const below = entries.flatMap(({ farm, subtotal, minimum }) =>
    minimum && blockedByMinimum(subtotal, minimum)
      ? [
          {
            farmId: farm.id,
            farmName: farm.name,
            amount: minimum.amount,
            subtotal: toMoneyString(subtotal),
            reason: belowMinimumReason(farm.name, cents(minimum.amount)),
          },
        ]
      : [],
  );
  const [first] = below;
  if (!first) return;
  const farmsBelow = below.map(({ reason: _reason, ...farm }) => farm);
  throw conflict(`Your order is ${first.reason}`, ORDER_CONFLICT_CODES.belowMinimum, {
    ...farmsBelow[0],
    farms: farmsBelow,
  });
}

/**
 * Phase 2, price: each order's money from the database's prices (equal to the sent ones by
 * now), the farm's fee, its small-order fee when under its minimum, and the farm's GET rate, by
 * `priceOrder` as every change prices an order (with the cap), compared with the total the
 * restaurant saw. A `block` minimum refuses first (docs/minimums.md).
 */
function priceEntries(
  entries: CheckedEntry[],
  minimums: Map<number, Minimum>,
  partial = false,
): PricedEntry[] {
  const lineTotals = entries.map((entry) =>
    entry.lines.map((line) => multiplyCents(line.unitCents, line.billed)),
  );
  refuseBelowMinimum(
    entries.map((entry, index) => ({
      farm: entry.farm,
      subtotal: sumCents(lineTotals[index]!),
      minimum: minimums.get(entry.farm.id) ?? null,
    })),
  );
  const stale: OrderProblemFarm[] = [];
  const priced = entries.map((entry, index) => {
    const deliveryFee = cents(entry.farm.deliveryFee);
    const taxRate = rateOf(entry.farm.taxRate);
    const totals = lineTotals[index]!;
    const smallOrderFee = smallOrderFeeCents(sumCents(totals), minimums.get(entry.farm.id) ?? null);
    const price = priceOrder(totals, taxableFeesCents(deliveryFee, smallOrderFee), taxRate);
    const { subtotal, taxCents: tax, totalCents: total } = price;
    if (!price.withinCap) {
      throw badRequest('This order is too large to place at once', {
        [`${entry.fieldPrefix}items`]: 'Split this order into smaller ones',
      });
    }
    // The total is the subtotal, fee and tax as the restaurant saw them; prices are equal by
    // now, so a different total means the fee or the tax rate changed (or the client left one
    // out): the restaurant sees the new figures and confirms again, never a silent charge.
    const sent = cents(entry.body.totalAmount);
    if (sent !== total && !partial) {
      stale.push({
        farmId: entry.farm.id,
        farmName: entry.farm.name,
        subtotal: toMoneyString(subtotal),
        deliveryFee: toMoneyString(deliveryFee),
        taxRate: toRateString(taxRate),
        taxAmount: toMoneyString(tax),
        smallOrderFee: toMoneyString(smallOrderFee),
        totalAmount: toMoneyString(total),
        sentTotalAmount: toMoneyString(sent),
      });
    }
    return { ...entry, subtotal, deliveryFee, smallOrderFee, taxRate, tax, total };
  });
  const [first] = stale;
  if (first) {
    throw conflict('The order total has changed', ORDER_CONFLICT_CODES.totalChanged, {
      ...first,
      farms: stale,
    });
  }
  return priced;
}

/**
 * Phase 5, take stock: through the one stock function (orders/stock.ts), which takes each
 * product with a conditional update in id order, writes the ledger and tells the farm of stock
 * under the low-stock line. A product that changed since the check (sold out, unlisted,
 * repriced) refuses the whole placement.
 */
async function takeStock(tx: Tx, actor: Actor, entries: InsertedEntry[]): Promise<void> {
  const takes = takesOf(entries);
  const byMove = new Map(takes.map((take) => [take.move, take]));
  const result = await moveStock(
    tx,
    actor,
    takes.map((take) => take.move),
  );
  if (!result.ok) {
    const { move, product: now } = result.refused;
    const { line, entry } = present(byMove.get(move), 'the refused line');
    if (!now || !now.listed) {
      throw placementConflict(
        'A product is no longer available',
        ORDER_CONFLICT_CODES.productUnavailable,
        [problem(entry.farm, line, undefined, 0)],
      );
    }
    throw placementConflict('Not enough stock', ORDER_CONFLICT_CODES.insufficientStock, [
      problem(
        entry.farm,
        line,
        { ...line.product, ...now },
        now.availableQuantity,
        line.unitCents,
        line.pack,
      ),
    ]);
  }
  for (const taken of result.moved) {
    const { line, entry } = present(byMove.get(taken.move), 'the taken line');
    // The list price the line was priced from must not have moved since it was read.
    if (cents(taken.price) !== cents(line.product.price)) {
      const product = { ...line.product, price: taken.price };
      const listed = {
        id: product.id,
        listPriceCents: cents(taken.price),
        pricedByWeight: product.weightUnit !== null,
      };
      const { unitCents } = linePriceOf(listed, line.pack, line.list, line.quantity);
      throw placementConflict('Prices have changed', ORDER_CONFLICT_CODES.priceChanged, [
        problem(entry.farm, line, product, product.availableQuantity, unitCents, line.pack),
      ]);
    }
  }
}

/**
 * Each product's take of stock: its packs' units summed, so a move is the order's whole take of
 * the product (docs/packs.md), named in the ledger by the product's first line.
 */
function takesOf(
  entries: InsertedEntry[],
): { move: StockMove; line: CheckedLine; entry: InsertedEntry }[] {
  return entries.flatMap((entry) =>
    [...unitsByProduct(entry.lines)].map(([productId, units]) => {
      const line = present(
        entry.lines.find((candidate) => candidate.productId === productId),
        `a line of product ${productId}`,
      );
      return {
        line,
        entry,
        move: {
          productId,
          change: -units,
          reason: 'sale' as const,
          orderId: entry.orderId,
          orderItemId: entry.itemIds.get(line.pack.id) ?? null,
        },
      };
    }),
  );
}

/**
 * Phase 5 with the commit (docs/performance.md#the-commit-sent-with-the-stock): the takes sent
 * ahead to leave with the transaction's commit, each refusing unless its product is still as
 * the checks read it; answers false, sending none, when the ordinary take is needed
 * (orders/stock.ts says when).
 */
function sendTakesWithCommit(tx: Tx, actor: Actor, entries: InsertedEntry[]): boolean {
  return sendTakesAhead(
    tx,
    actor,
    takesOf(entries).map(({ move, line }) => ({
      move,
      price: line.product.price,
      available: line.product.availableQuantity,
    })),
  );
}

// A placement's rows by column, the orders' and the lines' passed as one parameter each.
const entryColumns = {
  // The id, read as an integer column: a serial is no type a recordset can be read as.
  id: orderItems.orderId,
  farmId: orders.farmId,
  restaurantId: orders.restaurantId,
  subtotal: orders.subtotal,
  deliveryFee: orders.deliveryFee,
  taxRate: orders.taxRate,
  taxAmount: orders.taxAmount,
  taxReason: orders.taxReason,
  smallOrderFee: orders.smallOrderFee,
  totalAmount: orders.totalAmount,
  deliveryDate: orders.deliveryDate,
  deliveryArea: orders.deliveryArea,
  notes: orders.notes,
  standingOrderId: orders.standingOrderId,
};
// One order per farm (a farm listed twice is refused by the schema), so the farm names each
// line's order.
const lineColumns = {
  farmId: orders.farmId,
  productId: orderItems.productId,
  productName: orderItems.productName,
  productUnit: orderItems.productUnit,
  packId: orderItems.packId,
  packLabel: orderItems.packLabel,
  packSize: orderItems.packSize,
  weightUnit: orderItems.weightUnit,
  packWeight: orderItems.packWeight,
  quantity: orderItems.quantity,
  unitPrice: orderItems.unitPrice,
  totalPrice: orderItems.totalPrice,
  priceBreakQuantity: orderItems.priceBreakQuantity,
  substitution: orderItems.substitution,
};

/**
 * The ids of a placement's orders, taken from their sequence with the checks' reads: the insert
 * and the read-back of the orders then leave together, neither waiting for the other's answer
 * (one round trip). A placement refused after this leaves its ids unused, as a rolled-back one
 * always has: order numbers are unique and increasing, and may skip.
 */
function takeOrderIds(tx: Tx, count: number): Promise<number[]> {
  return rows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::integer as id
      from generate_series(1, ${count})`,
  ).then((taken) => taken.map((row) => Number(row.id)));
}

/**
 * Phase 3, insert: the orders (for the days and zones resolved just before), their lines and
 * the first entry of each status history, by the actor who placed them, in one statement (a
 * data-modifying `with`): every round trip of a placement is a system call on each side
 * (docs/performance.md#orders-under-load-post-apiorders).
 */
async function insertOrders(
  tx: Tx,
  { actor, entries, ids }: { actor: Actor; entries: ReadyEntry[]; ids: number[] },
): Promise<InsertedEntry[]> {
  const entryRows = entries.map((entry, index) => ({
    id: present(ids[index], `the id of the order of farm ${entry.farm.id}`),
    farmId: entry.farm.id,
    restaurantId: entry.restaurantId,
    subtotal: toMoneyString(entry.subtotal),
    deliveryFee: toMoneyString(entry.deliveryFee),
    taxRate: toRateString(entry.taxRate),
    taxAmount: toMoneyString(entry.tax),
    taxReason: entry.taxReason ?? null,
    smallOrderFee: toMoneyString(entry.smallOrderFee),
    totalAmount: toMoneyString(entry.total),
    deliveryDate: entry.deliveryDate,
    deliveryArea: entry.deliveryArea,
    notes: entry.body.notes,
    standingOrderId: entry.standingOrderId,
  }));
  const lineRows = entries.flatMap((entry) =>
    entry.lines.map((line) => ({
      farmId: entry.farm.id,
      productId: line.productId,
      productName: line.product.name,
      productUnit: line.product.unit,
      packId: line.pack.id,
      packLabel: line.pack.label,
      packSize: line.pack.size,
      weightUnit: line.product.weightUnit,
      packWeight: line.product.weightUnit === null ? null : line.pack.estimatedWeight,
      quantity: line.quantity,
      unitPrice: toMoneyString(line.unitCents),
      totalPrice: toMoneyString(multiplyCents(line.unitCents, line.billed)),
      priceBreakQuantity: line.priceBreakQuantity,
      substitution: line.substitution,
    })),
  );
  // A restaurant's placement is theirs; a standing order's is the system's, for the restaurant.
  const who = historyActor(actor);
  const placed = await rows<{
    farm_id: number;
    order_id: number;
    item_id: number | null;
    pack_id: number | null;
  }>(
    tx,
    sql`
    with placed as (
      insert into orders
        (id, farm_id, restaurant_id, status, subtotal, delivery_fee, tax_rate, tax_amount,
         tax_reason, small_order_fee, total_amount, delivery_date, delivery_area, notes,
         standing_order_id)
      select order_id, farm_id, restaurant_id, 'pending', subtotal, delivery_fee, tax_rate, tax_amount,
        tax_reason, small_order_fee, total_amount, delivery_date, delivery_area, notes,
        standing_order_id
      from ${jsonRows('entry', entryColumns, entryRows)}
      order by entry.ordinality
      returning id, farm_id, restaurant_id
    ),
    lines as (
      insert into order_items
        (order_id, product_id, product_name, product_unit, pack_id, pack_label, pack_size,
         weight_unit, pack_weight, quantity, unit_price, total_price, price_break_quantity,
         substitution)
      select placed.id, line.product_id, line.product_name, line.product_unit, line.pack_id,
        line.pack_label, line.pack_size, line.weight_unit, line.pack_weight, line.quantity,
        line.unit_price, line.total_price, line.price_break_quantity,
        -- As sent, else the restaurant's order guide for the pack, else ask
        -- (docs/substitutions.md); a standing order sends none, so its guide decides too.
        coalesce(line.substitution, (select guide.substitution from order_guide_items guide
          where guide.restaurant_id = placed.restaurant_id
            and guide.product_id = line.product_id and guide.pack_id = line.pack_id), 'ask')
      from ${jsonRows('line', lineColumns, lineRows)}
      join placed on placed.farm_id = line.farm_id
      -- Line ids in the order sent: an order shows its lines by id.
      order by line.ordinality
      returning id, order_id, pack_id
    ), history as (
      insert into order_status_history
        (order_id, from_status, to_status, changed_by_user_id, changed_by_role, changed_by_job)
      select id, null, 'pending', ${who.changedByUserId}, ${who.changedByRole}, ${who.changedByJob}
      from placed
    )
    select placed.farm_id, placed.id as order_id, lines.id as item_id, lines.pack_id
    from placed left join lines on lines.order_id = placed.id`,
  );
  const orderIdByFarm = new Map(placed.map((row) => [Number(row.farm_id), Number(row.order_id)]));
  return entries.map((entry) => {
    const orderId = present(orderIdByFarm.get(entry.farm.id), `the order of farm ${entry.farm.id}`);
    return {
      ...entry,
      orderId,
      itemIds: new Map(
        placed
          .filter((row) => Number(row.order_id) === orderId && row.item_id !== null)
          .map((row) => [Number(row.pack_id), Number(row.item_id)]),
      ),
    };
  });
}

/**
 * Phase 4, announce: the farm's notice of each order and the live updates, recorded in the
 * transaction so they go out only if it commits (live events are delivered at commit, in the
 * order they were sent, whenever in the transaction they were sent). Resolves once they are
 * sent; the transaction joins their answers before it commits.
 */
async function announcePlaced(
  tx: Tx,
  {
    buyer,
    entries,
    placed,
    listeners,
  }: {
    buyer: Buyer;
    entries: InsertedEntry[];
    /** Each entry's order as read back, in the entries' order. */
    placed: PricedOrder[];
    listeners: Map<number, Promise<Listener[]>>;
  },
): Promise<void> {
  await sendNotificationEvents(
    tx,
    entries.map((entry, index): NotificationEvent => ({
      type: 'order.placed',
      order: present(placed[index], `order ${entry.orderId}`),
      listeners: listeners.get(entry.farm.id),
    })),
    // Every order's two live events, after the bell's, in one round trip.
    entries.flatMap((entry): LiveEvent[] => [
      {
        type: 'orders.changed',
        orderId: entry.orderId,
        farmId: entry.farm.id,
        restaurantId: buyer.restaurantId,
      },
      {
        type: 'products.changed',
        farmId: entry.farm.id,
        productIds: entry.lines.map((line) => line.productId),
      },
    ]),
  );
}

/**
 * Places one order per entry (one per farm) inside the caller's transaction: every check and
 * every stock decrement happen here, so a refusal anywhere rolls back all of it.
 */
export async function placeInTransaction(
  tx: Tx,
  request: PlacementRequest,
): Promise<PricedOrder[]> {
  const before = await placeBeforeStock(tx, request);
  await takeStock(tx, request.actor, before.inserted);
  return before.placed;
}

/**
 * Every phase of a placement but the stock: the orders as placed and the entries the stock is
 * then taken for. The announcement is sent, not yet answered: the commit joins it.
 */
async function placeBeforeStock(
  tx: Tx,
  { buyer, actor, entries, now, partial = false }: PlacementRequest,
): Promise<{ inserted: InsertedEntry[]; placed: PricedOrder[] }> {
  // Days and zones by the farm's cutoff and the restaurant's zone (docs/product.md), asked for
  // with the checks' reads (one round trip) and answered after them: a problem of the order's
  // lines or money is told before one of its day, as when they were asked for one by one.
  const days = sendAhead(
    tx,
    resolveDeliveryDays(
      tx,
      buyer.restaurantId,
      entries.map((entry) => entry.body),
      entries.map((entry) => entry.fieldPrefix),
      now,
    ),
  );
  // Who of each farm hears of its order, and the orders' ids, asked for with the checks' reads.
  const listeners = new Map(
    entries.map((entry) => [
      entry.body.farmId,
      sendAhead(tx, whoHearsOfNewOrders(tx, entry.body.farmId)),
    ]),
  );
  const orderIds = sendAhead(tx, takeOrderIds(tx, entries.length));
  // The farms' GET rules and the restaurant's resale certificates, asked for with the checks.
  const taxTerms = sendAhead(
    tx,
    buyerTaxTerms(
      tx,
      buyer.restaurantId,
      entries.map((entry) => entry.body.farmId),
    ),
  );
  // The restaurant's credit terms and holds with these farms (docs/customers.md): one read by
  // key with the checks'; without a row the credit check is over.
  const creditRows = sendAhead(
    tx,
    creditRowsOf(
      tx,
      buyer.restaurantId,
      entries.map((entry) => entry.body.farmId),
    ),
  );
  // The farms' minimums that apply to the restaurant (docs/minimums.md), with the checks' reads.
  const minimums = sendAhead(
    tx,
    minimumsFor(
      tx,
      buyer.restaurantId,
      entries.map((entry) => entry.body.farmId),
    ),
  );
  const checked = await checkEntries(tx, buyer, entries, partial);
  // The rate by buyer hangs on the order's day (docs/tax.md), so the days are read before the
  // pricing; a refused day is still told after a problem of the money.
  const daysRead = await days.then(
    (found) => ({ found, refusal: null }),
    (refusal: unknown) => ({ found: null, refusal }),
  );
  const priced = priceEntries(
    taxedByBuyer(checked, await taxTerms, daysRead.found, hawaiiDate(now)),
    await minimums,
    partial,
  );
  await checkCredit(
    tx,
    buyer.restaurantId,
    await creditRows,
    priced.map((entry) => ({ farm: entry.farm, totalCents: entry.total })),
    now,
  );
  if (daysRead.found === null) throw daysRead.refusal;
  const deliveryDays = daysRead.found;
  const ready = priced.map((entry, index) => {
    const day = present(deliveryDays[index], `the delivery day of farm ${entry.farm.id}`);
    return { ...entry, deliveryDate: day.deliveryDate, deliveryArea: day.deliveryArea };
  });
  // Taking stock locks the products' rows until the transaction ends, and checkouts of the same
  // product queue there: everything that does not depend on the new stock (the orders, their
  // lines and history, reading them back, the farm's notice, the live events) is done before,
  // so the lock is held for the updates and the commit alone. A refusal while taking stock
  // still rolls all of it back.
  const ids = await orderIds;
  const [inserted, loaded] = await Promise.all([
    insertOrders(tx, {
      actor,
      entries: ready.map((entry) => ({ ...entry, restaurantId: buyer.restaurantId })),
      ids,
    }),
    loadOrdersByIds(tx, ids),
  ]);
  const byId = new Map(loaded.map((order) => [order.id, order]));
  const placed = inserted.map((entry) =>
    present(byId.get(entry.orderId), `order ${entry.orderId}`),
  );
  await announcePlaced(tx, { buyer, entries: inserted, placed, listeners });
  return { inserted, placed };
}

/**
 * A restaurant's placement, its commit sent with its takes of stock
 * (docs/performance.md#the-commit-sent-with-the-stock): a hot product's row is then held for
 * the time PostgreSQL needs, not for a round trip to the server. When the database finds a
 * product other than the checks read it (sold, unlisted or repriced meanwhile, or crossing the
 * low-stock line), nothing was kept, and the placement is made again the ordinary way, which
 * refuses it in its own words or places it. The stored answer of an Idempotency-Key goes with
 * the takes.
 */
async function placeForRestaurant<T>(
  db: Db,
  actor: RestaurantActor,
  key: { scope: string; key: string | undefined; body: unknown },
  entries: PlacementEntry[],
  now: Date,
  answer: (placed: PricedOrder[]) => T,
): Promise<StoredResult<T>> {
  const request: PlacementRequest = { buyer: buyerOf(actor), actor, entries, now };
  const options = { userId: actor.userId, business: actor.business, now, ...key };
  try {
    return await runIdempotent<T>(db, options, async (tx) => {
      const before = await placeBeforeStock(tx, request);
      if (!sendTakesWithCommit(tx, actor, before.inserted)) {
        await takeStock(tx, actor, before.inserted);
      }
      return { statusCode: 201, body: answer(before.placed) };
    });
  } catch (error) {
    // A refusal by a farm's credit terms holds the account (docs/customers.md).
    await holdOnRefusal(db, error);
    if (!isRefusedTake(error)) throw error;
  }
  return runIdempotent<T>(db, options, async (tx) => ({
    statusCode: 201,
    body: answer(await placeInTransaction(tx, request)),
  }));
}

function buyerOf(actor: RestaurantActor): Buyer {
  return { restaurantId: actor.business.id };
}

/** POST /api/orders: one farm's order. */
export async function placeOrder(
  db: Db,
  actor: RestaurantActor,
  body: OrderCreateBody,
  idempotencyKey: string | undefined,
  now = clockNow(),
): Promise<StoredResult<PricedOrder>> {
  return placeForRestaurant(
    db,
    actor,
    { scope: 'POST /api/orders', key: idempotencyKey, body },
    [{ body, fieldPrefix: '' }],
    now,
    ([order]) => present(order, 'the placed order'),
  );
}

/** POST /api/checkout: every farm's order of the cart, all or none. */
export async function checkout(
  db: Db,
  actor: RestaurantActor,
  entries: OrderCreateBody[],
  idempotencyKey: string | undefined,
  now = clockNow(),
): Promise<StoredResult<{ orders: PricedOrder[] }>> {
  return placeForRestaurant(
    db,
    actor,
    { scope: 'POST /api/checkout', key: idempotencyKey, body: entries },
    entries.map((body, index) => ({ body, fieldPrefix: `orders.${index}.` })),
    now,
    (placed) => ({ orders: placed }),
  );
}

/**
 * Moves an order of the farm along the status machine, or cancels it, through the one
 * order-change path: the order's row is locked, so of two concurrent moves one waits and then
 * finds the status changed; cancelling gives the stock back in the same transaction, once.
 */
export async function changeOrderStatus(
  db: Db,
  actor: FarmActor,
  orderId: number,
  body: OrderStatusBody,
  today = clockToday(),
): Promise<PricedOrder> {
  return db.transaction((tx) =>
    applyOrderChange(tx, actor, orderId, {
      kind: 'status',
      status: body.status,
      recipientName: body.recipientName,
      today,
    }),
  );
}

/** Who changed an order's status, by name, and when (oldest first). */
export async function statusHistory(db: Db, orderId: number): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select({
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      changedByUserId: orderStatusHistory.changedByUserId,
      changedAt: orderStatusHistory.changedAt,
      changedByRole: orderStatusHistory.changedByRole,
      changedByJob: orderStatusHistory.changedByJob,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedByUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  return rows.map(({ firstName, lastName, changedByJob, ...row }) => ({
    ...row,
    changedAt: row.changedAt.toISOString(),
    changedByName: row.changedByUserId === null ? null : shortPersonName(firstName, lastName),
    changedByJob: isSystemJob(changedByJob) ? changedByJob : null,
  }));
}
