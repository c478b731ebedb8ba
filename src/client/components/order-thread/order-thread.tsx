import { MessageCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../ui/button';
import { lazyDialog } from '../ui/lazy-dialog';
import type { ThreadSide } from './api';

// The thread, its composer and the photo viewer load when it first opens: the order screens
// carry only this button.
const OrderThreadDialog = lazyDialog(
  async () => (await import('./order-thread-dialog')).OrderThreadDialog,
);

/** The id of an order's Messages button; a link ending in it (a notification's) opens the thread. */
export const threadAnchor = (orderId: number) => `order-${orderId}-messages`;

/**
 * "Messages" on an order's card, with how many the other business wrote that the reader has
 * not read, and the thread it opens (docs/order-thread.md).
 */
export function OrderThread({
  orderId,
  unread = 0,
  side,
  partnerName,
}: {
  orderId: number;
  /** The order's `unreadMessages`. */
  unread?: number | undefined;
  /** The reader's side of the order. */
  side: ThreadSide;
  /** The other business: the farm for a restaurant, the restaurant for a farm. */
  partnerName: string;
}) {
  const [open, setOpen] = useState(false);
  const { hash } = useLocation();
  const anchor = threadAnchor(orderId);
  useEffect(() => {
    if (hash === `#${anchor}`) setOpen(true);
  }, [hash, anchor]);
  return (
    <>
      <Button
        id={anchor}
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setOpen(true)}
      >
        <MessageCircle aria-hidden="true" /> Messages
        {unread > 0 ? (
          <>
            {' · '}
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
              {unread > 99 ? '99+' : unread} new
            </span>
          </>
        ) : null}
      </Button>
      <OrderThreadDialog
        open={open}
        onClose={() => setOpen(false)}
        orderId={orderId}
        unread={unread}
        side={side}
        partnerName={partnerName}
      />
    </>
  );
}
