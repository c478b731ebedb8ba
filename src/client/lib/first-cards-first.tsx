import type { ReactNode } from 'react';
import { useFirstCardsFirst } from './paged-list';

/**
 * The cards of a long list drawn as useFirstCardsFirst says, in a component of their own: the
 * render that adds the rest of the cards is then the cards' alone. Had the page called the hook,
 * that render would have drawn the whole page again, and a query of another part of it (a
 * summary's figures) answering in the middle of the render would make React draw it all again
 * at once, one long task (docs/performance.md#the-renders-a-stores-change-draws-at-once).
 */
export function FirstCardsFirst<T>({
  items,
  children,
}: {
  items: readonly T[];
  /** Draws the cards shown so far; `all` is every item, for counts that must not wait. */
  children: (shown: readonly T[], all: readonly T[]) => ReactNode;
}) {
  return children(useFirstCardsFirst(items), items);
}
