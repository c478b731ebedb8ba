import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { isFarmActor, type PersonActor } from '#core/actor';
import type { LiveEvent, StreamEvent } from '#core/schemas/notification';
import type { Database } from '../../db/database';
import { inOrderScope } from '#core/order-scope';
import { databaseClient } from './database-client';
import {
  authChangeCovers,
  LIVE_EVENTS_CHANNEL,
  type AuthChangedEvent,
  type DatabaseEvent,
  type DeliveriesQueuedEvent,
} from './publish';

type ChannelEvent = LiveEvent | AuthChangedEvent | DatabaseEvent | DeliveriesQueuedEvent;

/** Who holds an /api/events stream, as the session resolved them when it opened. */
export interface LiveAudience {
  actor: PersonActor;
  /** The session the stream was opened with: it closes when that session ends. */
  sessionTokenHash: string;
}

/**
 * Each stream gets only what concerns it: the orders its actor may see (the one order scope),
 * its own notifications, stock for buyers and for the farm that owns it, an administrator's
 * decision to the business it concerns.
 */
export function concerns(event: LiveEvent, { actor }: LiveAudience): boolean {
  switch (event.type) {
    case 'products.changed':
      return (
        actor.role === 'restaurant' ||
        actor.role === 'admin' ||
        (isFarmActor(actor) && actor.business.id === event.farmId)
      );
    case 'orders.changed':
      return inOrderScope(actor, event);
    case 'notifications.changed':
      return actor.userId === event.userId;
    case 'business.changed':
      return (
        actor.role === 'admin' ||
        (actor.business?.kind === event.businessKind && actor.business.id === event.businessId)
      );
    default:
      return false;
  }
}

export function parseLiveEvent(payload: string): ChannelEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<ChannelEvent> | null;
    return value && typeof value.type === 'string' ? (value as ChannelEvent) : null;
  } catch {
    return null;
  }
}

interface Subscriber {
  audience: LiveAudience;
  send(event: StreamEvent): void;
  close(): void;
}

const RECONNECT_DELAY_MS = 2000;

/**
 * The open streams of one process and its one LISTEN on the live events channel: a dedicated
 * connection on PostgreSQL (so events from every process arrive), PGlite's in-process LISTEN
 * on the embedded database (only one process may open it). Listening starts with the first
 * stream.
 */
export class LiveEventHub {
  readonly #subscribers = new Set<Subscriber>();
  readonly #authListeners = new Set<(event: AuthChangedEvent) => void>();
  readonly #databaseListeners = new Set<(event: DatabaseEvent) => void>();
  readonly #eventListeners = new Set<(event: LiveEvent) => void>();
  readonly #deafListeners = new Set<() => void>();
  readonly #deliveriesQueuedListeners = new Set<() => void>();
  #listening: Promise<() => Promise<void>> | null = null;
  /** True while this process hears every event: caches may trust what they hold. */
  #hearing = false;
  #closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  get size(): number {
    return this.#subscribers.size;
  }

  /** Whether this process hears every event now; while it does not, caches must not answer. */
  get hearing(): boolean {
    return this.#hearing && !this.#closed;
  }

  /** Starts listening (once); resolves when events published from now on will arrive. */
  async start(): Promise<void> {
    this.#listening ??= this.#listen().catch((error: unknown) => {
      this.#listening = null;
      throw error;
    });
    await this.#listening;
  }

  /** Adds a stream once the process listens, so nothing published after this is missed. */
  async subscribe(subscriber: Subscriber): Promise<() => void> {
    await this.start();
    if (this.#closed) throw new Error('The server is shutting down');
    this.#subscribers.add(subscriber);
    return () => {
      this.#subscribers.delete(subscriber);
    };
  }

  /** Called with every AuthChangedEvent any process publishes (session caches listen here). */
  onAuthChanged(listener: (event: AuthChangedEvent) => void): () => void {
    this.#authListeners.add(listener);
    return () => this.#authListeners.delete(listener);
  }

  /** Called with every change the database announces itself (user views, catalogue caches). */
  onDatabaseEvent(listener: (event: DatabaseEvent) => void): () => void {
    this.#databaseListeners.add(listener);
    return () => this.#databaseListeners.delete(listener);
  }

  /** Called with every live event any process publishes (catalogue caches listen here). */
  onLiveEvent(listener: (event: LiveEvent) => void): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /** Called when any process queued emails or text messages to go now. */
  onDeliveriesQueued(listener: () => void): () => void {
    this.#deliveriesQueuedListeners.add(listener);
    return () => this.#deliveriesQueuedListeners.delete(listener);
  }

  /** Called when the process may have missed events (the LISTEN connection dropped). */
  onDeaf(listener: () => void): () => void {
    this.#deafListeners.add(listener);
    return () => this.#deafListeners.delete(listener);
  }

  #setHearing(hearing: boolean): void {
    this.#hearing = hearing;
    if (!hearing) for (const listener of this.#deafListeners) listener();
  }

  dispatch(payload: string): void {
    const event = parseLiveEvent(payload);
    if (!event) return;
    if (event.type === 'auth.changed') {
      for (const listener of this.#authListeners) listener(event);
      for (const subscriber of this.#subscribers) {
        const { actor, sessionTokenHash: tokenHash } = subscriber.audience;
        if (authChangeCovers(event, { userId: actor.userId, tokenHash })) {
          this.#subscribers.delete(subscriber);
          subscriber.close();
        }
      }
      return;
    }
    if (
      event.type === 'user.changed' ||
      event.type === 'catalog.changed' ||
      event.type === 'stock.changed' ||
      event.type === 'orders.counted'
    ) {
      for (const listener of this.#databaseListeners) listener(event);
      return;
    }
    if (event.type === 'deliveries.queued') {
      for (const listener of this.#deliveriesQueuedListeners) listener();
      return;
    }
    for (const listener of this.#eventListeners) listener(event);
    for (const subscriber of this.#subscribers) {
      if (concerns(event, subscriber.audience)) subscriber.send(event);
    }
  }

  /**
   * Events published while the LISTEN connection was down never reach this process: every
   * open stream is told to refetch what it shows.
   */
  resync(): void {
    for (const subscriber of this.#subscribers) subscriber.send({ type: 'resync' });
  }

  /** Ends every stream (so the server can close) and stops listening. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#setHearing(false);
    for (const subscriber of this.#subscribers) subscriber.close();
    this.#subscribers.clear();
    const listening = this.#listening;
    this.#listening = null;
    if (listening) await (await listening.catch(() => async () => {}))();
  }

  async #listen(): Promise<() => Promise<void>> {
    const driver = databaseClient(this.database);
    if (driver.kind === 'pglite') {
      const unlisten = await driver.client.listen(LIVE_EVENTS_CHANNEL, (payload) =>
        this.dispatch(payload),
      );
      this.#setHearing(true);
      return () => {
        this.#setHearing(false);
        return unlisten();
      };
    }
    return this.#listenOnPostgres(driver.pool);
  }

  async #listenOnPostgres(pool: pg.Pool): Promise<() => Promise<void>> {
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    let stopped = false;

    const scheduleReconnect = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = null;
        connect()
          .then(() => {
            if (client) {
              this.log.info('live events: listening again; open streams refetch');
              this.resync();
            }
          })
          .catch((error: unknown) => {
            this.log.warn({ err: error }, 'live events: cannot LISTEN yet, retrying');
            scheduleReconnect();
          });
      }, RECONNECT_DELAY_MS);
    };

    const connect = async (): Promise<void> => {
      const next = new pg.Client(pool.options);
      next.on('notification', (message) => {
        if (message.channel === LIVE_EVENTS_CHANNEL && message.payload) {
          this.dispatch(message.payload);
        }
      });
      const lost = (error?: Error) => {
        if (client !== next) return;
        client = null;
        this.#setHearing(false);
        next.end().catch(() => {});
        if (stopped) return;
        this.log.warn({ err: error }, 'live events: lost the LISTEN connection, reconnecting');
        scheduleReconnect();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      try {
        await next.connect();
        await next.query(`listen ${LIVE_EVENTS_CHANNEL}`);
      } catch (error) {
        next.end().catch(() => {});
        throw error;
      }
      if (stopped) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      this.#setHearing(true);
    };

    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      this.#setHearing(false);
      await current?.end().catch(() => {});
    };
  }
}
