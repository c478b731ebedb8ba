import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ToastMessage {
  id: number;
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
  /** Where it shows: away from the control that was last used (see placementAwayFromLastUse). */
  placement?: 'top' | 'bottom';
}

/**
 * One toast at a time, 5000 ms, swipe right at 50 px, F8, label 'Notification'
 * (docs/product.md#toasts).
 */
export const TOAST_DURATION_MS = 5000;
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/*
 * A toast answers what was just pressed: it must not sit over that button (a second press, or
 * the next step, is often right there). The last control pressed is remembered, and the toast
 * goes to the top of the screen when that control is in the lower half, else to the bottom.
 */
let lastUsedBottom: number | null = null;
function rememberControl(event: Event) {
  const target = event.target instanceof Element ? event.target.closest('button, a, [role]') : null;
  if (target) lastUsedBottom = target.getBoundingClientRect().bottom;
}
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', rememberControl, true);
  document.addEventListener('keydown', rememberControl, true);
}
function placementAwayFromLastUse(): 'top' | 'bottom' {
  if (lastUsedBottom === null || typeof window === 'undefined') return 'bottom';
  return lastUsedBottom > window.innerHeight / 2 ? 'top' : 'bottom';
}

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { placement: placementAwayFromLastUse(), ...message, id: nextId++ };
  emit();
}

export function dismissToast(): void {
  current = null;
  emit();
}

function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

export function Toaster() {
  const message = useCurrentToast();
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
