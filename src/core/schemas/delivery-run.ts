import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { calendarDateInput, requiredText } from './common';
import { keyCursor, optionalPageLimit } from './paging';

/**
 * A farm's delivery runs of one day (docs/delivery.md#delivery-runs): the day's orders that are
 * not cancelled, in ordered stops, one run per zone unless the farm adds and fills others.
 */

/** The name of the default run of a day's orders placed without a zone. */
export const NO_ZONE_RUN_NAME = 'No zone';
/** The 409 code of a reorder made from a view of the run that is no longer current. */
export const RUN_CHANGED_CODE = 'run_changed';
/**
 * The most stops one reorder may list: the largest farm's delivery day at the islands' size
 * (some 1,500 orders) fits in one run.
 */
export const MAX_RUN_STOPS = 2_000;
/** `GET /api/delivery-runs?limit=`: stops a page, at most (without it, the whole day). */
export const RUN_STOPS_PAGE_MAX = 500;
export const RUN_NAME_MAX = 60;

/**
 * The day's runs; with `limit` (or a `cursor` from the `Link` header) a page of their stops at a
 * time, in the day's order (runs by id, each run's stops in order).
 */
export const deliveryRunsQuery = z.object({
  date: calendarDateInput(),
  limit: optionalPageLimit(RUN_STOPS_PAGE_MAX),
  cursor: keyCursor,
});

export const deliveryRunCreateBody = z.object({
  date: calendarDateInput(),
  name: requiredText(RUN_NAME_MAX),
});
export type DeliveryRunCreateBody = z.infer<typeof deliveryRunCreateBody>;

/** PATCH /api/delivery-runs/{id}: a new name, by the rules of a new run's. */
export const deliveryRunRenameBody = deliveryRunCreateBody.pick({ name: true });
export type DeliveryRunRenameBody = z.infer<typeof deliveryRunRenameBody>;

/** The 409 code of deleting a run that still has stops. */
export const RUN_NOT_EMPTY_CODE = 'run_not_empty';

/** POST /api/delivery-runs/start: the day whose runs all go out. */
export const deliveryRunDayBody = z.object({ date: calendarDateInput() });
export type DeliveryRunDayBody = z.infer<typeof deliveryRunDayBody>;

const orderId = z
  .number({ error: 'Must be an order id' })
  .int('Must be an order id')
  .positive('Must be an order id')
  .max(2_147_483_647, 'Must be an order id');

export const deliveryRunStopsBody = z.object({
  /** The run's `version` as the client last read it. */
  version: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be the version the run was read at')
    .max(2_147_483_647, 'Must be the version the run was read at'),
  /** The run's whole new order of stops; an order of another run of the day moves here. */
  orderIds: z
    .array(orderId, { error: 'Must be a list of order ids' })
    .max(MAX_RUN_STOPS, `At most ${MAX_RUN_STOPS} stops`)
    .refine((ids) => new Set(ids).size === ids.length, 'List each order once'),
});
export type DeliveryRunStopsBody = z.infer<typeof deliveryRunStopsBody>;

const orderStatus = z.enum(ORDER_STATUSES);

const placeRestaurant = z.object({
  id: z.number(),
  name: z.string(),
  /** The restaurant's location, where the truck goes. */
  address: z.string(),
  phone: z.string().nullable(),
});

/** One order of a run, in the run's order: its place's orders follow each other. */
export const deliveryRunStopOutput = z.object({
  orderId: z.number(),
  /** The order's place in the run's order, 1 for the first. */
  position: z.number().int(),
  /** The number of its stop (its place: the restaurant), 1 for the first. */
  stop: z.number().int(),
  restaurant: placeRestaurant,
  /** The order's number as people read it ("#123"). */
  orderNumber: z.string(),
  /** The invoice's number once one was issued. */
  invoiceNumber: z.number().nullable(),
  /** How many lines the order has. */
  itemCount: z.number().int(),
  /** The restaurant's notes on the order. */
  notes: z.string().nullable(),
  status: orderStatus,
});
export type DeliveryRunStop = z.infer<typeof deliveryRunStopOutput>;

/** One stop of a run: a restaurant, with every order of the run delivered there. */
export const deliveryPlaceOutput = z.object({
  /** 1 for the first stop. */
  position: z.number().int(),
  restaurant: placeRestaurant,
  /** Its orders, in the run's order. */
  orderIds: z.array(z.number()),
});
export type DeliveryPlace = z.infer<typeof deliveryPlaceOutput>;

export const deliveryRunOutput = z.object({
  id: z.number(),
  date: z.string(),
  name: z.string(),
  /** The zone a default run is for; null for "No zone" and for the runs the farm added. */
  zone: z.string().nullable(),
  version: z.number().int(),
  /** Every order of the run, in order, each with the number of its stop. */
  stops: z.array(deliveryRunStopOutput),
  /** The run's stops: one per restaurant, in order. */
  places: z.array(deliveryPlaceOutput),
});
export type DeliveryRun = z.infer<typeof deliveryRunOutput>;

export const deliveryRunListOutput = z.array(deliveryRunOutput);

/** The 409 `run_changed` body: the run as it is now, to show and reorder again. */
export const runChangedBody = z.object({
  message: z.string(),
  code: z.literal(RUN_CHANGED_CODE),
  run: deliveryRunOutput,
});
export type RunChangedBody = z.infer<typeof runChangedBody>;

/** POST /api/delivery-runs/{id}/start: which packed orders went out, and which could not. */
export const deliveryRunStartOutput = z.object({
  runId: z.number(),
  /** Packed orders moved to in transit, in stop order. */
  changed: z.array(z.object({ id: z.number(), fromStatus: orderStatus, toStatus: orderStatus })),
  /** Packed orders that could not move (another hand moved them meanwhile), and why. */
  refused: z.array(
    z.object({ id: z.number(), status: orderStatus, code: z.string(), message: z.string() }),
  ),
  /** The run's orders that were not packed and stayed as they were. */
  notPacked: z.array(z.object({ id: z.number(), status: orderStatus })),
});
export type DeliveryRunStartResult = z.infer<typeof deliveryRunStartOutput>;

/** POST /api/delivery-runs/start: each run of the day started, in the day's order. */
export const deliveryDayStartOutput = z.object({
  date: z.string(),
  runs: z.array(deliveryRunStartOutput),
});
export type DeliveryDayStartResult = z.infer<typeof deliveryDayStartOutput>;
