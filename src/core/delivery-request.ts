// The names a delivery's request is sent under, apart from the schemas: the driver's view and
// its outbox send them, and the view need not build the schemas (zod) at load to know them.

/** The header that makes a retried order or delivery count once (docs/api.md#idempotency-key). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The multipart parts of POST /api/orders/{id}/delivery and POST /api/deliveries. */
export const DELIVERY_PHOTO_FIELD = 'photo';
export const DELIVERY_SIGNATURE_FIELD = 'signature';
/** One stop's confirmation: its orders delivered together with one proof. */
export const STOP_DELIVERY_PATH = '/api/deliveries';
/** Its orders' ids, one field, separated by commas ("41,43"). */
export const STOP_ORDER_IDS_FIELD = 'orderIds';
