import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import Badge from '@mui/material/Badge';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from '@/lib/theme/theme';
import { PrintQueueBadge } from './print-queue-badge';

/** The properties that make the badge's look, as the browser computes them. */
const LOOK = [
  'display',
  'flex-direction',
  'flex-wrap',
  'justify-content',
  'align-content',
  'align-items',
  'position',
  'box-sizing',
  'font-family',
  'font-weight',
  'font-size',
  'min-width',
  'line-height',
  'padding',
  'height',
  'border-radius',
  'z-index',
  'transition',
  'background-color',
  'color',
  'transform',
  'transform-origin',
  'inset',
];

function look(element: Element) {
  const style = getComputedStyle(element);
  return Object.fromEntries(LOOK.map((name) => [name, style.getPropertyValue(name)]));
}

/** The print queue's badge as MUI's Badge drew it, for the same jobs. */
function MuiBadge({ active, failed }: { active: number; failed: boolean }) {
  return (
    <Badge
      color={active > 0 ? 'primary' : 'error'}
      badgeContent={active || (failed ? 1 : 0)}
      variant={active > 0 ? 'standard' : 'dot'}
    >
      <svg />
    </Badge>
  );
}

type Jobs = { active: number; failed: boolean };

/** This badge and MUI's for the same jobs, and a way to give both other jobs. */
function draw(jobs: Jobs) {
  const ownBadge = (next: Jobs) => (
    <ThemeProvider theme={appTheme()}>
      <PrintQueueBadge {...next}>
        <svg />
      </PrintQueueBadge>
    </ThemeProvider>
  );
  const muiBadge = (next: Jobs) => (
    <ThemeProvider theme={appTheme()}>
      <MuiBadge {...next} />
    </ThemeProvider>
  );
  const own = render(ownBadge(jobs));
  const mui = render(muiBadge(jobs));
  const badges = () => ({
    own: own.container.querySelector('span > span[aria-hidden]') as HTMLElement,
    mui: mui.container.querySelector('.MuiBadge-badge') as HTMLElement,
  });
  const change = (next: Jobs) => {
    own.rerender(ownBadge(next));
    mui.rerender(muiBadge(next));
  };
  return { badges, change };
}

function expectAlike({ own, mui }: { own: HTMLElement; mui: HTMLElement }) {
  expect(look(own)).toEqual(look(mui));
  expect(own.textContent).toBe(mui.textContent);
  expect(own).toHaveAttribute('aria-hidden', 'true');
}

const CASES = [
  ['jobs printing', { active: 3, failed: false }],
  ['more than 99 printing', { active: 150, failed: false }],
  ['a failed job', { active: 0, failed: true }],
  ['nothing', { active: 0, failed: false }],
] as const;

describe('PrintQueueBadge', () => {
  it.each(CASES)('draws what MUI Badge drew for %s, in the light scheme', (_, jobs) => {
    const { badges } = draw(jobs);
    expectAlike(badges());
  });

  it.each(CASES)('draws what MUI Badge drew for %s, in the dark scheme', (_, jobs) => {
    document.documentElement.setAttribute('data-mui-color-scheme', 'dark');
    try {
      const { badges } = draw(jobs);
      expectAlike(badges());
    } finally {
      document.documentElement.removeAttribute('data-mui-color-scheme');
    }
  });

  it('grows and shrinks as MUI Badge did, keeping its count while it shrinks away', () => {
    const { badges, change } = draw({ active: 0, failed: false });
    change({ active: 2, failed: false });
    expectAlike(badges());
    expect(badges().own).toHaveTextContent('2');
    change({ active: 0, failed: false });
    expectAlike(badges());
    // Shrinking away, it still shows the count it had, in its colour.
    expect(badges().own).toHaveTextContent('2');
    expect(getComputedStyle(badges().own).transform).toBe('scale(0) translate(50%, -50%)');
    change({ active: 0, failed: true });
    expectAlike(badges());
  });
});
