import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { SYSTEM_JOBS } from '../actor';
import { ORDER_NOTES_MAX_LENGTH } from '../order-limits';
import {
  calendarDateInput,
  moneyInput,
  moneyOutput,
  optionalText,
  priceInput,
  rateOutput,
} from './common';
import { lineQuantity, MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './order-line';
import { SUBSTITUTIONS } from '../substitutions';
import { orderPaymentFields } from './payment';

export { ORDER_NOTES_MAX_LENGTH };
export const RECIPIENT_NAME_MAX_LENGTH = 120;
/** A checkout holds one order per farm; more farms than this in one cart is not a real cart. */
export const MAX_CHECKOUT_FARMS = 25;
export { IDEMPOTENCY_KEY_HEADER } from '../delivery-request';
export const RECIPIENT_REQUIRED_MESSAGE = "Please enter the recipient's name";

const positiveId = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`)
    .max(2_147_483_647, `${label} is too large`);

export { lineQuantity, MAX_LINE_QUANTITY, MAX_ORDER_LINES };

/**
 * One line as sent. Its total is checked by the server once it knows the pack: the unit price
 * times the quantity, or for a product charged by weight times the estimated weight.
 */
export const orderItemInput = z.object({
  productId: positiveId('Product'),
  /** The pack ordered (docs/packs.md); absent: the product's unit pack. */
  packId: positiveId('Pack').optional(),
  quantity: lineQuantity('positive'),
  unitPrice: priceInput,
  totalPrice: moneyInput.optional(),
  /**
   * What to do if the farm cannot fill the line (docs/substitutions.md); absent: the order
   * guide's choice for the product, else `ask`.
   */
  substitution: z.enum(SUBSTITUTIONS, { error: 'Choose allow, ask or never' }).optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInput>;

export const deliveryDateInput = calendarDateInput();

/** POST /api/orders: one farm's order. Prices and totals are checked against the database. */
export const orderCreateBody = z.object({
  farmId: positiveId('Farm'),
  totalAmount: moneyInput,
  items: z
    .array(orderItemInput, { error: 'Add at least one item' })
    .min(1, 'Add at least one item')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
  deliveryDate: deliveryDateInput.nullish().transform((value) => value ?? null),
  notes: optionalText(ORDER_NOTES_MAX_LENGTH, 'multi'),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;
export type OrderCreateInput = z.input<typeof orderCreateBody>;

/** POST /api/checkout: every farm's order of the cart, placed all or none. */
export const checkoutBody = z.object({
  orders: z
    .array(orderCreateBody, { error: 'Add at least one order' })
    .min(1, 'Add at least one order')
    .max(MAX_CHECKOUT_FARMS, `At most ${MAX_CHECKOUT_FARMS} farms in one checkout`)
    .superRefine((orders, ctx) => {
      const seen = new Set<number>();
      orders.forEach((order, index) => {
        if (seen.has(order.farmId)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'farmId'],
            message: 'Put each farm in one order only',
          });
        }
        seen.add(order.farmId);
      });
    }),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;
export type CheckoutInput = z.input<typeof checkoutBody>;

/** The Idempotency-Key header: any printable token a client makes once per attempt. */
export const idempotencyKeyHeader = z
  .string()
  .trim()
  .min(8, 'The Idempotency-Key must be 8 to 200 printable characters')
  .max(200, 'The Idempotency-Key must be 8 to 200 printable characters')
  .regex(/^[\x21-\x7e]+$/, 'The Idempotency-Key must be 8 to 200 printable characters')
  .optional();

/** PATCH /api/orders/{id}/status. A delivery needs the name of whoever received it. */
export const orderStatusBody = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: 'Choose a valid order status' }),
    recipientName: optionalText(RECIPIENT_NAME_MAX_LENGTH),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'delivered' && !body.recipientName) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientName'],
        message: RECIPIENT_REQUIRED_MESSAGE,
      });
    }
  });
export type OrderStatusBody = z.infer<typeof orderStatusBody>;
export type OrderStatusInput = z.input<typeof orderStatusBody>;

export const pickListQuery = z.object({ date: deliveryDateInput });

/** A line's traceability lot as an order carries it (docs/traceability.md). */
export const orderLineLotOutput = z.object({
  lotId: z.number(),
  code: z.string(),
  quantity: z.number(),
});
export type OrderLineLot = z.infer<typeof orderLineLotOutput>;

/**
 * A line's substitute proposed by the farm that waits for the restaurant (docs/substitutions.md);
 * prices are null for a member who sees no money.
 */
export const pendingSubstitutionOutput = z.object({
  id: z.number(),
  productId: z.number(),
  packId: z.number().nullable(),
  productName: z.string(),
  packLabel: z.string(),
  quantity: z.number(),
  unitPrice: moneyOutput.nullable(),
  totalPrice: moneyOutput.nullable(),
  deadline: z.string(),
});
export type PendingSubstitution = z.infer<typeof pendingSubstitutionOutput>;

/** An order line with its prices, as the server reads it. */
const pricedOrderItemOutput = z.object({
  id: z.number(),
  productId: z.number(),
  /** As sold; imageUrl is the product's first photo now (small version), or null. */
  product: z.object({ name: z.string(), unit: z.string(), imageUrl: z.string().nullable() }),
  /** The pack sold, or null for a pack since removed (docs/packs.md). Always sent. */
  packId: z.number().nullable().optional(),
  /** The pack as sold: `quantity` counts these, each `size` units of the product. Always sent. */
  pack: z.object({ label: z.string(), size: z.number() }).optional(),
  /** What is delivered and billed, in packs: up to two decimals on a weighed unit pack. */
  quantity: z.number(),
  /**
   * What the restaurant ordered; differs from `quantity` when the farm adjusted the line. The
   * server always sends it (optional here for older fixtures).
   */
  orderedQuantity: z.number().optional(),
  unitPrice: moneyOutput,
  totalPrice: moneyOutput,
  /**
   * Whether the line needs lots before the order is packed: its product is on the Food
   * Traceability List and the farm has traceability on (docs/traceability.md). Always sent.
   */
  traced: z.boolean().optional(),
  /** The lots the line was packed from, with how much of each; [] when none. Always sent. */
  lots: z.array(orderLineLotOutput).optional(),
  /**
   * A line charged by weight (docs/catch-weight.md): `unitPrice` is per `weightUnit` and
   * `totalPrice` is on `weight` once entered, on `estimatedWeight` until then. All null on a
   * line priced per pack. Always sent.
   */
  weightUnit: z.string().nullable().optional(),
  estimatedWeight: z.number().nullable().optional(),
  weight: z.number().nullable().optional(),
  /** One weight per pack, when the packer entered them one by one. */
  weights: z.array(z.number()).nullable().optional(),
  /** Who entered the weight ("Keoni P.") and when. */
  weighedBy: z.string().nullable().optional(),
  weighedAt: z.string().nullable().optional(),
  /** `pending` while a weight past the farm's tolerance waits for the restaurant. */
  weightDecision: z.enum(['pending', 'accepted', 'declined']).nullable().optional(),
  /** Every weight entered and decision made on the line, oldest first. Always sent. */
  weightHistory: z
    .array(
      z.object({
        kind: z.enum(['weighed', 'accepted', 'declined']),
        weight: z.number(),
        by: z.string().nullable(),
        at: z.string(),
      }),
    )
    .optional(),
  /**
   * What the restaurant wants when the farm cannot fill the line (docs/substitutions.md):
   * `allow`, `ask` or `never`. Always sent.
   */
  substitution: z.enum(SUBSTITUTIONS).optional(),
  /** On a substitute's line, the id of the line it replaced; null otherwise. Always sent. */
  substituteFor: z.number().nullable().optional(),
  /** On a substitute's line, the product of the line it replaced, as sold; null otherwise. */
  substituteForName: z.string().nullable().optional(),
  /** A substitute proposed for this line that waits for the restaurant; null when none. Always sent. */
  pendingSubstitution: pendingSubstitutionOutput.nullable().optional(),
});

/**
 * A line as the API answers it: the prices are null for a member whose role does not see money
 * (a farm's packer; docs/teams.md).
 */
export const orderItemOutput = pricedOrderItemOutput.extend({
  unitPrice: moneyOutput.nullable(),
  totalPrice: moneyOutput.nullable(),
});
export type OrderItem = z.infer<typeof orderItemOutput>;

/** Proof of an order's delivery, on the Order to both its businesses (null before). */
export const deliveryProofOutput = z.object({
  recipientName: z.string(),
  /** When the driver confirmed it on the phone. */
  deliveredAt: z.string(),
  /** When the server received it (later than `deliveredAt` when the phone had no signal). */
  receivedAt: z.string(),
  /** Who delivered it ("Keoni P."), or null for an account since deleted. */
  deliveredByName: z.string().nullable(),
  /** `/api/orders/{id}/delivery/photo` when a photo was taken, else null. */
  photoUrl: z.string().nullable(),
  /** `/api/orders/{id}/delivery/signature` when the recipient signed, else null. */
  signatureUrl: z.string().nullable(),
});
export type DeliveryProof = z.infer<typeof deliveryProofOutput>;

/** An order with every figure, as the server reads it (what its services work with). */
export const pricedOrderOutput = z.object({
  id: z.number(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  subtotal: moneyOutput,
  deliveryFee: moneyOutput,
  /**
   * The farm's GET rate at placement (percent, "4.7120") and the tax on subtotal plus fee
   * (docs/tax.md); "0.0000" and "0.00" when none. The server always sends these.
   */
  taxRate: rateOutput.optional(),
  taxAmount: moneyOutput.optional(),
  /**
   * Why the order has its GET rate under the farm's rule by buyer (docs/tax.md): "wholesale:
   * certificate 14 on file" or "pass-on: no resale certificate"; null for a farm with one rate
   * and for orders placed before the rule. The server always sends it.
   */
  taxReason: z.string().nullable().optional(),
  /**
   * The farm's fee for an order below its minimum, set at placement and taxed as the delivery
   * fee is (docs/minimums.md); "0.00" when none. The server always sends it.
   */
  smallOrderFee: moneyOutput.optional(),
  totalAmount: moneyOutput,
  deliveryDate: z.string().nullable(),
  recipientName: z.string().nullable(),
  notes: z.string().nullable(),
  farm: z.object({ id: z.number(), name: z.string() }),
  restaurant: z.object({
    id: z.number(),
    name: z.string(),
    location: z.string(),
    contactPhone: z.string().nullable(),
  }),
  orderItems: z.array(pricedOrderItemOutput),
  /** Payment state (docs/payments.md); the server always sends these. */
  paymentStatus: orderPaymentFields.paymentStatus.optional(),
  amountPaid: orderPaymentFields.amountPaid.optional(),
  amountCredited: orderPaymentFields.amountCredited,
  balanceDue: orderPaymentFields.balanceDue.optional(),
  dueDate: orderPaymentFields.dueDate.optional(),
  /**
   * The delivery zone the order was placed for, kept on the order (not the restaurant's current
   * zone): its slug, as a restaurant's `deliveryZone`, and its name, as a schedule's
   * `deliveryArea`; null when none applied. The server always sends these.
   */
  deliveryZone: z.string().nullable().optional(),
  deliveryArea: z.string().nullable().optional(),
  /** The standing order that placed it (docs/standing-orders.md); null when a person did. */
  standingOrderId: z.number().nullable().optional(),
  /** When the farm last adjusted the order to what was picked (docs/adjustments.md), or null. */
  adjustedAt: z.string().nullable().optional(),
  /**
   * A line charged by weight has no weight yet (docs/catch-weight.md): the totals are the
   * estimate. Always sent.
   */
  weightsPending: z.boolean().optional(),
  /**
   * When ordering for its delivery day closes under the farm's rule now (an instant), after
   * which only the farm changes it; null without a delivery day. The server always sends it.
   */
  orderCutoff: z.string().nullable().optional(),
  /**
   * Proof of delivery (docs/delivery.md#proof-of-delivery): null until delivered through
   * POST /api/orders/{id}/delivery. The server always sends it.
   */
  delivery: deliveryProofOutput.nullable().optional(),
  /**
   * The last Hawaii day the restaurant may report a problem with the delivered order
   * (docs/claims.md); null before delivery. The server always sends it.
   */
  claimsOpenUntil: z.string().nullable().optional(),
  /**
   * Messages on the order's thread from the other business that the reader has not read
   * (docs/order-thread.md). The server always sends it.
   */
  unreadMessages: z.number().int().optional(),
});
export type PricedOrder = z.infer<typeof pricedOrderOutput>;

/**
 * The Order of docs/api.md#order. For a member whose role does not see money (docs/teams.md)
 * its money and payment fields are null: subtotal, fee, tax, total, each line's prices, what
 * was paid and is due, the payment status and due date.
 */
export const orderOutput = pricedOrderOutput.extend({
  subtotal: moneyOutput.nullable(),
  deliveryFee: moneyOutput.nullable(),
  taxRate: rateOutput.nullable().optional(),
  taxAmount: moneyOutput.nullable().optional(),
  smallOrderFee: moneyOutput.nullable().optional(),
  totalAmount: moneyOutput.nullable(),
  orderItems: z.array(orderItemOutput),
  paymentStatus: orderPaymentFields.paymentStatus.optional(),
  amountPaid: orderPaymentFields.amountPaid.nullable().optional(),
  amountCredited: moneyOutput.nullable().optional(),
  balanceDue: orderPaymentFields.balanceDue.nullable().optional(),
  dueDate: orderPaymentFields.dueDate.optional(),
});
export type Order = z.infer<typeof orderOutput>;

/**
 * An order as a member without `money.view` (a farm's packer) receives it: every amount of
 * money, the lines' prices too, is null. Screens that such a member opens take this type and
 * leave out what is null.
 */
export type OrderItemAsSeen = Omit<OrderItem, 'unitPrice' | 'totalPrice'> & {
  unitPrice: string | null;
  totalPrice: string | null;
};
export type OrderAsSeen = Omit<
  Order,
  | 'subtotal'
  | 'deliveryFee'
  | 'taxAmount'
  | 'smallOrderFee'
  | 'totalAmount'
  | 'amountPaid'
  | 'balanceDue'
  | 'orderItems'
> & {
  subtotal: string | null;
  deliveryFee: string | null;
  taxAmount?: string | null | undefined;
  smallOrderFee?: string | null | undefined;
  totalAmount: string | null;
  amountPaid?: string | null | undefined;
  balanceDue?: string | null | undefined;
  orderItems: OrderItemAsSeen[];
};

export const orderListOutput = z.array(orderOutput);

/** One change of an order's status (GET /api/orders/{id}/history), oldest first. */
export const orderHistoryEntryOutput = z.object({
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  changedByUserId: z.number().nullable(),
  changedAt: z.string(),
  /** 'farmer', 'restaurant', or 'system' (automatic); null on older rows. */
  changedByRole: z.enum(['farmer', 'restaurant', 'system']).nullable(),
  /** The person who made it ("Leilani K."), or null: the system, or an account since deleted. */
  changedByName: z.string().nullable(),
  /**
   * The job behind a system change: 'standing_orders' (placed by a standing order),
   * 'auto_cancel', 'payment_reminders'; null for a person's.
   */
  changedByJob: z.enum(SYSTEM_JOBS).nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntryOutput>;
export const checkoutOutput = z.object({ orders: z.array(orderOutput) });
export type CheckoutResult = z.infer<typeof checkoutOutput>;

/** The figures of one product a 409 on placement reports, so the client can explain it. */
export const orderProblemProduct = z.object({
  farmId: z.number(),
  farmName: z.string(),
  productId: z.number(),
  productName: z.string().nullable(),
  unit: z.string().nullable(),
  /** The pack of the line at fault (docs/packs.md); null when unknown. Always sent. */
  packId: z.number().nullable().optional(),
  /** Packs asked for, and the stock left in the product's unit. */
  requestedQuantity: z.number(),
  availableQuantity: z.number(),
  /** Whole packs the stock left still fills (the unit pack: `availableQuantity`). Always sent. */
  availablePacks: z.number().optional(),
  unitPrice: moneyOutput.nullable(),
  sentUnitPrice: moneyOutput.nullable(),
});
export type OrderProblemProduct = z.infer<typeof orderProblemProduct>;

export { ORDER_CONFLICT_CODES } from '../order-limits';

/** One farm's current money figures in a `total_changed` 409, next to the total that was sent. */
export const orderProblemFarm = z.object({
  farmId: z.number(),
  farmName: z.string(),
  subtotal: moneyOutput,
  deliveryFee: moneyOutput,
  /** The farm's current GET rate and the tax it comes to (docs/tax.md); always sent. */
  taxRate: rateOutput.optional(),
  taxAmount: moneyOutput.optional(),
  /** The small-order fee the order would pay under the farm's minimum (docs/minimums.md). */
  smallOrderFee: moneyOutput.optional(),
  totalAmount: moneyOutput,
  sentTotalAmount: moneyOutput,
});
export type OrderProblemFarm = z.infer<typeof orderProblemFarm>;

/** One farm in a `below_minimum` 409: its minimum and the order's subtotal (docs/minimums.md). */
export const belowMinimumFarm = z.object({
  farmId: z.number(),
  farmName: z.string(),
  amount: moneyOutput,
  subtotal: moneyOutput,
});
export type BelowMinimumFarm = z.infer<typeof belowMinimumFarm>;

export const orderConflictBody = z.object({
  message: z.string(),
  code: z.string(),
  farmId: z.number().optional(),
  farmName: z.string().optional(),
  products: z.array(orderProblemProduct).optional(),
  subtotal: moneyOutput.optional(),
  deliveryFee: moneyOutput.optional(),
  taxRate: rateOutput.optional(),
  taxAmount: moneyOutput.optional(),
  smallOrderFee: moneyOutput.optional(),
  totalAmount: moneyOutput.optional(),
  sentTotalAmount: moneyOutput.optional(),
  farms: z.array(z.union([orderProblemFarm, belowMinimumFarm])).optional(),
  /** `below_minimum`: the farm's minimum and the order's subtotal (docs/minimums.md). */
  amount: moneyOutput.optional(),
});
export type OrderConflictBody = z.infer<typeof orderConflictBody>;
