/*
 * The thread's limits, as core/schemas/order-message.ts and core/schemas/photo.ts set them for
 * the server; written here without zod so that the thread's chunk does not carry it
 * (docs/performance.md#what-the-main-thread-does). order-thread.test.tsx holds them equal.
 */

/** Characters in one message. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Photos sent with one message. */
export const MESSAGE_MAX_PHOTOS = 3;
/** Bytes of one photo: the same limit as a product's photos. */
export const MESSAGE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Entries read at a time, the newest first. */
export const THREAD_PAGE_SIZE = 30;
