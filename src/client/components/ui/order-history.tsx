import { ChevronRight } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// What the history says loads when it is opened: most cards are never asked.
const OrderHistoryList = lazy(async () => ({
  default: (await import('./order-history-list')).OrderHistoryList,
}));

/** An order's status changes, who made each and when, behind a "History" toggle. */
export function OrderHistory(props: {
  orderId: number;
  status: string;
  adjustedAt?: string | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="group text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-stone-700 sm:min-h-0">
        <ChevronRight
          className="mr-1 size-4 transition-transform group-open:rotate-90"
          aria-hidden="true"
        />
        History
      </summary>
      {open ? (
        <Suspense
          fallback={
            <p className="py-1 text-stone-500" role="status">
              Loading history...
            </p>
          }
        >
          <OrderHistoryList {...props} />
        </Suspense>
      ) : null}
    </details>
  );
}
