import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { useCallback } from 'react';
import { afterNextPaint } from '../../lib/after-first-paint';
import { cn } from '../../lib/cn';
import { dismissToast, markToastShown, TOAST_DURATION_MS, useCurrentToast } from './toast-store';

export function Toaster() {
  const message = useCurrentToast();
  // On screen once its element is in the page and a frame has painted it. The commit that
  // renders the toaster is not that moment: the toast is placed in its viewport, which exists
  // only from that commit on, so it appears a render later (on a busy phone, a while later).
  const onScreen = useCallback(
    (element: HTMLLIElement | null) => {
      if (element && message) afterNextPaint(() => markToastShown(message.id));
    },
    [message],
  );
  return (
    <RadixToast.Provider
      swipeDirection="right"
      swipeThreshold={50}
      duration={TOAST_DURATION_MS}
      label="Notification"
    >
      {message ? (
        <RadixToast.Root
          key={message.id}
          ref={onScreen}
          onOpenChange={(open) => {
            if (!open) dismissToast();
          }}
          type={message.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[swipe=end]:transition-transform',
            message.variant === 'destructive'
              ? 'border-red-700 bg-destructive text-white'
              : 'border-stone-200 bg-white text-stone-900',
          )}
        >
          <div className="flex flex-1 flex-col gap-1">
            <RadixToast.Title className="text-sm font-semibold">{message.title}</RadixToast.Title>
            {message.description ? (
              <RadixToast.Description className="text-sm opacity-90">
                {message.description}
              </RadixToast.Description>
            ) : null}
          </div>
          {message.action ? (
            <RadixToast.Action
              altText={message.action.label}
              onClick={message.action.onClick}
              className="min-h-9 shrink-0 rounded-md border border-current px-3 text-sm font-medium"
            >
              {message.action.label}
            </RadixToast.Action>
          ) : null}
          <RadixToast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ) : null}
      <RadixToast.Viewport
        className={cn(
          'fixed right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none',
          // At the top it sits under the sticky header, never over the navigation.
          message?.placement === 'top' ? 'top-14' : 'bottom-0',
        )}
      />
    </RadixToast.Provider>
  );
}
