import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { PHONE_WIDTH, stubViewportWidth } from '@/lib/testing/viewport';
import { appTheme } from '@/lib/theme/theme';
import { OrdersPage } from './orders-page';
import { orderList, serveOrderList, summary } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-mui-color-scheme');
});

/** A 50-row page in the app's theme (its CSS variables, light or dark), with the first order selected. */
async function selectOnLongPage(scheme: 'light' | 'dark' = 'light') {
  document.documentElement.setAttribute('data-mui-color-scheme', scheme);
  const rows = Array.from({ length: 50 }, (_, index) => summary({ id: String(index + 1) }));
  serveOrderList(orderList(rows, { size: 50, total: 50 }));
  renderRoutes(
    [
      {
        path: '/orders',
        element: (
          <ThemeProvider theme={appTheme()}>
            <OrdersPage />
          </ThemeProvider>
        ),
      },
    ],
    '/orders?size=50',
  );
  const user = userEvent.setup();
  await screen.findByRole('link', { name: 'SO-1050' });
  await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1001' }));
  return screen.getByRole('toolbar', { name: 'Selected orders' });
}

/** The boxes between `element` and the page that scroll or clip as a scroll box: a sticky child sticks to those. */
function scrollBoxesAbove(element: HTMLElement): HTMLElement[] {
  const boxes: HTMLElement[] = [];
  for (let box = element.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    if ([style.overflowX, style.overflowY].some((value) => ['hidden', 'auto', 'scroll'].includes(value))) {
      boxes.push(box);
    }
  }
  return boxes;
}

/**
 * `property` of the element's own rule in the `@media (min-width: <minWidth>px)` block: MUI writes a responsive value
 * per breakpoint there (xs at 0px, sm at 600px), so this says what applies at a width jsdom does not lay out.
 */
function breakpointValue(element: HTMLElement, property: string, minWidth: number): string {
  for (const sheet of document.styleSheets) {
    for (const media of sheet.cssRules) {
      if (
        !(media instanceof CSSMediaRule) ||
        media.media.mediaText.replace(/\s/g, '') !== `(min-width:${minWidth}px)`
      ) {
        continue;
      }
      for (const rule of media.cssRules) {
        if (rule instanceof CSSStyleRule && [...element.classList].some((name) => rule.selectorText === `.${name}`)) {
          const value = rule.style.getPropertyValue(property);
          if (value) return value;
        }
      }
    }
  }
  return '';
}

const opaque = (color: string) => /^rgb\(/.test(color) || /^rgba\(.*,\s*1\)$/.test(color);

describe('the bulk actions bar on a long page', { timeout: 20_000 }, () => {
  it('sticks under the header while the list scrolls, above the rows, and is not see-through (light)', async () => {
    const bar = await selectOnLongPage('light');
    const style = getComputedStyle(bar);
    expect(style.position).toBe('sticky');
    expect(style.top).toBe('64px');
    expect(Number(style.zIndex)).toBeGreaterThan(0);
    // No box between it and the page is a scroll box of its own (the list's card was 'overflow: hidden', where
    // sticky had nothing to stick to).
    expect(scrollBoxesAbove(bar)).toEqual([]);
    expect(opaque(style.backgroundColor)).toBe(true);
    expect(style.backgroundColor).toBe('rgb(255, 255, 255)');
    expect(style.backgroundImage).toContain('rgba(0, 0, 0, 0.08)');
    // A row given the focus scrolls out from under the header and the stuck bar.
    const row = document.querySelector<HTMLElement>('[data-order-id="30"]')!;
    expect(parseFloat(getComputedStyle(row).scrollMarginTop)).toBeGreaterThanOrEqual(64 + 68);
  });

  it('takes the dark paper and tint in the dark scheme', async () => {
    const bar = await selectOnLongPage('dark');
    const style = getComputedStyle(bar);
    expect(style.position).toBe('sticky');
    expect(opaque(style.backgroundColor)).toBe(true);
    expect(style.backgroundColor).not.toBe('rgb(255, 255, 255)');
    expect(style.backgroundImage).toContain('rgba(255, 255, 255, 0.16)');
  });

  it('on a phone, stays one line that scrolls sideways (not a quarter of the screen), over the order cards', async () => {
    stubViewportWidth(PHONE_WIDTH);
    const bar = await selectOnLongPage('light');
    expect(screen.getByRole('list', { name: 'Orders' })).toBeInTheDocument();
    expect(getComputedStyle(bar).position).toBe('sticky');
    expect(scrollBoxesAbove(bar)).toEqual([]);
    // Below sm (the xs values): under the phone's 56-pixel header, one line scrolling sideways; wrapping from sm up.
    expect(breakpointValue(bar, 'top', 0)).toBe('56px');
    expect(breakpointValue(bar, 'flex-wrap', 0)).toBe('nowrap');
    expect(breakpointValue(bar, 'overflow-x', 0)).toBe('auto');
    expect(breakpointValue(bar, 'flex-wrap', 600)).toBe('wrap');
    const card = document.querySelector<HTMLElement>('li[data-order-id="30"]')!;
    expect(parseFloat(getComputedStyle(card).scrollMarginTop)).toBeGreaterThanOrEqual(56 + 68);
  });
});
