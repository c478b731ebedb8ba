import { useSyncExternalStore, type ReactNode } from 'react';

// The toast queue apart from its component, so that raising a toast does not load Radix's.
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
/*
 * While a dialog is open the toast goes to the bottom: at the top it sat over the dialog's
 * title, which says what the toast is about.
 */
function placementAwayFromLastUse(): 'top' | 'bottom' {
  if (typeof document !== 'undefined' && document.querySelector('[role="dialog"]')) {
    return 'bottom';
  }
  if (lastUsedBottom === null || typeof window === 'undefined') return 'bottom';
  return lastUsedBottom > window.innerHeight / 2 ? 'top' : 'bottom';
}

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { placement: placementAwayFromLastUse(), ...message, id: nextId++ };
  emit();
}

/** The id of the last toast the Toaster has drawn. */
let shownId = 0;

/** Called by the Toaster once a toast is on screen. */
export function markToastShown(id: number): void {
  if (id <= shownId) return;
  shownId = id;
  emit();
}

/**
 * Resolves once the toast raised last is on screen (or is gone): what must stay readable for a
 * while, like 'Unauthorized' before signing in again, counts its time from then.
 */
export function whenCurrentToastShown(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (current && shownId < current.id) return;
      listeners.delete(check);
      resolve();
    };
    listeners.add(check);
    check();
  });
}

export function dismissToast(): void {
  current = null;
  emit();
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
