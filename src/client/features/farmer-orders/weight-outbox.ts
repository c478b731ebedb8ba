import { IDEMPOTENCY_KEY_HEADER } from '#core/delivery-request';
import type { OrderAsSeen } from '#core/schemas/order';
import { api, ApiError } from '../../lib/api';
import { offlineStore } from '../../lib/offline-store';

/**
 * Weights entered at packing wait here, in IndexedDB, until the server has them
 * (docs/catch-weight.md): a packing shed often has no signal. Each weighing keeps the
 * Idempotency-Key made when it was entered, so however often it is sent the server records it once.
 */
export interface WaitingWeight {
  /** The Idempotency-Key of this weighing, and its key in the store. */
  key: string;
  orderId: number;
  itemId: number;
  /** `{weight}` for the whole line, `{weights}` one per pack. */
  body: { weight: number } | { weights: number[] };
  /** When it was entered, on the phone's clock (ISO). */
  enteredAt: string;
  state: 'waiting' | 'refused';
  refusal: string | null;
}

/** Without IndexedDB (an old browser, the DOM tests) the weights wait in memory. */
const keptWeights = offlineStore<WaitingWeight>({
  database: 'harvest-hui-packing',
  store: 'weights',
  compare: (a, b) => a.enteredAt.localeCompare(b.enteredAt),
  withoutIndexedDb: 'memory',
});

/** Calls `listener` whenever what waits changes; answers the function that stops it. */
export function subscribeWeights(listener: () => void): () => void {
  return keptWeights.subscribe(listener);
}

/** What waits on the phone now, oldest first (for useSyncExternalStore). */
export function waitingWeights(): WaitingWeight[] {
  return keptWeights.snapshot();
}

/** A new key for a new weighing: random, so two phones never share one. */
export function newWeightKey(): string {
  return `weight-${crypto.randomUUID()}`;
}

export function weightPath(orderId: number, itemId: number): string {
  return `/api/orders/${orderId}/items/${itemId}/weight`;
}

/** Whether an answer means the server will never take this weighing as it is. */
function isFinalRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.body?.code === 'idempotency_key_in_progress') return false;
  return [400, 403, 404, 409, 422].includes(error.status);
}

/** Sends one weighing under its key; answers the order as the server has it now. */
export function sendWeight(weight: Pick<WaitingWeight, 'key' | 'orderId' | 'itemId' | 'body'>) {
  return api.put<OrderAsSeen>(weightPath(weight.orderId, weight.itemId), weight.body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: weight.key },
    quietUnauthorized: true,
  });
}

/** Keeps a weighing the phone could not send (no network) until it can. */
export async function keepWeight(
  weight: Omit<WaitingWeight, 'state' | 'refusal' | 'enteredAt'>,
): Promise<void> {
  await keptWeights.put({
    ...weight,
    enteredAt: new Date().toISOString(),
    state: 'waiting',
    refusal: null,
  });
  await keptWeights.refresh();
}

/** Forgets a refused weighing once the packer has read why. */
export async function dismissWeight(key: string): Promise<void> {
  await keptWeights.remove(key);
  await keptWeights.refresh();
}

/** Whether a failed send means "no network": the request never reached the server. */
export function isOffline(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  return typeof navigator === 'undefined' || !navigator.onLine || error instanceof TypeError;
}

let sending: Promise<OrderAsSeen[]> | null = null;

/**
 * Sends every waiting weighing, oldest first, one at a time; answers the orders the server
 * took them on. A refused one stays, with the server's reason, until the packer dismisses it;
 * without a connection the rest wait for the next try.
 */
export function sendWaitingWeights(): Promise<OrderAsSeen[]> {
  sending ??= (async () => {
    const taken: OrderAsSeen[] = [];
    try {
      const waiting = (await keptWeights.readAll()).filter((weight) => weight.state === 'waiting');
      for (const weight of waiting) {
        try {
          taken.push(await sendWeight(weight));
          await keptWeights.remove(weight.key);
        } catch (error) {
          if (!isFinalRefusal(error)) break;
          await keptWeights.put({ ...weight, state: 'refused', refusal: error.message });
        }
      }
    } finally {
      sending = null;
      await keptWeights.refresh().catch(() => undefined);
    }
    return taken;
  })();
  return sending;
}

let started = false;

/** Sends what waits now and whenever the browser says it is online again; `onSent` gets the orders. */
export function startWeightSync(onSent: (orders: OrderAsSeen[]) => void): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const send = () =>
    void sendWaitingWeights()
      .then((orders) => orders.length > 0 && onSent(orders))
      .catch(() => undefined);
  window.addEventListener('online', send);
  send();
}
