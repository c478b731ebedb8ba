import type { NotificationKind } from '#core/schemas/notification';
import type { DbOrTx } from '../../db/database';
import type { NotificationContent } from './messages';

/*
 * The kinds of notification: each feature says who hears of its events and what they are told,
 * and registers that where the app is assembled (src/server/notification-kinds.ts). This module
 * knows none of them: it records, queues and sends what they give it.
 */

/**
 * The events features announce, by type, each with its `type` set to its key. A feature adds
 * its own beside its provider, with `declare module '../notifications'` (the module's index).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features
export interface NotificationEvents {}

export type NotificationEventType = keyof NotificationEvents;
export type NotificationEvent = NotificationEvents[NotificationEventType];

/** How a user is told beyond the bell, as their row says now. */
export interface Channels {
  email: string;
  notifyByEmail: boolean;
  notifyBySms: boolean;
  smsPhone: string | null;
  emailVerified: boolean;
}

/** One person who hears of an event, and what they are told. */
export interface Recipient {
  userId: number;
  /** How the user is told beyond the bell, when read with the recipient; read later if not. */
  channels?: Channels;
  orderId?: number | null;
  productId?: number | null;
  content: NotificationContent;
  /** Emailed whatever the user chose: a decision about their business (docs/admission.md). */
  alwaysEmail?: boolean;
  /**
   * A food-safety notice (a recall, docs/traceability.md): emailed whatever the user chose and
   * whether or not the address is verified, and texted to any phone the user gave.
   */
  safetyNotice?: boolean;
}

/** What a feature says of one type of event. */
export interface NotificationKindProvider<E> {
  /**
   * Who hears of the event and what each is told, read in the caller's transaction. The events
   * of one call are asked for together: a provider sends its first read at once (it does not
   * wait on anything else first), so that they all leave in one round trip.
   */
  recipients(tx: DbOrTx, event: E): Promise<Recipient[]>;
}

/** The providers of some types of event, by type. */
export type NotificationKindProviders<T extends NotificationEventType = NotificationEventType> = {
  [K in T]: NotificationKindProvider<NotificationEvents[K]>;
};

/** A stored notification as it is read back, for those that say what they are about now. */
export interface StoredNotice {
  id: number;
  kind: string;
  orderId: number | null;
}

/**
 * The title and body some stored notifications of a kind read with now (by notification id),
 * for a notice whose words depend on what is true when it is read (a payment reminder); those
 * left out keep the words they were sent with.
 */
export type NotificationWording = (
  db: DbOrTx,
  notices: readonly StoredNotice[],
) => Promise<Map<number, { title: string; body: string }>>;

const providers = new Map<string, NotificationKindProvider<never>>();
const wordings = new Map<string, NotificationWording>();

/** Every type of event with its provider: the app registers them all at once, when assembled. */
export function registerNotificationKinds(kinds: NotificationKindProviders): void {
  for (const [type, provider] of Object.entries(kinds)) {
    providers.set(type, provider as NotificationKindProvider<never>);
  }
}

/** How the stored notifications of a kind read now (see `NotificationWording`). */
export function registerNotificationWording(
  kind: NotificationKind,
  wording: NotificationWording,
): void {
  wordings.set(kind, wording);
}

/** Who hears of the event, by its type's provider. */
export function recipientsOf(tx: DbOrTx, event: NotificationEvent): Promise<Recipient[]> {
  const { type } = event as { type: string };
  const provider = providers.get(type) as NotificationKindProvider<NotificationEvent> | undefined;
  if (!provider) throw new Error(`No notification kind is registered for "${type}" events`);
  return provider.recipients(tx, event);
}

/** The new words of those notices whose kind reads them anew, by notification id. */
export async function wordingNow(
  db: DbOrTx,
  notices: readonly StoredNotice[],
): Promise<Map<number, { title: string; body: string }>> {
  const kinds = [...new Set(notices.map((notice) => notice.kind))].filter((kind) =>
    wordings.has(kind),
  );
  const found = await Promise.all(
    kinds.map((kind) =>
      wordings.get(kind)!(
        db,
        notices.filter((notice) => notice.kind === kind),
      ),
    ),
  );
  return new Map(found.flatMap((words) => [...words]));
}
