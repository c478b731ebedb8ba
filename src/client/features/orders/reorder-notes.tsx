import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { hasDifferences, type ReorderSummary } from './reorder-model';

/** What one "Order again" changed, kept until the checkout it feeds (docs/tax.md#order-again). */
export interface ReorderNote {
  orderId: number;
  farmId: number;
  farmName: string;
  summary: ReorderSummary;
}

/**
 * The differences of every past order put back in the cart since the last checkout: shown
 * once, in the checkout, rather than a dialog per order, so several orders go again in a row.
 */
let notes: readonly ReorderNote[] = [];
const listeners = new Set<() => void>();

function commit(next: readonly ReorderNote[]): void {
  notes = next;
  listeners.forEach((listener) => listener());
}

export const reorderNotes = {
  /** Keeps one note per order: ordering the same one again replaces its note. */
  add: (note: ReorderNote) =>
    commit([...notes.filter((entry) => entry.orderId !== note.orderId), note]),
  clear: () => commit([]),
};

export function useReorderNotes(): readonly ReorderNote[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notes,
    () => notes,
  );
}

function ReorderList({ title, entries }: { title: string; entries: string[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-label={title}>
      <h4 className="font-semibold">{title}</h4>
      <ul className="tabular list-disc pl-5 break-words text-stone-700">
        {entries.map((entry) => (
          <li key={entry}>{entry}</li>
        ))}
      </ul>
    </section>
  );
}

/** "Order again: what changed", over every order put back, at the top of the checkout. */
export function ReorderNotesPanel() {
  const all = useReorderNotes();
  const changed = all.filter(({ summary }) => hasDifferences(summary));
  if (changed.length === 0) return null;
  const join = (pick: (summary: ReorderSummary) => string[]) =>
    // Two orders of one product say the same thing once.
    [...new Set(changed.flatMap(({ summary }) => pick(summary)))];
  return (
    <section
      aria-label="Order again: what changed"
      className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">
          Order again: what changed since order{changed.length > 1 ? 's' : ''}{' '}
          {changed.map((note) => `#${note.orderId}`).join(', ')}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          className="-m-2 shrink-0"
          aria-label="Dismiss what changed"
          onClick={reorderNotes.clear}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <ReorderList title="Price changed" entries={join((summary) => summary.priceChanges)} />
      <ReorderList title="Less in stock" entries={join((summary) => summary.short)} />
      <ReorderList title="Gone" entries={join((summary) => summary.gone)} />
    </section>
  );
}
