import {
  centsOf,
  formatUsd,
  multiplyCents,
  orderAmounts,
  parseMoney,
  parseRate,
  taxableFeesCents,
  toMoneyString,
  type Cents,
  type RateUnits,
} from './money';
import { shortOfMinimumCents, smallOrderFeeCents } from './minimums';
import type { Minimum } from './schemas/minimum';
import { offeredUnitPriceCents, type WirePriceBreak } from './pricing';
import { MAX_LINE_QUANTITY } from './order-limits';
import {
  isUnitPack,
  packCountLabel,
  packNoun,
  packQuantityProblem,
  packsIn,
  unitsOfPacks,
} from './packs';
import { addQuantities, formatQuantity, fromHundredths, isWeighedUnit } from './quantity';
import { weightLabel } from './catch-weight';
// The type alone: the schema module brings zod, which the catalogue's screens do without.
import type { Substitution } from './schemas/order-guide';

/** The preferences a stored line may hold (SUBSTITUTIONS of the order guide's schema). */
const STORED_SUBSTITUTIONS: readonly unknown[] = ['allow', 'ask', 'never'] satisfies Substitution[];

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
  /** The packs it sells from its stock, smallest first (docs/packs.md); none in older carts. */
  packs?: CartPack[];
  /**
   * Priced per this weight unit (docs/catch-weight.md): `price` is per lb (kg, oz) and each
   * pack carries its `estimatedWeight`. Null or absent: priced per pack, as in older carts.
   */
  weightUnit?: string | null;
}

/** A pack as the catalogue sends it: its price and breaks are the restaurant's, per pack. */
export interface CartPack {
  id: number;
  label: string;
  size: number;
  price?: string;
  listPrice?: string;
  breaks?: WirePriceBreak[];
  minimumQuantity: number | null;
  /** What one pack weighs, in the product's weight unit; null for a product priced per pack. */
  estimatedWeight?: number | null;
}

/**
 * A cart line: product fields plus quantity, pricePerUnit, farmName (docs/product.md#cart), and
 * the pack it counts (docs/packs.md). On a line, `pricePerUnit`, `listPrice` and `breaks` are
 * the pack's, `quantity` counts packs and `availableQuantity` stays in the product's unit.
 */
export interface CartItem extends CartProduct {
  quantity: number;
  pricePerUnit: string;
  farmName: string;
  /** The pack's id; null for the unit pack of a cart stored before packs (sent without one). */
  packId: number | null;
  packLabel: string;
  packSize: number;
  /** The least the line may hold, in packs; null: no minimum. */
  packMinimum?: number | null;
  /**
   * What one of the line's packs is expected to weigh, in `weightUnit`, for a product priced by
   * weight (then `pricePerUnit` is per weight unit); null or absent otherwise.
   */
  estimatedWeight?: number | null;
  /**
   * What the farm does if it cannot fill the line (docs/substitutions.md); absent: "ask me
   * first". A fill to par sets the order guide's choice for the item.
   */
  substitution?: Substitution;
}

/** What names a cart line: the product and its pack (null: the unit pack, as stored before). */
export interface CartLineKey {
  productId: number;
  packId: number | null;
}

export const lineKeyOf = (item: CartItem): CartLineKey => ({
  productId: item.id,
  packId: item.packId,
});

export type Cart = readonly CartItem[];

/**
 * A quantity a line of this unit can hold, rounded down: to the hundredth for weighed units
 * (lb, kg, oz) sold by the unit, to a whole number for counted ones and for every pack other
 * than the unit (docs/adjustments.md#quantities, docs/packs.md).
 */
export function lineQuantityFor(unit: string, quantity: number, packSize = 1): number {
  if (!Number.isFinite(quantity)) return NaN;
  if (!isUnitPack({ size: packSize }) || !isWeighedUnit(unit)) return Math.floor(quantity);
  return fromHundredths(Math.floor(Number((quantity * 100).toFixed(6))));
}

/** The pack a line of the product counts, or null when the product does not sell it. */
interface LinePack {
  packId: number | null;
  packLabel: string;
  packSize: number;
  packMinimum: number | null;
  pricePerUnit: string;
  listPrice?: string | undefined;
  breaks?: WirePriceBreak[] | undefined;
  estimatedWeight: number | null;
}

/**
 * The pack `packId` names among the product's (absent: its unit pack). A product from before
 * packs, or sent without them, sells its unit alone, priced as the product.
 */
function linePackOf(product: CartProduct, packId: number | null | undefined): LinePack | null {
  const packs = product.packs ?? [];
  const unitLine: LinePack = {
    packId: null,
    packLabel: product.unit,
    packSize: 1,
    packMinimum: null,
    pricePerUnit: product.price,
    listPrice: product.listPrice,
    breaks: product.breaks,
    estimatedWeight: null,
  };
  if (packs.length === 0) return packId === undefined || packId === null ? unitLine : null;
  const pack =
    packId === undefined || packId === null
      ? packs.find(isUnitPack)
      : packs.find((entry) => entry.id === packId);
  if (!pack) return null;
  if (product.weightUnit && pack.estimatedWeight) {
    // Priced per weight unit whatever the pack (docs/catch-weight.md): the product's price,
    // list price and breaks, the breaks reached by the weight.
    return {
      ...unitLine,
      packId: pack.id,
      // By weight the pack is named as browse offers it ("case ≈ 25 lb"), the unit pack too.
      packLabel: pack.label,
      packSize: pack.size,
      packMinimum: pack.minimumQuantity,
      estimatedWeight: pack.estimatedWeight,
    };
  }
  return {
    packId: pack.id,
    // The unit pack reads as the unit, as lines did before packs.
    packLabel: isUnitPack(pack) ? product.unit : pack.label,
    packSize: pack.size,
    packMinimum: pack.minimumQuantity,
    // A pack without a price of its own (never so for a restaurant) costs its size in units.
    pricePerUnit: pack.price ?? toMoneyString(multiplyCents(centsOf(product.price), pack.size)),
    listPrice: pack.listPrice,
    breaks: pack.breaks,
    estimatedWeight: null,
  };
}

/** The same line: a unit pack stored before packs (null) is the unit pack the product has. */
function isLineOf(
  item: CartItem,
  productId: number,
  pack: { packId: number | null; packSize: number },
) {
  if (item.id !== productId) return false;
  if (item.packId === pack.packId) return true;
  return (
    isUnitPack({ size: pack.packSize }) &&
    isUnitPack({ size: item.packSize }) &&
    (item.packId === null || pack.packId === null)
  );
}

/**
 * The cart's line of the product in that pack (absent: its unit pack), or undefined: what the
 * browse card shows for the pack chosen.
 */
export function findCartLine(
  cart: Cart,
  product: CartProduct,
  packId?: number | null,
): CartItem | undefined {
  const pack = linePackOf(product, packId);
  if (!pack) return undefined;
  return cart.find((item) => isLineOf(item, product.id, pack));
}

/** The most a line may hold: the packs its stock fills, never more than one line takes. */
export function lineStock(item: Pick<CartItem, 'unit' | 'availableQuantity' | 'packSize'>): number {
  const packs = packsIn(Math.max(0, item.availableQuantity), item.packSize);
  return Math.min(MAX_LINE_QUANTITY, Math.max(0, lineQuantityFor(item.unit, packs, item.packSize)));
}

/** The least a line may hold, in packs: its pack's minimum, or 0 for none. */
export function lineMinimum(item: Pick<CartItem, 'packMinimum'>): number {
  return item.packMinimum ?? 0;
}

/**
 * What a line counts, for people: the unit for the unit pack ("lb"), else the pack in the
 * plural ("cases of 24 bunches"), so a quantity box and its messages read right.
 */
export function lineCountUnit(item: Pick<CartItem, 'unit' | 'packSize' | 'packLabel'>): string {
  return isUnitPack({ size: item.packSize }) ? item.unit : packNoun(item.packLabel, 2);
}

/**
 * A line's count for people: "2" of its unit as before, "2 cases of 24 bunches" of another pack.
 */
export function lineCountLabel(
  item: Pick<CartItem, 'quantity' | 'packSize' | 'packLabel'>,
): string {
  if (isUnitPack({ size: item.packSize })) return formatQuantity(item.quantity);
  return packCountLabel(item.quantity, item.packLabel);
}

/**
 * Adds a product in a pack (absent: its unit pack); quantities never exceed the stock, a new
 * line holds at least the pack's minimum, and a product out of stock, or a pack it does not
 * sell, is not added. The same product in another pack is another line.
 */
export function addToCart(
  cart: Cart,
  product: CartProduct,
  quantity = 1,
  packId?: number | null,
): Cart {
  const pack = linePackOf(product, packId);
  if (!pack) return cart;
  const stock = lineStock({ ...product, packSize: pack.packSize });
  const wanted = lineQuantityFor(product.unit, quantity, pack.packSize);
  if (!(stock > 0) || !Number.isFinite(wanted) || wanted <= 0) return cart;
  const existing = cart.find((item) => isLineOf(item, product.id, pack));
  if (existing) {
    const next = Math.min(addQuantities(existing.quantity, wanted), stock);
    return cart.map((item) =>
      item === existing ? { ...item, ...product, ...pack, quantity: next } : item,
    );
  }
  // A minimum above the stock left makes a line checkout would refuse.
  if ((pack.packMinimum ?? 0) > stock) return cart;
  const first = Math.min(Math.max(wanted, pack.packMinimum ?? 0), stock);
  return [...cart, { ...product, ...pack, quantity: first, farmName: product.farm.name }];
}

/**
 * Sets a line's quantity; zero or below removes it, and it never goes under the pack's
 * minimum. On browse the stock caps it; the orders screen does not cap (the server has the
 * last word on stock at checkout).
 */
export function setCartQuantity(
  cart: Cart,
  key: CartLineKey,
  quantity: number,
  options: { cap: boolean },
): Cart {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeFromCart(cart, key);
  return cart.map((item) => {
    if (!isKey(item, key)) return item;
    const whole = Math.max(lineQuantityFor(item.unit, quantity, item.packSize), lineMinimum(item));
    const next = options.cap ? Math.min(whole, lineStock(item)) : whole;
    return next <= 0 ? item : { ...item, quantity: next };
  });
}

/** What the restaurant wants should the farm be unable to fill the line. */
export function setCartSubstitution(
  cart: Cart,
  key: CartLineKey,
  substitution: Substitution,
): Cart {
  return cart.map((item) => (isKey(item, key) ? { ...item, substitution } : item));
}

/** A line's preference as checkout sends it: "ask me first" unless chosen. */
export function lineSubstitution(item: Pick<CartItem, 'substitution'>): Substitution {
  return item.substitution ?? 'ask';
}

const isKey = (item: CartItem, key: CartLineKey) =>
  item.id === key.productId && item.packId === key.packId;

export function removeFromCart(cart: Cart, key: CartLineKey): Cart {
  return cart.filter((item) => !isKey(item, key));
}

/**
 * The line at the price checkout was told (a 409 price_changed): that price for its quantity,
 * breaks included, so the line keeps it without breaks of its own; the stock as reported.
 */
export function repriceCartLine(
  cart: Cart,
  key: CartLineKey,
  unitPrice: string,
  availableQuantity: number,
): Cart {
  return cart.map((item) =>
    isKey(item, key)
      ? { ...item, pricePerUnit: unitPrice, listPrice: undefined, breaks: [], availableQuantity }
      : item,
  );
}

type WeighedLineFields = Pick<CartItem, 'quantity' | 'weightUnit' | 'estimatedWeight'>;

/** The weight unit of a line priced by weight (docs/catch-weight.md), or null. */
export function lineWeightUnit(item: Pick<CartItem, 'weightUnit' | 'estimatedWeight'>) {
  return item.weightUnit && item.estimatedWeight ? item.weightUnit : null;
}

/** A line priced by weight: its whole expected weight (packs × each pack's); else null. */
export function lineEstimatedWeight(item: WeighedLineFields): number | null {
  if (!lineWeightUnit(item)) return null;
  return unitsOfPacks(item.quantity, item.estimatedWeight ?? 0);
}

/** What the line is charged for until weighed: its estimated weight, or its packs. */
function lineChargedQuantity(item: WeighedLineFields): number {
  return lineEstimatedWeight(item) ?? item.quantity;
}

/**
 * A line's unit price: of one pack, or per weight unit for a line priced by weight; the
 * restaurant's price, or the highest quantity break what it is charged for reaches
 * (src/core/pricing.ts): what checkout sends as `unitPrice`.
 */
export function lineUnitCents(item: CartItem): Cents {
  return offeredUnitPriceCents(
    { price: item.pricePerUnit, breaks: item.breaks },
    lineChargedQuantity(item),
  );
}

/**
 * The unit price times the quantity (for a line priced by weight, its estimated weight),
 * rounded half up to the cent (docs/money.md#rounding).
 */
export function lineTotalCents(item: CartItem): Cents {
  return multiplyCents(lineUnitCents(item), lineChargedQuantity(item));
}

/** Whether the cart's totals are estimates: some line is priced by a weight not yet known. */
export function hasEstimatedLines(items: readonly WeighedLineFields[]): boolean {
  return items.some((item) => lineWeightUnit(item) !== null);
}

/**
 * A product priced by weight, as a card prices one pack: "case ≈ 25 lb"; null for a product
 * priced per pack or a pack without an estimate.
 */
export function packEstimateLabel(
  product: Pick<CartProduct, 'weightUnit'>,
  pack: { label: string; estimatedWeight?: number | null } | undefined,
): string | null {
  if (!product.weightUnit || !pack?.estimatedWeight) return null;
  return `${pack.label} ${weightLabel(pack.estimatedWeight, product.weightUnit, true)}`;
}

/**
 * A line priced by weight, as its price reads: "$3.50 / lb · case ≈ 25 lb"; null for a line
 * priced per pack.
 */
export function linePerWeightLabel(item: CartItem): string | null {
  const unit = lineWeightUnit(item);
  if (!unit) return null;
  return `${formatUsd(lineUnitCents(item))} / ${unit} · ${packEstimateLabel(item, { label: item.packLabel, estimatedWeight: item.estimatedWeight })}`;
}

/**
 * A line priced by weight, for people: "2 cases ≈ 50 lb, about $175.00"; null for a line
 * priced per pack.
 */
export function lineEstimateLabel(item: CartItem): string | null {
  const unit = lineWeightUnit(item);
  const weight = lineEstimatedWeight(item);
  if (!unit || weight === null) return null;
  return `${packCountLabel(item.quantity, item.packLabel)} ${weightLabel(weight, unit, true)}, about ${formatUsd(lineTotalCents(item))}`;
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
  /**
   * The farm's minimum for this restaurant, with its mode (docs/minimums.md), once the server
   * has said it; null until then (the farm's one `orderMinimum`, warned of, as before).
   */
  minimum: Minimum | null;
  /** The small-order fee the order pays under a `fee` minimum; 0 when none. */
  smallOrderFeeCents: Cents;
  /** The farm's GET rate, the tax on subtotal plus fees, and the order's total (docs/tax.md). */
  taxRate: RateUnits;
  taxCents: Cents;
  totalCents: Cents;
}

/** The farm's terms a group is priced by: its fee, minimum and GET rate. */
export interface FarmTerms {
  deliveryFeeCents: Cents;
  orderMinimumCents: Cents;
  taxRate: RateUnits;
  /** The minimum that applies to the restaurant, when known (docs/minimums.md). */
  minimum?: Minimum | null;
}

/**
 * A group priced by these terms: shortfall, small-order fee, tax and total follow them, by the
 * rules the server places with (core/minimums, core/money), so the total sent is the one it
 * checks.
 */
export function withFarmTerms(group: FarmGroup, terms: FarmTerms): FarmGroup {
  const minimum = terms.minimum === undefined ? group.minimum : terms.minimum;
  const orderMinimumCents = minimum ? centsOf(minimum.amount) : terms.orderMinimumCents;
  const smallOrderFee = smallOrderFeeCents(group.subtotalCents, minimum);
  const amounts = orderAmounts(
    group.subtotalCents,
    taxableFeesCents(terms.deliveryFeeCents, smallOrderFee),
    terms.taxRate,
  );
  return {
    ...group,
    deliveryFeeCents: terms.deliveryFeeCents,
    taxRate: terms.taxRate,
    orderMinimumCents,
    minimum,
    shortOfMinimumCents: minimum
      ? shortOfMinimumCents(group.subtotalCents, minimum)
      : Math.max(0, orderMinimumCents - group.subtotalCents),
    smallOrderFeeCents: smallOrderFee,
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
        minimum: null,
        smallOrderFeeCents: 0,
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

/** A pack on a stored line; a line stored before packs has none: its unit pack. */
function isStoredPack(item: Record<string, unknown>): boolean {
  if (item.packId === undefined || item.packId === null) return true;
  return (
    typeof item.packId === 'number' &&
    typeof item.packLabel === 'string' &&
    typeof item.packSize === 'number' &&
    item.packSize > 0 &&
    (item.packMinimum === undefined ||
      item.packMinimum === null ||
      typeof item.packMinimum === 'number')
  );
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  const farm = item.farm as Record<string, unknown> | undefined;
  const packSize = typeof item.packSize === 'number' ? item.packSize : 1;
  return (
    typeof item.id === 'number' &&
    typeof item.name === 'string' &&
    typeof item.unit === 'string' &&
    isMoney(item.pricePerUnit) &&
    isBreaks(item.breaks) &&
    isStoredPack(item) &&
    isStoredWeight(item) &&
    (item.substitution === undefined || STORED_SUBSTITUTIONS.includes(item.substitution)) &&
    typeof item.quantity === 'number' &&
    packQuantityProblem(
      item.unit,
      { label: String(item.packLabel ?? item.unit), size: packSize, minimumQuantity: null },
      item.quantity,
    ) === null &&
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

/** A line's weight terms, when stored: a unit and a positive estimate, or none of them. */
function isStoredWeight(item: Record<string, unknown>): boolean {
  const noUnit = item.weightUnit === undefined || item.weightUnit === null;
  const noWeight = item.estimatedWeight === undefined || item.estimatedWeight === null;
  if (noUnit) return noWeight || typeof item.estimatedWeight === 'number';
  return (
    typeof item.weightUnit === 'string' &&
    typeof item.estimatedWeight === 'number' &&
    item.estimatedWeight > 0
  );
}

/** A line stored before packs is of the unit pack. */
function withPack(item: CartItem): CartItem {
  if (item.packId !== undefined && item.packId !== null) return item;
  return { ...item, packId: null, packLabel: item.unit, packSize: 1, packMinimum: null };
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
    return value.map(withPack);
  } catch {
    return null;
  }
}
