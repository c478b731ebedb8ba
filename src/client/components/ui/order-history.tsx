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
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      {/* The browser's own disclosure marker; tall enough to tap on a phone. */}
      <summary className="cursor-pointer py-3 font-medium text-stone-700 sm:py-0">History</summary>
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
