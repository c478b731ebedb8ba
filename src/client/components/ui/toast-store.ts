import { useSyncExternalStore, type ReactNode } from 'react';

// The toast queue apart from its component, so that raising a toast does not load Radix's.
export interface ToastMessage {
  id: number;
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
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

export function toast(message: Omit<ToastMessage, 'id'>): void {
  current = { ...message, id: nextId++ };
  emit();
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
