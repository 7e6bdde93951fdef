import { vi } from 'vitest';

/**
 * Test-only: a window `width` pixels wide for MUI's useMediaQuery (jsdom has no matchMedia, so without this every
 * breakpoint query is false: the desktop layout). Answers the min-width and max-width parts of a query, which is all
 * the theme's breakpoints use. vi.unstubAllGlobals() takes it away.
 */
export function stubViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

/** A phone (390x844): below the theme's sm breakpoint. */
export const PHONE_WIDTH = 390;
