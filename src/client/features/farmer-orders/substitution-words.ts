import type { Substitution } from '#core/schemas/order-guide';
import type { BulkSubstitutionResult, SubstitutionState } from '#core/schemas/substitution';
import { deadlineLabel } from '../../components/ui/substitution-preference';

/** What the farm's toast says after a short or a proposal, from the state the server answers. */
export function proposalOutcome(
  state: SubstitutionState | undefined,
  options: {
    short: boolean;
    preference: Substitution;
    productName: string;
    deadline?: string | null;
  },
): { title: string; description: string } {
  const effective =
    state ??
    (options.short || options.preference === 'never'
      ? 'shorted'
      : options.preference === 'allow'
        ? 'accepted'
        : 'pending');
  switch (effective) {
    case 'accepted':
      return {
        title: 'Substitute accepted',
        description: `The chef allows substitutes: ${options.productName} is on the order now.`,
      };
    case 'pending': {
      const until = deadlineLabel(options.deadline);
      return {
        title: 'Sent to the chef',
        description: `The chef is asked to accept ${options.productName}${until ? `; unanswered by ${until}, the line is shorted` : ''}.`,
      };
    }
    case 'declined':
    case 'expired':
    case 'shorted':
      return {
        title: 'Line shorted',
        description: options.short
          ? `${options.productName} is off the order and the chef is told.`
          : `The chef takes no substitutes: ${options.productName} is off the order and the chef is told.`,
      };
  }
}

/** The words of one changed order of a day's short: what was done to its line. */
export const BULK_STATE_WORDS: Record<SubstitutionState, string> = {
  pending: 'sent to the chef',
  accepted: 'substituted',
  declined: 'declined',
  expired: 'shorted, unanswered',
  shorted: 'shorted',
};

/** "3 orders shorted, 2 sent to the chef, 1 substituted". */
export function bulkSummary(result: BulkSubstitutionResult): string {
  const counts = new Map<SubstitutionState, number>();
  for (const entry of result.changed) counts.set(entry.state, (counts.get(entry.state) ?? 0) + 1);
  if (counts.size === 0) return 'No order was changed.';
  return [...counts]
    .map(
      ([state, count]) => `${count} ${count === 1 ? 'order' : 'orders'} ${BULK_STATE_WORDS[state]}`,
    )
    .join(', ');
}
