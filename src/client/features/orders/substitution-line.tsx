import type { Substitution } from '#core/schemas/order-guide';
import type { OrderAsSeen, OrderItemAsSeen } from '#core/schemas/order';
import type { PendingSubstitution } from '#core/schemas/substitution';
import { Button } from '../../components/ui/button';
import {
  deadlineLabel,
  PreferenceSelect,
  PREFERENCE_LABELS,
  proposalLabel,
  SubstituteFor,
} from '../../components/ui/substitution-preference';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { usePermissions } from '../../lib/permissions';
import { useDecideSubstitution, useLinePreference } from './substitution-api';

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.userMessage(fallback) : fallback;

/**
 * Under a line of the restaurant's order: while pending, what the farm does should it be
 * unable to fill it (saved at once); once confirmed, the farm's proposal waiting for an answer.
 */
export function RestaurantLineSubstitution({
  order,
  item,
}: {
  order: Pick<OrderAsSeen, 'id' | 'status' | 'orderItems'>;
  item: OrderItemAsSeen;
}) {
  const { can } = usePermissions();
  const mayChange = can('orders.change');
  if (item.substituteFor) {
    return <SubstituteFor item={item} />;
  }
  if (item.pendingSubstitution) {
    return <ProposalAnswer item={item} proposal={item.pendingSubstitution} canAnswer={mayChange} />;
  }
  if (!item.substitution) return null;
  if (order.status === 'pending' && mayChange) {
    return <LinePreference orderId={order.id} item={item} value={item.substitution} />;
  }
  if (order.status === 'pending' || order.status === 'confirmed' || order.status === 'packed') {
    return (
      <span className="block text-xs text-stone-600">
        If unavailable: {PREFERENCE_LABELS[item.substitution]}
      </span>
    );
  }
  return null;
}

function LinePreference({
  orderId,
  item,
  value,
}: {
  orderId: number;
  item: OrderItemAsSeen;
  value: Substitution;
}) {
  const save = useLinePreference();
  // Shown as chosen while it saves; the order read again afterwards has the last word.
  const shown = save.isPending ? save.variables.substitution : value;
  const onChange = (substitution: Substitution) =>
    save.mutate(
      { orderId, itemId: item.id, substitution },
      {
        onSuccess: () =>
          toast({
            title: 'Saved',
            description: `${item.product.name}: ${PREFERENCE_LABELS[substitution]}.`,
          }),
      },
    );
  return (
    <span className="mt-1 flex flex-col gap-1">
      <PreferenceSelect
        writes
        productName={item.product.name}
        value={shown}
        disabled={save.isPending}
        onChange={onChange}
      />
      {save.isError ? (
        <span className="text-xs text-destructive" role="alert">
          {errorText(save.error, 'Not saved. Please try again in a moment.')}
        </span>
      ) : null}
    </span>
  );
}

function ProposalAnswer({
  item,
  proposal,
  canAnswer,
}: {
  item: OrderItemAsSeen;
  proposal: PendingSubstitution;
  canAnswer: boolean;
}) {
  const decide = useDecideSubstitution();
  const until = deadlineLabel(proposal.deadline);
  const answer = (accept: boolean) =>
    decide.mutate(
      { substitutionId: proposal.id, accept },
      {
        onSuccess: () =>
          toast({
            title: accept ? 'Substitute accepted' : 'Substitute declined',
            description: accept
              ? `${proposalLabel(proposal)} replaces ${item.product.name}.`
              : `${item.product.name} is shorted; you are not charged for it.`,
          }),
      },
    );
  return (
    <span
      className="mt-1 flex flex-col gap-2 rounded-md border border-sky-200 bg-sky-50 p-2"
      role="group"
      aria-label={`Substitute for ${item.product.name}`}
    >
      <span className="font-medium text-sky-900">Farm proposes: {proposalLabel(proposal)}</span>
      {until ? (
        <span className="text-xs text-stone-700">
          Answer by {until}; unanswered, the line is shorted.
        </span>
      ) : null}
      {canAnswer ? (
        <span className="flex flex-wrap gap-2">
          <Button writes size="sm" disabled={decide.isPending} onClick={() => answer(true)}>
            Accept
          </Button>
          <Button
            writes
            size="sm"
            variant="outline"
            disabled={decide.isPending}
            onClick={() => answer(false)}
          >
            Decline
          </Button>
        </span>
      ) : null}
      {decide.isError ? (
        <span className="text-sm text-destructive" role="alert">
          {errorText(decide.error, 'Could not send your answer. Please try again in a moment.')}
        </span>
      ) : null}
    </span>
  );
}
