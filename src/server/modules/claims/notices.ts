import { formatMoneyString } from '#core/money';
import { formatQuantity } from '#core/quantity';
import { CLAIM_KIND_LABELS, type ClaimKind, type ClaimState } from '#core/schemas/claim';
import type { Permission } from '#core/permissions';
import {
  type NotificationContent,
  type NotificationKindProviders,
  type Reader,
  tell,
} from '../notifications';
import { aboutTheOrder, farmOf, restaurantOf } from '../orders';

/** A line of a claim as the notice names it. */
export interface ClaimLineNote {
  productName: string;
  unit: string;
  kind: ClaimKind;
  quantity: number;
  acceptedQuantity: number | null;
}

/**
 * - claim.reported: the restaurant reported a problem with a delivered order; the farm hears.
 * - claim.decided: the farm decided it; the restaurant hears what, and the credit note made.
 */
export type ClaimEvent =
  | {
      type: 'claim.reported';
      orderId: number;
      claimId: number;
      restaurantName: string;
      lines: ClaimLineNote[];
    }
  | {
      type: 'claim.decided';
      orderId: number;
      claimId: number;
      farmName: string;
      state: Exclude<ClaimState, 'open'>;
      reason: string | null;
      lines: ClaimLineNote[];
      creditNote: { number: string; amount: string } | null;
    };

function describeLine(line: ClaimLineNote): string {
  return `${line.productName}: ${formatQuantity(line.quantity)} ${line.unit} ${CLAIM_KIND_LABELS[line.kind].toLowerCase()}`;
}

export function claimReportedContent(
  event: Extract<ClaimEvent, { type: 'claim.reported' }>,
): NotificationContent {
  return {
    kind: 'order_status',
    title: `Problem reported on order #${event.orderId}`,
    body: `${event.restaurantName}: ${event.lines.map(describeLine).join('; ')}. Decide it on Claims.`,
    details: event.lines.map((line) => `- ${describeLine(line)}`).join('\n'),
    link: '/farmer/claims',
    eventKey: `claim:${event.claimId}:reported`,
  };
}

const DECISION_WORDS: Record<Exclude<ClaimState, 'open'>, string> = {
  accepted: 'accepted',
  partly_accepted: 'partly accepted',
  declined: 'declined',
};

export function claimDecidedContent(
  event: Extract<ClaimEvent, { type: 'claim.decided' }>,
  reader: Reader,
): NotificationContent {
  const credit =
    event.creditNote && reader.money
      ? ` Credit note ${event.creditNote.number}: ${formatMoneyString(event.creditNote.amount)}.`
      : event.creditNote
        ? ` Credit note ${event.creditNote.number}.`
        : '';
  const reason = event.reason ? ` Reason: ${event.reason}` : '';
  return {
    kind: 'order_status',
    title: `Your claim on order #${event.orderId} was ${DECISION_WORDS[event.state]}`,
    body: `${event.farmName} ${DECISION_WORDS[event.state]} your claim.${credit}${reason}`,
    details: event.lines
      .map(
        (line) =>
          `- ${describeLine(line)}: ${formatQuantity(line.acceptedQuantity ?? 0)} ${line.unit} accepted`,
      )
      .join('\n'),
    link: '/restaurant/claims',
    eventKey: `claim:${event.claimId}:decided`,
  };
}

declare module '../notifications' {
  interface NotificationEvents {
    'claim.reported': Extract<ClaimEvent, { type: 'claim.reported' }>;
    'claim.decided': Extract<ClaimEvent, { type: 'claim.decided' }>;
  }
}

/**
 * A reported problem goes to those of the farm who decide claims; the decision to those of the
 * restaurant who report them or read the bills (docs/teams.md#notifications).
 */
const WHO_CARES = {
  farmClaims: ['claims.decide'],
  restaurantClaims: ['claims.report', 'bills.view'],
} as const satisfies Record<string, readonly Permission[]>;

export const claimNotices: NotificationKindProviders<'claim.reported' | 'claim.decided'> = {
  'claim.reported': aboutTheOrder((tx, order, event) =>
    tell(tx, farmOf(order.farmId), WHO_CARES.farmClaims, { orderId: order.id }, () =>
      claimReportedContent(event),
    ),
  ),
  'claim.decided': aboutTheOrder((tx, order, event) =>
    tell(
      tx,
      restaurantOf(order.restaurantId),
      WHO_CARES.restaurantClaims,
      { orderId: order.id },
      (reader) => claimDecidedContent(event, reader),
    ),
  ),
};
