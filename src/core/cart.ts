import {
  centsOf,
  multiplyCents,
  orderAmounts,
  parseMoney,
  parseRate,
  type Cents,
  type RateUnits,
} from './money';
import { offeredUnitPriceCents, type WirePriceBreak } from './pricing';
import { MAX_LINE_QUANTITY } from './order-limits';
import { addQuantities, fromHundredths, isWeighedUnit, quantityProblem } from './quantity';

/** The farm fields a cart line carries, so checkout needs no extra lookups to group. */
export interface CartFarm {
  id: number;
  name: string;
  deliveryFee: string;
  orderMinimum: string;
  /** The farm's GET rate in percent ("4.7120"); absent in carts kept before tax: none. */
  taxRate?: string;
}

/** A product the restaurant can add (the catalog's product shape). */
export interface CartProduct {
  id: number;
  name: string;
  unit: string;
  price: string;
  availableQuantity: number;
  description?: string | null;
  category?: string | null;
  isOrganic?: boolean;
  /** The product's first photo (small version), shown beside the line. */
  imageUrl?: string | null;
  farmId: number;
  farm: CartFarm;
  /** The product's own price when the restaurant's price list makes `price` lower. */
  listPrice?: string;
  /** The restaurant's quantity breaks of it (docs/price-lists.md); none in older carts. */
  breaks?: WirePriceBreak[];
}

/** A cart line: product fields plus quantity, pricePerUnit, farmName (docs/product.md#cart). */
export interface CartItem extends CartProduct {
  quantity: number;
  pricePerUnit: string;
  farmName: string;
}

export type Cart = readonly CartItem[];

/**
 * A quantity a line of this unit can hold, rounded down: to the hundredth for weighed units
 * (lb, kg, oz), to a whole number for counted ones (docs/adjustments.md#quantities).
 */
export function lineQuantityFor(unit: string, quantity: number): number {
  if (!Number.isFinite(quantity)) return NaN;
  if (!isWeighedUnit(unit)) return Math.floor(quantity);
  return fromHundredths(Math.floor(Number((quantity * 100).toFixed(6))));
}

/** Adds a product; quantities never exceed the stock, and out-of-stock products are not added. */
export function addToCart(cart: Cart, product: CartProduct, quantity = 1): Cart {
  // One order line takes at most MAX_LINE_QUANTITY units, however large the stock.
  const stock = Math.min(
    MAX_LINE_QUANTITY,
    Math.max(0, lineQuantityFor(product.unit, product.availableQuantity)),
  );
  const wanted = lineQuantityFor(product.unit, quantity);
  if (!(stock > 0) || !Number.isFinite(wanted) || wanted <= 0) return cart;
  const existing = cart.find((item) => item.id === product.id);
  if (existing) {
    const next = Math.min(addQuantities(existing.quantity, wanted), stock);
    return cart.map((item) =>
      item.id === product.id
        ? { ...item, ...product, pricePerUnit: product.price, quantity: next }
        : item,
    );
  }
  return [
    ...cart,
    {
      ...product,
      quantity: Math.min(wanted, stock),
      pricePerUnit: product.price,
      farmName: product.farm.name,
    },
  ];
}

/**
 * Sets a line's quantity; zero or below removes it. On browse the stock caps it; the orders
 * screen does not cap (the server has the last word on stock at checkout).
 */
export function setCartQuantity(
  cart: Cart,
  productId: number,
  quantity: number,
  options: { cap: boolean },
): Cart {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeFromCart(cart, productId);
  return cart.map((item) => {
    if (item.id !== productId) return item;
    const whole = lineQuantityFor(item.unit, quantity);
    const stock = lineQuantityFor(item.unit, item.availableQuantity);
    const next = options.cap ? Math.min(whole, stock) : whole;
    return next <= 0 ? item : { ...item, quantity: next };
  });
}

export function removeFromCart(cart: Cart, productId: number): Cart {
  return cart.filter((item) => item.id !== productId);
}

/**
 * A line's price of one unit: the restaurant's price, or the highest quantity break its
 * quantity reaches (src/core/pricing.ts): what checkout sends as `unitPrice`.
 */
export function lineUnitCents(item: CartItem): Cents {
  return offeredUnitPriceCents({ price: item.pricePerUnit, breaks: item.breaks }, item.quantity);
}

/** The unit price times the quantity, rounded half up to the cent (docs/money.md#rounding). */
export function lineTotalCents(item: CartItem): Cents {
  return multiplyCents(lineUnitCents(item), item.quantity);
}

/**
 * The "N items" of the cart and its badge: the number of lines, whatever their quantities
 * (25 lb of one product is one item).
 */
export function cartItemCount(cart: Cart): number {
  return cart.length;
}

export function cartTotalCents(cart: Cart): Cents {
  return cart.reduce((total, item) => total + lineTotalCents(item), 0);
}

export interface FarmGroup {
  farmId: number;
  farmName: string;
  farm: CartFarm;
  items: CartItem[];
  subtotalCents: Cents;
  deliveryFeeCents: Cents;
  orderMinimumCents: Cents;
  /** How far the subtotal is under the farm's minimum; 0 when it is met. */
  shortOfMinimumCents: Cents;
  /** The farm's GET rate, the tax on subtotal plus fee, and the order's total (docs/tax.md). */
  taxRate: RateUnits;
  taxCents: Cents;
  totalCents: Cents;
}

/** The farm's terms a group is priced by: its fee, minimum and GET rate. */
export interface FarmTerms {
  deliveryFeeCents: Cents;
  orderMinimumCents: Cents;
  taxRate: RateUnits;
}

/** A group priced by these terms: shortfall, tax and total follow them (core/money's rule). */
export function withFarmTerms(group: FarmGroup, terms: FarmTerms): FarmGroup {
  const amounts = orderAmounts(group.subtotalCents, terms.deliveryFeeCents, terms.taxRate);
  return {
    ...group,
    ...terms,
    shortOfMinimumCents: Math.max(0, terms.orderMinimumCents - group.subtotalCents),
    taxCents: amounts.taxCents,
    totalCents: amounts.totalCents,
  };
}

/** One group per farm, in the order farms first appear in the cart. */
export function groupCartByFarm(cart: Cart): FarmGroup[] {
  const groups = new Map<number, FarmGroup>();
  for (const item of cart) {
    let group = groups.get(item.farmId);
    if (!group) {
      group = {
        farmId: item.farmId,
        farmName: item.farmName,
        farm: item.farm,
        items: [],
        subtotalCents: 0,
        deliveryFeeCents: centsOf(item.farm.deliveryFee),
        orderMinimumCents: centsOf(item.farm.orderMinimum),
        shortOfMinimumCents: 0,
        taxRate: parseRate(item.farm.taxRate) ?? 0,
        taxCents: 0,
        totalCents: 0,
      };
      groups.set(item.farmId, group);
    }
    group.items.push(item);
    group.subtotalCents += lineTotalCents(item);
  }
  return [...groups.values()].map((group) => withFarmTerms(group, group));
}

const isMoney = (value: unknown) => typeof value === 'string' && parseMoney(value) !== null;

/** Breaks as the catalogue sent them; a cart kept before price lists has none. */
const isBreaks = (value: unknown) => value === undefined || Array.isArray(value);

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  const farm = item.farm as Record<string, unknown> | undefined;
  return (
    typeof item.id === 'number' &&
    typeof item.name === 'string' &&
    typeof item.unit === 'string' &&
    isMoney(item.pricePerUnit) &&
    isBreaks(item.breaks) &&
    typeof item.quantity === 'number' &&
    quantityProblem(item.unit, item.quantity) === null &&
    item.quantity > 0 &&
    typeof item.availableQuantity === 'number' &&
    typeof item.farmId === 'number' &&
    typeof item.farmName === 'string' &&
    item.farmName.length > 0 &&
    typeof farm === 'object' &&
    farm !== null &&
    typeof farm.name === 'string' &&
    isMoney(farm.deliveryFee) &&
    isMoney(farm.orderMinimum)
  );
}

/**
 * Reads a stored cart. Anything that does not parse, or any item without a farm name,
 * discards the whole cart (docs/product.md#cart): returns null and the caller logs and clears it.
 */
export function parseStoredCart(raw: string | null): Cart | null {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value) || !value.every(isCartItem)) return null;
    return value;
  } catch {
    return null;
  }
}
