import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { OrderSummary } from '@shipdesk/contract';
import { AppShell } from '../../pages/app-shell.ts';
import { apiGet, signInAt } from '../../support.ts';

/** Every signed-in screen a seller reaches from the menu, with the content each waits for before it is checked. */
const ROUTES: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
  { path: '/orders', ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { path: '/orders/add', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/dashboard', ready: (page) => expect(page.getByText('Received Orders').first()).toBeVisible() },
  { path: '/stores', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/ship_rule', ready: (page) => expect(page.getByRole('toolbar', { name: 'Rule set' })).toBeVisible() },
  { path: '/settings/general', ready: (page) => expect(page.getByRole('tablist')).toBeVisible() },
  { path: '/settings/carriers', ready: (page) => expect(page.getByRole('tablist')).toBeVisible() },
  { path: '/settings/shipping-methods', ready: (page) => expect(page.getByRole('tablist')).toBeVisible() },
  { path: '/settings/labels', ready: (page) => expect(page.getByRole('tablist')).toBeVisible() },
  { path: '/settings/users', ready: (page) => expect(page.getByRole('table', { name: 'Users' })).toBeVisible() },
  { path: '/switch_apps', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
];

/**
 * The rules whose outcome depends on the colours. The rest (names, roles, landmarks, labels, order) read the same DOM
 * in both schemes, so the dark pass checks only these.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The violations of the page as it is now, one line each, so a failure names the rule and where it broke. */
async function violations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact ?? 'n/a'}): ${node.target.join(' ')} — ${v.help}`),
  );
}

test('every signed-in screen has no axe violations in light, and no colour violations in dark', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAt(page, '/orders');
  const order = (await apiGet<{ rows: OrderSummary[] }>(page, '/api/v1/orders?size=1')).rows[0]!;
  const routes = [
    ...ROUTES,
    {
      path: `/orders/view/${order.id}`,
      ready: (p: Page) => expect(p.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible(),
    },
  ];
  for (const scheme of ['light', 'dark'] as const) {
    // The scheme as a seller picks it in the header (MUI keeps the choice under 'mui-mode'), and the system's too.
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('mui-mode', mode), scheme);
    for (const route of routes) {
      await page.goto(route.path);
      await new AppShell(page).expectReady();
      await route.ready(page);
      await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', scheme);
      // Let skeletons give way to the loaded content before it is checked.
      await page.waitForLoadState('networkidle');
      expect(
        await violations(page, scheme === 'dark' ? COLOUR_RULES : undefined),
        `${route.path} in ${scheme} mode`,
      ).toEqual([]);
    }
  }
});
