import { useCallback, useEffect, useState } from 'react';

/*
 * The on-hand counts typed while a chef walks the walk-in: kept in the tab's sessionStorage per
 * restaurant, so a reload (a phone that dropped the page) loses none, and cleared once the
 * guide has been filled from them.
 */

export type Counts = Readonly<Record<string, string>>;

const storageKey = (restaurantId: number) => `order-guide-counts:${restaurantId}`;

function read(restaurantId: number): Counts {
  try {
    const raw = sessionStorage.getItem(storageKey(restaurantId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    // Storage refused (private mode) or a value this version cannot read: start afresh.
    return {};
  }
}

function write(restaurantId: number, counts: Counts): void {
  try {
    const kept = Object.entries(counts).filter(([, text]) => text !== '');
    if (kept.length === 0) sessionStorage.removeItem(storageKey(restaurantId));
    else sessionStorage.setItem(storageKey(restaurantId), JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage refused: the counts stay on screen until the page closes.
  }
}

export function useCounts(restaurantId: number) {
  const [counts, setCounts] = useState<Counts>(() => read(restaurantId));
  useEffect(() => write(restaurantId, counts), [restaurantId, counts]);
  const setCount = useCallback(
    (key: string, text: string) => setCounts((current) => ({ ...current, [key]: text })),
    [],
  );
  const clear = useCallback(() => setCounts({}), []);
  return { counts, setCount, clear };
}
