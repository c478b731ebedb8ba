import {
  DELIVERY_PHOTO_FIELD,
  DELIVERY_SIGNATURE_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  STOP_DELIVERY_PATH,
  STOP_ORDER_IDS_FIELD,
} from '#core/delivery-request';
import { api, ApiError } from '../../lib/api';
import { offlineStore } from '../../lib/offline-store';

/**
 * Deliveries confirmed on the phone wait here, in IndexedDB, until the server has them
 * (docs/delivery.md#offline). One confirmation is one stop: the restaurant's orders the driver
 * handed over at once. Each carries its own Idempotency-Key, made when the driver confirmed it:
 * however often it is sent (a reply lost on the way, two tabs), the server delivers the stop
 * once and answers the first result again.
 */
export interface WaitingDelivery {
  /** The Idempotency-Key of this confirmation, and its key in the store. */
  key: string;
  /** The stop's orders, delivered together (POST /api/deliveries). */
  orderIds: number[];
  /**
   * Set only on a confirmation an earlier version of the app kept, of one order: it is sent as
   * it was made (POST /api/orders/{id}/delivery), under the key that call may already know.
   */
  orderId?: number;
  runId: number;
  /** The stop's order numbers as the driver read them ("#41, #43"). */
  orderNumber: string;
  restaurantName: string;
  recipientName: string;
  /** When the driver confirmed it, on the phone's clock (ISO). */
  deliveredAt: string;
  photo: Blob | null;
  signature: Blob | null;
  /** Waiting to be sent, or refused by the server (the order was cancelled meanwhile, say). */
  state: 'waiting' | 'refused';
  /** Why the server refused it, in its words. */
  refusal: string | null;
}

/** A kept confirmation as this version reads it: one kept before stops has its one order. */
function asRead(kept: WaitingDelivery): WaitingDelivery {
  return Array.isArray(kept.orderIds) ? kept : { ...kept, orderIds: [kept.orderId!] };
}

// A proof of delivery must outlive the page: without IndexedDB the driver is told it was not
// kept rather than have it held in memory.
const keptDeliveries = offlineStore<WaitingDelivery>({
  database: 'harvest-hui-driver',
  store: 'deliveries',
  compare: (a, b) => a.deliveredAt.localeCompare(b.deliveredAt),
  withoutIndexedDb: 'refuse',
  asRead,
});

/** Calls `listener` whenever what waits changes; answers the function that stops it. */
export function subscribe(listener: () => void): () => void {
  return keptDeliveries.subscribe(listener);
}

/** What waits on the phone now, oldest first (for useSyncExternalStore). */
export function waitingDeliveries(): WaitingDelivery[] {
  return keptDeliveries.snapshot();
}

/** A new key for a new confirmation: random, so two phones never share one. */
export function newDeliveryKey(): string {
  return `delivery-${crypto.randomUUID()}`;
}

/** Keeps a stop's confirmation on the phone, then tries to send what waits. */
export async function keepDelivery(
  delivery: Omit<WaitingDelivery, 'state' | 'refusal' | 'orderId'>,
): Promise<void> {
  await keptDeliveries.put({ ...delivery, state: 'waiting', refusal: null });
  await keptDeliveries.refresh();
  void sendWaitingDeliveries();
}

/** Forgets a refused confirmation once the driver has read why. */
export async function dismissDelivery(key: string): Promise<void> {
  await keptDeliveries.remove(key);
  await keptDeliveries.refresh();
}

/** Whether an answer means the server will never take this confirmation as it is. */
function isFinalRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.body?.code === 'idempotency_key_in_progress') return false;
  return [400, 403, 404, 409, 413, 422].includes(error.status);
}

/** Where a kept confirmation goes: a stop's, or one order's kept by an earlier version. */
function addressOf(delivery: WaitingDelivery): string {
  return Array.isArray(delivery.orderIds)
    ? STOP_DELIVERY_PATH
    : `/api/orders/${delivery.orderId}/delivery`;
}

function formOf(delivery: WaitingDelivery): FormData {
  const form = new FormData();
  if (Array.isArray(delivery.orderIds)) {
    form.append(STOP_ORDER_IDS_FIELD, delivery.orderIds.join(','));
  }
  form.append('recipientName', delivery.recipientName);
  form.append('deliveredAt', delivery.deliveredAt);
  if (delivery.photo) form.append(DELIVERY_PHOTO_FIELD, delivery.photo, 'photo.jpg');
  if (delivery.signature) {
    form.append(DELIVERY_SIGNATURE_FIELD, delivery.signature, 'signature.png');
  }
  return form;
}

let sending: Promise<number> | null = null;

/**
 * Sends every waiting confirmation, oldest first, one at a time; answers how many the server
 * took. A delivered one leaves the phone; a refused one stays, marked with the server's reason,
 * until the driver dismisses it; without a connection (or a server error) the rest wait for
 * the next try. One send at a time per page.
 */
export function sendWaitingDeliveries(): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    try {
      const waiting = (await keptDeliveries.readAll()).filter(
        (delivery) => delivery.state === 'waiting',
      );
      for (const delivery of waiting) {
        try {
          await api.post(addressOf(delivery), formOf(delivery), {
            headers: { [IDEMPOTENCY_KEY_HEADER]: delivery.key },
            quietUnauthorized: true,
          });
          await keptDeliveries.remove(delivery.key);
          sent += 1;
        } catch (error) {
          if (!isFinalRefusal(error)) break;
          await keptDeliveries.put({ ...delivery, state: 'refused', refusal: error.message });
        }
      }
    } finally {
      sending = null;
      await keptDeliveries.refresh().catch(() => undefined);
    }
    return sent;
  })();
  return sending;
}

let started = false;

/**
 * Sends what waits now (the app was opened) and whenever the browser says it is online again.
 * Not Background Sync: the phone sends while the app is open.
 */
export function startDeliverySync(): void {
  if (started || typeof indexedDB === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void sendWaitingDeliveries().catch(() => undefined));
  void sendWaitingDeliveries().catch(() => undefined);
}
