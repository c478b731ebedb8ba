import { lazy, useState, type ComponentType } from 'react';

/** A component whose code loads on first use, and can be asked to load ahead of it. */
export type LoadableComponent<Props extends object> = ComponentType<Props> & {
  /** Loads the code (once); resolves, with the component, when it can draw without waiting. */
  load: () => Promise<ComponentType<Props>>;
};

/**
 * A named export loaded on first render, so no screen pays for the code of the others. Unlike
 * React.lazy alone, one whose code has already loaded (`load()` was awaited) draws in the same
 * pass as what holds it, instead of showing its Suspense fallback for a frame first: the app
 * loads the first screen's code before its first render, and the screen paints with its frame
 * (docs/performance.md#the-screen-painted-with-its-frame).
 */
export function lazyNamed<Name extends string, Props extends object>(
  importModule: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LoadableComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const load = () =>
    (loading ??= importModule().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        // A failed download may be asked for again (the next visit to the screen).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await load() }));

  function LazyNamed(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component between
    // renders would remount the screen and lose its state.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  LazyNamed.load = load;
  return LazyNamed;
}
