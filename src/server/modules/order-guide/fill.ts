import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DeliveryZone } from '#core/delivery-zones';
import { formatCalendarDate } from '#core/hawaii-time';
import { centsOf, toMoneyString } from '#core/money';
import { isUnitPack, packCountLabel, packsIn, unitsOfPacks } from '#core/packs';
import { subtractQuantities } from '#core/quantity';
import type { FarmDeliveryOutlook } from '#core/schemas/delivery';
import {
  type GuideWeekday,
  type OrderGuideAlternative,
  type OrderGuideFill,
  type OrderGuideFillBody,
  type OrderGuideLine,
  type OrderGuideUnfilled,
} from '#core/schemas/order-guide';
import { WEEKDAYS } from '#core/schemas/standing-order';
import { weekdayOf } from '#core/standing-orders';
import { foldText } from '#core/text-fold';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/database';
import { foldedSql } from '../../db/fold';
import { farms, productPacks, products } from '../../db/schema';
import { badRequest } from '../../errors';
import { productOnOffer } from '../businesses';
import { restaurantPricing, type RestaurantPricing } from '../price-lists';
import { deliveryOutlooks, restaurantZone } from '../schedules';
import { linePriceCents, pairKey, type GuideEntry, type ItemFacts } from './facts';
import { currentGuide, type Owner } from './service';

/** The most alternatives offered for an item the farm is short of. */
const MAX_ALTERNATIVES = 3;
/** Farms that sell the same product: a name is not sold by hundreds, but a bound stays one. */
const MAX_ALTERNATIVE_CANDIDATES = 200;

/** A guide item the farm is short of, waiting for its alternatives. */
interface Shortfall {
  facts: ItemFacts;
  /** Units of the product missing (packs missing × the pack's size). */
  missingUnits: number;
  unfilled: OrderGuideUnfilled;
}

const dayLabel = (date: string) => formatCalendarDate(date, 'weekdayShort') ?? date;

function noDayMessage(
  farmName: string,
  zone: DeliveryZone | null,
  deliveryDate: string | undefined,
): string {
  const to = zone ? ` to ${zone.name}` : '';
  return deliveryDate === undefined
    ? `${farmName} has no delivery day${to} open for orders`
    : `${farmName} has no delivery${to} open for orders on ${dayLabel(deliveryDate)}`;
}

/** The farm's day a line is for: the one asked for when the farm has it open, else its next. */
function dayOf(outlook: FarmDeliveryOutlook | undefined, deliveryDate: string | undefined) {
  if (!outlook) return null;
  if (deliveryDate === undefined) return outlook.next?.deliveryDate ?? null;
  return outlook.openDays.some((day) => day.deliveryDate === deliveryDate) ? deliveryDate : null;
}

/**
 * POST /api/order-guide/fill (docs/order-guide.md#fill-to-par): for each guide item counted,
 * the farm's delivery day, the par of its weekday less what is on hand, priced as the
 * restaurant pays; what cannot be filled, and why. Reads only: nothing is reserved or written.
 */
export async function fillOrderGuide(
  db: DbOrTx,
  owner: Owner,
  body: OrderGuideFillBody,
  now: Date = clockNow(),
): Promise<OrderGuideFill> {
  const guide = await currentGuide(db, owner.restaurantId, now);
  const items = guide.sections.flatMap((section) => section.items);
  const factsOfItem = (item: GuideEntry) => guide.facts.get(pairKey(item.productId, item.packId));

  // Each count is of a guide item (its pack; without one, the unit pack) or of nothing in it.
  const counts = new Map<string, number>();
  const unfilled: OrderGuideUnfilled[] = [];
  const notInGuide: { productId: number; packId: number | undefined }[] = [];
  const fields: Record<string, string> = {};
  body.onHand.forEach((count, index) => {
    const item = items.find(
      (candidate) =>
        candidate.productId === count.productId &&
        (count.packId === undefined
          ? isUnitPack(factsOfItem(candidate)?.pack ?? { size: 0 })
          : candidate.packId === count.packId),
    );
    if (!item) {
      notInGuide.push({ productId: count.productId, packId: count.packId });
      return;
    }
    const key = pairKey(item.productId, item.packId);
    if (counts.has(key)) {
      fields[`onHand.${index}.${count.packId === undefined ? 'productId' : 'packId'}`] =
        'Counted twice';
      return;
    }
    counts.set(key, count.quantity);
  });
  if (Object.keys(fields).length > 0) throw badRequest('Count each item once', fields);

  const counted = items.filter((item) => counts.has(pairKey(item.productId, item.packId)));
  const farmIds = [
    ...new Set(counted.flatMap((item) => (factsOfItem(item) ? [factsOfItem(item)!.farm.id] : []))),
  ];
  const zone = await restaurantZone(db, owner.restaurantId);
  const [outlooks, pricing] = await Promise.all([
    deliveryOutlooks(db, farmIds, zone, now),
    restaurantPricing(db, owner.restaurantId, farmIds),
  ]);
  const outlookOf = new Map(outlooks.map((outlook) => [outlook.farmId, outlook]));

  const lines: OrderGuideLine[] = [];
  const shortfalls: Shortfall[] = [];
  // Stock left per product as the lines take it: two packs of one product share its stock.
  const stockLeft = new Map<number, number>();
  for (const item of items) {
    const facts = factsOfItem(item);
    if (!facts) continue;
    const { product, pack, farm } = facts;
    const entry = { productId: item.productId, packId: item.packId, alternatives: [] };
    const onHand = counts.get(pairKey(item.productId, item.packId));
    if (onHand === undefined) {
      unfilled.push({ ...entry, reason: 'not_counted', message: 'Not counted' });
      continue;
    }
    if (!facts.available) {
      unfilled.push({
        ...entry,
        reason: 'unavailable',
        message: `${farm.name} does not sell ${product.name} (${pack.label}) now`,
      });
      continue;
    }
    const deliveryDate = dayOf(outlookOf.get(farm.id), body.deliveryDate);
    if (deliveryDate === null) {
      unfilled.push({
        ...entry,
        reason: 'no_delivery_day',
        message: noDayMessage(farm.name, zone, body.deliveryDate),
      });
      continue;
    }
    const par = item.pars[WEEKDAYS[weekdayOf(deliveryDate)] as GuideWeekday];
    const wanted = par - onHand;
    if (wanted <= 0) continue;
    const stock = stockLeft.get(product.id) ?? product.availableQuantity;
    const quantity = Math.min(wanted, packsIn(stock, pack.size));
    if (quantity > 0) {
      stockLeft.set(product.id, subtractQuantities(stock, unitsOfPacks(quantity, pack.size)));
      lines.push({
        productId: item.productId,
        packId: item.packId,
        farmId: farm.id,
        deliveryDate,
        quantity,
        unitPrice: toMoneyString(linePriceCents(pricing, product, pack, quantity)),
        product: { name: product.name, unit: product.unit },
        pack: { label: pack.label, size: pack.size },
        farm: { id: farm.id, name: farm.name },
      });
    }
    if (quantity < wanted) {
      const missing = wanted - quantity;
      const has =
        quantity === 0
          ? `${farm.name} is out of ${product.name}`
          : `${farm.name} has only ${packCountLabel(quantity, pack.label)} of ${product.name}`;
      const shortfall: Shortfall = {
        facts,
        missingUnits: unitsOfPacks(missing, pack.size),
        unfilled: {
          ...entry,
          reason: 'short_stock',
          message: `${has}: ${packCountLabel(missing, pack.label)} missing`,
        },
      };
      shortfalls.push(shortfall);
      unfilled.push(shortfall.unfilled);
    }
  }

  await addAlternatives(
    db,
    owner.restaurantId,
    shortfalls,
    zone,
    body.deliveryDate,
    stockLeft,
    now,
  );
  for (const count of notInGuide) {
    unfilled.push({
      productId: count.productId,
      packId: count.packId ?? null,
      reason: 'not_in_guide',
      message: 'Not in your order guide',
      alternatives: [],
    });
  }
  return { lines, unfilled };
}

/**
 * Each shortfall's alternatives: the same product (its name folded as the catalogue's search
 * folds it, and its category) from other farms on offer, in its unit pack, in stock, with a day
 * open for orders to the restaurant's zone (the day asked for when that farm has it), priced
 * for the units missing; cheapest first, at most three.
 */
async function addAlternatives(
  db: DbOrTx,
  restaurantId: number,
  shortfalls: Shortfall[],
  zone: DeliveryZone | null,
  deliveryDate: string | undefined,
  stockLeft: Map<number, number>,
  now: Date,
): Promise<void> {
  if (shortfalls.length === 0) return;
  const names = [...new Set(shortfalls.map((shortfall) => foldText(shortfall.facts.product.name)))];
  const candidates = await db
    .select({
      productId: products.id,
      farmId: products.farmId,
      farmName: farms.name,
      name: products.name,
      category: sql<string>`coalesce(${products.category}, '')`,
      price: products.price,
      weightUnit: products.weightUnit,
      availableQuantity: products.availableQuantity,
      packId: productPacks.id,
      packLabel: productPacks.label,
      packSize: productPacks.size,
      packPrice: productPacks.price,
      estimatedWeight: productPacks.estimatedWeight,
    })
    .from(products)
    .innerJoin(farms, eq(farms.id, products.farmId))
    .innerJoin(
      productPacks,
      and(
        eq(productPacks.productId, products.id),
        eq(productPacks.size, 1),
        isNull(productPacks.archivedAt),
      ),
    )
    .where(
      and(
        productOnOffer,
        inArray(foldedSql(products.name), names),
        sql`${products.availableQuantity} > 0`,
      ),
    )
    .orderBy(products.price, products.id)
    .limit(MAX_ALTERNATIVE_CANDIDATES);
  if (candidates.length === 0) return;
  const farmIds = [...new Set(candidates.map((candidate) => candidate.farmId))];
  const [outlooks, pricing] = await Promise.all([
    deliveryOutlooks(db, farmIds, zone, now),
    restaurantPricing(db, restaurantId, farmIds),
  ]);
  const outlookOf = new Map(outlooks.map((outlook) => [outlook.farmId, outlook]));
  for (const shortfall of shortfalls) {
    const { product } = shortfall.facts;
    const name = foldText(product.name);
    shortfall.unfilled.alternatives = candidates
      .filter(
        (candidate) =>
          candidate.farmId !== product.farmId &&
          foldText(candidate.name) === name &&
          candidate.category === product.category,
      )
      .flatMap((candidate) =>
        alternativeOf(candidate, shortfall, outlookOf, deliveryDate, stockLeft, pricing),
      )
      .sort(
        (a, b) =>
          centsOf(a.unitPrice) - centsOf(b.unitPrice) ||
          a.farmName.localeCompare(b.farmName) ||
          a.productId - b.productId,
      )
      .slice(0, MAX_ALTERNATIVES);
  }
}

function alternativeOf(
  candidate: {
    productId: number;
    farmId: number;
    farmName: string;
    name: string;
    price: string;
    weightUnit: string | null;
    availableQuantity: number;
    packId: number;
    packLabel: string;
    packSize: number;
    packPrice: string | null;
    estimatedWeight: number | null;
  },
  shortfall: Shortfall,
  outlookOf: Map<number, FarmDeliveryOutlook>,
  deliveryDate: string | undefined,
  stockLeft: Map<number, number>,
  pricing: RestaurantPricing,
): OrderGuideAlternative[] {
  const outlook = outlookOf.get(candidate.farmId);
  const day = dayOf(outlook, deliveryDate) ?? outlook?.next?.deliveryDate ?? null;
  const available = stockLeft.get(candidate.productId) ?? Number(candidate.availableQuantity);
  if (day === null || available <= 0) return [];
  const quantity = Math.min(shortfall.missingUnits, available);
  const pack = {
    id: candidate.packId,
    size: Number(candidate.packSize),
    price: candidate.packPrice,
    estimatedWeight: candidate.estimatedWeight === null ? null : Number(candidate.estimatedWeight),
  };
  return [
    {
      productId: candidate.productId,
      packId: candidate.packId,
      farmId: candidate.farmId,
      farmName: candidate.farmName,
      name: candidate.name,
      pack: { label: candidate.packLabel, size: pack.size },
      unitPrice: toMoneyString(
        linePriceCents(
          pricing,
          {
            id: candidate.productId,
            farmId: candidate.farmId,
            price: candidate.price,
            weightUnit: candidate.weightUnit,
          },
          pack,
          quantity,
        ),
      ),
      availableQuantity: available,
      deliveryDate: day,
    },
  ];
}
