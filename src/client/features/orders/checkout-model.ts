import type { Cart, CartItem, FarmGroup } from '#core/cart';
import {
  groupCartByFarm,
  lineSubstitution,
  lineTotalCents,
  lineUnitCents,
  withFarmTerms,
} from '#core/cart';
import { countLabel } from '#core/counts';
import { packCountLabel } from '#core/packs';
import { formatQuantity } from '#core/quantity';
import {
  formatMoneyString,
  formatRatePercent,
  parseMoney,
  parseRate,
  toMoneyString,
} from '#core/money';
import { ORDER_CONFLICT_CODES } from '#core/order-limits';
import type { CheckoutInput, OrderConflictBody } from '#core/schemas/order';
import type { FarmSummary } from '#core/schemas/product';
import type { Minimum } from '#core/schemas/minimum';
import { minimumProgressText } from '#core/minimums';

/** A price from a 409's body; a product the server no longer prices has none to show. */
const priceText = (value: string | null | undefined) =>
  value ? formatMoneyString(value) : 'no longer priced';

/** What the restaurant chose for one farm's order. */
export interface FarmChoice {
  deliveryDate: string;
  notes: string;
}

/**
 * The cart by farm, with each farm's current delivery fee, minimum and GET rate when known
 * (the cart keeps the figures of when the item was added).
 */
export function groupWithCurrentTerms(cart: Cart, farms: FarmSummary[] | undefined): FarmGroup[] {
  const current = new Map((farms ?? []).map((farm) => [farm.id, farm]));
  return groupCartByFarm(cart).map((group) => {
    const farm = current.get(group.farmId);
    if (!farm) return group;
    return withFarmTerms(group, {
      deliveryFeeCents: parseMoney(farm.deliveryFee) ?? group.deliveryFeeCents,
      orderMinimumCents: parseMoney(farm.orderMinimum) ?? group.orderMinimumCents,
      taxRate: parseRate(farm.taxRate) ?? group.taxRate,
    });
  });
}

/**
 * The groups at the restaurant's own GET rate with each farm (docs/tax.md): the server taxes
 * by buyer, so the farm's catalogue rate gives way to the one the delivery outlook carries.
 */
export function withBuyerTax(
  groups: FarmGroup[],
  taxes: ReadonlyMap<number, { taxRate: string }>,
): FarmGroup[] {
  return groups.map((group) => {
    const tax = taxes.get(group.farmId);
    const rate = tax ? parseRate(tax.taxRate) : null;
    return rate === null ? group : withFarmTerms(group, { ...group, taxRate: rate });
  });
}

/**
 * The groups under each farm's minimum for the restaurant (docs/minimums.md): a `fee` minimum's
 * small-order fee joins the farm's totals, so the total sent is the one the server checks.
 */
export function withMinimums(
  groups: FarmGroup[],
  minimums: ReadonlyMap<number, Minimum>,
): FarmGroup[] {
  return groups.map((group) => {
    const minimum = minimums.get(group.farmId);
    return minimum ? withFarmTerms(group, { ...group, minimum }) : group;
  });
}

/** The farms whose `block` minimum refuses their order as the cart stands, with the words. */
export function blockedByMinimums(groups: FarmGroup[]): Map<number, string> {
  return new Map(
    groups.flatMap((group) =>
      group.minimum?.mode === 'block' && group.shortOfMinimumCents > 0
        ? [[group.farmId, minimumProgressText(group.farmName, group.shortOfMinimumCents)] as const]
        : [],
    ),
  );
}

/** POST /api/checkout's body: one order per farm, the totals as shown (fee and tax included). */
export function checkoutBody(
  groups: FarmGroup[],
  choices: Record<number, FarmChoice | undefined>,
): CheckoutInput {
  return {
    orders: groups.map((group) => {
      const choice = choices[group.farmId];
      const notes = choice?.notes.trim();
      return {
        farmId: group.farmId,
        totalAmount: toMoneyString(group.totalCents),
        items: group.items.map((item) => ({
          productId: item.id,
          // A line stored before packs goes without one: the server reads it as the unit pack.
          ...(item.packId === null ? {} : { packId: item.packId }),
          quantity: item.quantity,
          unitPrice: toMoneyString(lineUnitCents(item)),
          totalPrice: toMoneyString(lineTotalCents(item)),
          // As the line shows it, so a product in the guide ordered from browse asks first.
          substitution: lineSubstitution(item),
        })),
        ...(choice?.deliveryDate ? { deliveryDate: choice.deliveryDate } : {}),
        ...(notes ? { notes } : {}),
      };
    }),
  };
}

/** A problem the server found with one cart line, shown next to it. */
export interface LineProblem {
  productId: number;
  /** The line's pack, when the server named it (docs/packs.md). */
  packId?: number | null;
  message: string;
}

/** Whether a problem is the line's: its product, and its pack when the server named one. */
export function isProblemOf(problem: LineProblem, item: CartItem): boolean {
  if (problem.productId !== item.id) return false;
  if (problem.packId === undefined || problem.packId === null || item.packId === null) return true;
  return problem.packId === item.packId;
}

type ProblemProduct = NonNullable<OrderConflictBody['products']>[number];

/**
 * What is left of a line's product, in the line's packs when the server counted them
 * ("only 13 cases of 24 bunches left"), else in its unit.
 */
function leftLabel(product: ProblemProduct, cart: Cart): string {
  const item = cart.find((entry) =>
    isProblemOf({ productId: product.productId, packId: product.packId, message: '' }, entry),
  );
  if (product.availablePacks !== undefined && item && item.packSize !== 1) {
    return packCountLabel(product.availablePacks, item.packLabel);
  }
  return countLabel(product.availableQuantity, product.unit ?? 'unit');
}

/** Turns a 409 from checkout into a title, a sentence, and per-line problems. */
export function describeConflict(
  body: OrderConflictBody,
  cart: Cart = [],
): {
  title: string;
  description: string;
  problems: LineProblem[];
} {
  const products = body.products ?? [];
  const name = (product: (typeof products)[number]) => product.productName ?? 'A product';
  const pack = (product: ProblemProduct) =>
    product.packId === undefined || product.packId === null ? {} : { packId: product.packId };
  switch (body.code) {
    case ORDER_CONFLICT_CODES.insufficientStock:
      return {
        title: 'Not enough stock',
        description: products
          .map(
            (product) =>
              `${name(product)} from ${product.farmName}: only ${leftLabel(product, cart)} left.`,
          )
          .join(' '),
        problems: products.map((product) => {
          const left = product.availablePacks ?? product.availableQuantity;
          return {
            productId: product.productId,
            ...pack(product),
            message: left === 0 ? 'Sold out' : `Only ${formatQuantity(left)} left`,
          };
        }),
      };
    case ORDER_CONFLICT_CODES.priceChanged:
      return {
        title: 'Prices have changed',
        description: products
          .map(
            (product) =>
              `${name(product)} from ${product.farmName} is now ${priceText(product.unitPrice)} (was ${priceText(product.sentUnitPrice)}).`,
          )
          .join(' '),
        problems: products.map((product) => ({
          productId: product.productId,
          ...pack(product),
          message: `Now ${priceText(product.unitPrice)} each`,
        })),
      };
    case ORDER_CONFLICT_CODES.productUnavailable:
      return {
        title: 'No longer available',
        description: products
          .map((product) => `${name(product)} from ${product.farmName} is no longer sold.`)
          .join(' '),
        problems: products.map((product) => ({
          productId: product.productId,
          ...pack(product),
          message: 'No longer available',
        })),
      };
    case ORDER_CONFLICT_CODES.totalChanged:
      return {
        title: 'The total has changed',
        description: [
          ...changedFees(body).map(
            (farm) =>
              `${farm.farmName}'s delivery fee is now ${priceText(farm.deliveryFee)}${farm.taxRate && parseRate(farm.taxRate) ? ` and its GET ${formatRatePercent(farm.taxRate)} (${priceText(farm.taxAmount)})` : ''}${farm.totalAmount ? `, so its order comes to ${priceText(farm.totalAmount)}` : ''}.`,
          ),
          'Review the total and place the order again.',
        ].join(' '),
        problems: [],
      };
    default:
      return {
        title: 'Error',
        description: body.message || 'Failed to place order. Please try again.',
        problems: [],
      };
  }
}

/**
 * A farm whose delivery fee or GET rate changed since the cart showed it, as a `total_changed`
 * 409 says.
 */
export interface ChangedFee {
  farmId: number | undefined;
  farmName: string;
  deliveryFee: string | undefined;
  taxRate?: string | undefined;
  taxAmount?: string | undefined;
  totalAmount: string | undefined;
}

/** Every farm a `total_changed` 409 names (the first one alone when it lists none). */
export function changedFees(body: OrderConflictBody): ChangedFee[] {
  if (body.code !== ORDER_CONFLICT_CODES.totalChanged) return [];
  const changed = (body.farms ?? []).flatMap((farm) => ('deliveryFee' in farm ? [farm] : []));
  if (changed.length > 0) return changed;
  return [
    {
      farmId: body.farmId,
      farmName: body.farmName ?? 'A farm',
      deliveryFee: body.deliveryFee,
      taxRate: body.taxRate,
      taxAmount: body.taxAmount,
      totalAmount: body.totalAmount,
    },
  ];
}

/**
 * The farms list with the fees and GET rates a `total_changed` 409 reported, so the screen
 * shows them at once.
 */
export function withChangedFees(
  farms: FarmSummary[] | undefined,
  changed: ChangedFee[],
): FarmSummary[] | undefined {
  return farms?.map((farm) => {
    const entry = changed.find((candidate) => candidate.farmId === farm.id);
    if (!entry) return farm;
    return {
      ...farm,
      ...(entry.deliveryFee ? { deliveryFee: entry.deliveryFee } : {}),
      ...(entry.taxRate ? { taxRate: entry.taxRate } : {}),
    };
  });
}

/** What the success toast says of a checkout that placed `orderCount` orders, one per farm. */
export function submittedMessage(orderCount: number): string {
  return orderCount > 1
    ? 'Your orders have been submitted to the farms.'
    : 'Your order has been submitted to the farm.';
}
