import { createContext, useContext } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * True while the page's HTML (the signed-in frame the build rendered, docs/decisions.md) is being hydrated, and in the
 * build's render of it; false otherwise, and at once in a page the client renders itself. `FrameHydration` holds it.
 */
export const FrameHydratingContext = createContext(false);

/**
 * False while the page's HTML is being hydrated and in the build's render of it; true in every later render, and at
 * once in a page the client renders itself. What depends on the user or this browser (names, counts, stored settings)
 * is drawn only when this is true, so the first client render is the server's HTML exactly; React re-renders with the
 * real values in a transition right after hydrating (frame-hydration.tsx), in short tasks rather than one.
 */
export function useHydrated(): boolean {
  return !useContext(FrameHydratingContext);
}

/**
 * Whether the media query matches, as MUI's useMediaQuery answers it, but false while the page's HTML hydrates (the
 * HTML cannot know the width) and the real answer in the transition after. MUI's own server default would differ
 * from the browser's answer right after hydrating, which React then re-renders synchronously, in one long task.
 */
export function useMediaMatch(query: string | ((theme: Theme) => string)): boolean {
  const matches = useMediaQuery(query, { noSsr: true });
  return useHydrated() ? matches : false;
}
