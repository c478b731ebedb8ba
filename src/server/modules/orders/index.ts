// The orders module's one door: what other modules and the app use of it.
export { adjustLines, type AddedLine, type LineChange, writeLineChanges } from './adjustments';
export { startAutoCancelWorker } from './auto-cancel-worker';
export {
  DELIVERY_IDEMPOTENCY_SCOPE,
  runIdempotent,
  STOP_DELIVERY_IDEMPOTENCY_SCOPE,
  type StoredResult,
} from './idempotency';
export { idempotencyKey } from './idempotency-key';
export { invoiceNumberLabel, issueInvoiceNumbers } from './invoice-numbers';
export { lotRequired, setLineLots } from './line-lots';
export { afterBulkOrder, moveEachOrder } from './listing';
export type { OrderFacts } from './notice-content';
export { aboutTheOrder, farmOf, orderNotices, restaurantOf } from './notices';
export {
  applyOrderChange,
  type ChangeContext,
  changeOrder,
  type ChangeOutcome,
  historyActor,
  linesOf,
  type LockedOrder,
  type OrderChangeOf,
  registerOrderChangeHandler,
  type StoredLine,
} from './order-change';
export { loadOrder, loadOrders, loadOrdersByIds } from './queries';
export { changeLines } from './restaurant-changes';
export { orderModule } from './routes';
export { orderScope, orderScopeOf } from './scope';
export { placeInTransaction } from './service';
export { type BeforePackStep, moveStatus, registerBeforePackStep } from './status-moves';
export { openStock, setStock } from './stock';
export { decideWeight, weighLine } from './weights';
