/**
 * Parts of the client whose code loads on demand (the table pages, the drawn scenes), without
 * Suspense: React holds a suspended part back for 300 ms after its placeholder shows, even when the
 * code arrives at once, and a table would wait that long twice in a row (the page, then its canvases).
 */
import { type ComponentType, createElement, type ReactNode, useEffect, useReducer, useState } from 'react';

/**
 * A component whose code loads on demand: it renders at once when its code is here already
 * (`preload` or an earlier mount fetched it), else renders `waiting` (nothing by default) and
 * renders again when the code arrives. A failed load goes to the nearest error boundary (a scene's
 * fallback), and the next mount tries again.
 */
export function loadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  waiting: ReactNode = null,
): ComponentType<P> & { preload(): Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  function Loadable(props: P) {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      preload().then(
        () => live && arrived(),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props) : waiting;
  }
  return Object.assign(Loadable, { preload });
}
