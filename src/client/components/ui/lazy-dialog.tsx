import { lazy, Suspense, useState, type ComponentType } from 'react';

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
