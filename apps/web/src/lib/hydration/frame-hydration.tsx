import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { FrameHydratingContext } from './use-hydrated.ts';

/**
 * Holds `useHydrated`'s answer for the tree below: `hydrating` while the page's HTML is hydrated (or rendered by the
 * build), then, once that first render is committed, the real values in a transition. React renders a transition in
 * slices that yield to the browser, and hydrates a part of the HTML it has not reached yet (a Suspense boundary) with
 * the old value first, so the HTML still matches.
 */
export function FrameHydration({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [value, setValue] = useState(hydrating);
  useEffect(() => {
    if (value) startTransition(() => setValue(false));
  }, [value]);
  return <FrameHydratingContext.Provider value={value}>{children}</FrameHydratingContext.Provider>;
}
