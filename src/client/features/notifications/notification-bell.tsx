import type { Notification } from '#core/schemas/notification';
import { Bell, Check, CheckCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatInstant, ORDER_DATE_FORMAT } from '../../lib/format';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api';

/** After moving to a page, brings the linked element (an order card) into view once it renders. */
function revealWhenRendered(hash: string): void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return;
  const deadline = Date.now() + 5000;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) {
      target.scrollIntoView({ block: 'start', behavior: 'smooth' });
      return;
    }
    if (Date.now() < deadline) window.setTimeout(attempt, 100);
  };
  attempt();
}

function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
}) {
  const unread = notification.readAt === null;
  return (
    <li
      className={cn(
        'flex items-start gap-1 border-b border-stone-100 last:border-0',
        unread && 'bg-primary-soft/40',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex min-h-11 flex-1 flex-col gap-0.5 px-4 py-3 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span className="flex items-center gap-2">
          {unread ? (
            <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
          ) : null}
          <span
            className={cn('text-sm', unread ? 'font-semibold text-stone-900' : 'text-stone-700')}
          >
            {notification.title}
            {unread ? <span className="sr-only"> (unread)</span> : null}
          </span>
        </span>
        <span className="text-sm text-stone-600">{notification.body}</span>
        <span className="text-xs text-stone-500">
          {formatInstant(notification.createdAt, ORDER_DATE_FORMAT)}
        </span>
      </button>
      {unread ? (
        <button
          type="button"
          onClick={() => onMarkRead(notification)}
          aria-label={`Mark as read: ${notification.title}`}
          title="Mark as read"
          className="m-1 flex size-11 shrink-0 items-center justify-center rounded-md text-stone-500 hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-primary"
        >
          <Check className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading notifications">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex flex-col gap-1.5 border-b border-stone-100 px-4 py-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-3 w-32" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's bell: an unread dot with the count, and a list of the newest notifications that
 * marks them read and leads to the order or product they are about.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = notifications.data?.unreadCount ?? 0;
  const shownCount = unread > 99 ? '99+' : String(unread);

  const openNotification = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    setOpen(false);
    if (notification.link) {
      const [path, hash] = notification.link.split('#');
      void navigate(`${path}${hash ? `#${hash}` : ''}`);
      if (hash) revealWhenRendered(hash);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative flex size-11 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="tabular absolute top-1 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-semibold text-white ring-2 ring-white"
          >
            {shownCount}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,80dvh)] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-stone-200 py-1 pr-1 pl-4">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0}
              onClick={() => markAllRead.mutate()}
            >
              <CheckCheck aria-hidden="true" /> Mark all read
            </Button>
          </div>
          <div className="overflow-y-auto">
            {notifications.isPending ? (
              <ListSkeleton />
            ) : notifications.isError ? (
              <div role="alert" className="flex flex-col items-center gap-2 px-4 py-6 text-center">
                <p className="text-sm font-medium text-red-900">Could not load notifications</p>
                <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
                  Try again
                </Button>
              </div>
            ) : notifications.data.items.length === 0 ? (
              <div className="flex flex-col items-center gap-1 px-4 py-8 text-center">
                <Bell className="size-8 text-stone-300" aria-hidden="true" />
                <p className="text-sm font-semibold text-stone-800">No notifications yet</p>
                <p className="text-sm text-stone-600">
                  New orders, status changes and low stock will show up here.
                </p>
              </div>
            ) : (
              <ul>
                {notifications.data.items.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    onOpen={openNotification}
                    onMarkRead={(item) => markRead.mutate(item.id)}
                  />
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
