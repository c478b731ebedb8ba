import { packCountLabel } from '#core/packs';
import type { OrderItemAsSeen } from '#core/schemas/order';
import type { PendingSubstitution } from '#core/schemas/substitution';
import {
  SUBSTITUTION_PREFERENCE_LABELS as PREFERENCE_LABELS,
  SUBSTITUTIONS as PREFERENCES,
  type Substitution,
} from '#core/substitutions';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { formatInstant, formatMoney } from '../../lib/format';
import { Select } from './form';

/*
 * How both sides say a line's substitution (docs/substitutions.md): the restaurant's choice,
 * shown at checkout and on its orders, and read by the farm before it shorts or substitutes.
 * Its words come from core/substitutions, which brings no zod: the checkout and the order
 * screens do without it (docs/performance.md#what-the-main-thread-does).
 */

export { PREFERENCE_LABELS };

/** The line's preference as the farm reads it before choosing what to do. */
export const FARM_PREFERENCE_WORDS: Record<Substitution, string> = {
  allow: 'Chef allows substitutes',
  ask: 'Chef wants to be asked',
  never: 'No substitutes: this will short the line',
};

/** "6:00 AM Mon": when a proposal left unanswered shorts the line, in Hawaii time. */
export function deadlineLabel(deadline: string | null | undefined): string | null {
  return formatInstant(deadline, 'h:mm a EEE');
}

/** "2 cases Kale (Lacinato) · $40.00": a proposed substitute; no price for who sees no money. */
export function proposalLabel(
  proposal: Pick<PendingSubstitution, 'quantity' | 'packLabel' | 'productName' | 'totalPrice'>,
): string {
  const amount = `${packCountLabel(proposal.quantity, proposal.packLabel)} ${proposal.productName}`;
  return proposal.totalPrice === null ? amount : `${amount} · ${formatMoney(proposal.totalPrice)}`;
}

/**
 * "If unavailable: Allow substitutes / Ask me first / No substitute" for one line, small
 * enough to sit under the line on a phone. Its name says the product too, for a screen reader
 * going down a list of them.
 */
export function PreferenceSelect({
  productName,
  value,
  onChange,
  disabled,
  writes,
  className,
}: {
  productName: string;
  value: Substitution;
  onChange: (value: Substitution) => void;
  disabled?: boolean;
  /** It saves at once: off while writes are (lib/writes-off). */
  writes?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <span
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600',
        className,
      )}
    >
      <label htmlFor={id} className="shrink-0">
        If unavailable<span className="sr-only"> ({productName})</span>
      </label>
      <Select
        id={id}
        writes={writes}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value as Substitution)}
        className="w-auto max-w-full min-w-0 py-0 pl-2 sm:min-h-9"
      >
        {PREFERENCES.map((preference) => (
          <option key={preference} value={preference}>
            {PREFERENCE_LABELS[preference]}
          </option>
        ))}
      </Select>
    </span>
  );
}

/** "Substitute for Kale (Curly)" under a substitute's line, as the order names it. */
export function SubstituteFor({
  item,
}: {
  item: Pick<OrderItemAsSeen, 'substituteFor' | 'substituteForName'>;
}) {
  if (!item.substituteFor) return null;
  return (
    <span className="block text-xs font-medium text-sky-800">
      Substitute for {item.substituteForName ?? 'a line the farm could not fill'}
    </span>
  );
}
