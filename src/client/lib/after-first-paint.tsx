import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Calls `then` once the browser has painted the frame being drawn now. */
export function afterNextPaint(then: () => void): void {
  // A frame callback runs just before the browser paints; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(then));
}

let painted = false;
let waiting = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!painted && !waiting) {
    waiting = true;
    afterNextPaint(() => {
      painted = true;
      for (const notify of listeners) notify();
    });
  }
  return () => listeners.delete(listener);
}

/**
 * False until the app's first frame has painted, then true for good. What is not part of the
 * screen itself (the header's bell and cart badge, the banners, the toaster, live updates)
 * waits for it before fetching its code and data: on a phone, a download started before the
 * first paint shares the connection with what the paint needs and holds it back
 * (docs/performance.md#the-screen-painted-with-its-frame).
 */
export function useAfterFirstPaint(): boolean {
  const [afterPaint, setAfterPaint] = useState(painted);
  useEffect(() => {
    if (afterPaint) return undefined;
    // A transition, not a store's change: React draws what comes after the paint in slices
    // the browser runs between, not as one long task
    // (docs/performance.md#the-renders-a-stores-change-draws-at-once).
    const show = () => startTransition(() => setAfterPaint(true));
    if (painted) {
      show();
      return undefined;
    }
    return subscribe(show);
  }, [afterPaint]);
  return afterPaint;
}

/**
 * Its children once the first frame has painted, the fallback until then. Only this part
 * renders again when the paint comes, not the screen around it.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAfterFirstPaint() ? children : fallback;
}
