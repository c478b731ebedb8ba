import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { DialogBox } from './dialog';

/**
 * A dialog whose code (and its form library, date picker, …) loads the first time it opens
 * rather than with the screen. Once opened it stays mounted, as a dialog rendered all along
 * would, so it closes with its animation and keeps what it keeps between openings.
 */
export function lazyDialog<Props extends { open: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: Props) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

/**
 * DialogBox, loaded the first time it opens: for the dialogs a screen keeps closed behind a
 * card's button (cancel, change), so that its first paint does not wait on Radix's focus trap,
 * scroll lock and portal (about 17 KB; docs/performance.md#what-the-first-paint-waits-on).
 */
export const LazyDialogBox = lazyDialog<Parameters<typeof DialogBox>[0]>(
  async () => (await import('./dialog')).DialogBox,
);
