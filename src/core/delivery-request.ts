// The names a delivery's request is sent under, apart from the schemas: the driver's view and
// its outbox send them, and the view need not build the schemas (zod) at load to know them.

/** The header that makes a retried order or delivery count once (docs/api.md#idempotency-key). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The multipart parts of POST /api/orders/{id}/delivery. */
export const DELIVERY_PHOTO_FIELD = 'photo';
export const DELIVERY_SIGNATURE_FIELD = 'signature';
