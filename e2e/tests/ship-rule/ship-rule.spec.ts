import { expect, test } from '@playwright/test';
import type { RuleSetList } from '@shipdesk/contract';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { OrdersListPage } from '../../pages/orders-list-page.ts';
import { ShipRulePage } from '../../pages/ship-rule-page.ts';
import { StoresPage } from '../../pages/stores-page.ts';
import { apiGet, signInAt } from '../../support.ts';

const DEMO_STORE = 'Northloop Supply (demo)';
const RULE = 'Heavy orders get an adult signature';

test('shipping rules: write a rule, test it on recent orders, save it, run it on an order and read why', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAt(page, '/ship_rule');
  const screen = new ShipRulePage(page);
  await screen.expectLoaded();

  // The all-stores set is the one shown; other tests of the run may have saved it before, so start from what it is.
  const before = (await apiGet<RuleSetList>(page, '/call/shippingRuleSet/list')).ruleSets[0]!;
  expect(before.scope).toBe('all');
  const rulesText = (n: number) => `${n} rule${n === 1 ? '' : 's'}`;
  await expect(screen.setPicker).toHaveText(`All stores · ${rulesText(before.rules.length)}`);
  const position = before.rules.length + 1;

  // A rule through the editor: weight over 2 lb (the demo shop sells skillets, blankets and jars as well as socks),
  // then an adult signature.
  await screen.toolbarButton('Add rule').click();
  await expect(screen.editor).toBeVisible();
  await screen.editor.getByRole('textbox', { name: 'Rule name' }).fill(RULE);
  await screen.editor.getByRole('button', { name: 'Add condition' }).click();
  const condition = screen.condition(1);
  await screen.choose(condition, 'Field', 'Weight');
  await screen.choose(condition, 'Comparison', 'is over');
  await condition.getByRole('textbox', { name: 'Weight', exact: true }).fill('2');
  // A bare number is in the tenant's main unit (the demo's warehouse is in the US: pounds), and the field says so.
  await expect(condition.getByText('= 2 lb')).toBeVisible();
  const action = screen.action(1);
  await screen.choose(action, 'Action', 'Require a signature');
  await screen.choose(action, 'Signature', 'Adult signature');
  await screen.editor.getByRole('button', { name: 'Done' }).click();
  await expect(screen.editor).toBeHidden();

  // The rule in the draft, in plain words; nothing saved yet.
  const card = screen.rule(position, RULE);
  await expect(card).toContainText('When weight is over 2 lb');
  await expect(card).toContainText('Require an adult signature');
  await expect(screen.toolbar.getByText('Unsaved changes')).toBeVisible();

  // The dry-run: some recent orders would get the signature, field by field, with the rule that does it.
  await screen.toolbarButton('Test on recent orders').click();
  const dryRun = screen.testDialog;
  await dryRun.getByRole('button', { name: 'Run test' }).click();
  const summary = dryRun.getByRole('status').filter({ hasText: /^Tested on / });
  await expect(summary).toHaveText(/^Tested on [\d,]+ orders in .+\. [\d,]+ would change/, { timeout: 30_000 });
  const changedCount = Number(/\. ([\d,]+) would change/.exec(await summary.innerText())![1]!.replace(/,/g, ''));
  expect(changedCount).toBeGreaterThan(0);
  const changes = dryRun.getByRole('table', { name: 'Orders that would change' });
  const firstChange = changes.getByRole('row').nth(1);
  await expect(firstChange.getByRole('cell')).toHaveText([
    /\S/,
    'Signature',
    'none',
    'adult signature',
    `#${position} ${RULE}`,
  ]);
  const matched = dryRun
    .getByRole('table', { name: 'How often each rule matched' })
    .getByRole('row')
    .filter({ hasText: `#${position} ${RULE}` });
  const matchedCount = Number((await matched.getByRole('cell').nth(1).innerText()).replace(/,/g, ''));
  expect(matchedCount).toBeGreaterThanOrEqual(Math.min(changedCount, 500));
  await expect(matched).not.toContainText('Never matched');

  // One order the draft would change: it is the one the rule will run on.
  const orderLink = firstChange.getByRole('link');
  const orderNumber = (await orderLink.innerText()).trim();
  const orderId = /\/orders\/view\/(\d+)$/.exec((await orderLink.getAttribute('href')) ?? '')?.[1];
  expect(orderId, 'the dry-run links the order').toBeTruthy();
  await dryRun.getByRole('button', { name: 'Close' }).click();
  await expect(dryRun).toBeHidden();

  // Save: a new version, said in the header.
  await screen.toolbarButton('Save').click();
  const version = before.version + 1;
  await expect(page.getByText(`Rules for All stores saved as version ${version}.`)).toBeVisible();
  await expect(screen.versionLine).toHaveText(new RegExp(`^Version ${version} · saved by .+ on `));
  await expect(screen.toolbar.getByText('Unsaved changes')).toBeHidden();
  await expect(screen.setPicker).toHaveText(`All stores · ${rulesText(position)}`);

  // A pull of the demo store: the demo shop has no new orders, and the stored ones are not touched by the new rule
  // (rules run on new orders, or on demand).
  const stores = new StoresPage(page);
  await stores.goto();
  await stores.pullButton(DEMO_STORE).click();
  await expect(page.getByText(/\b0 new/).first()).toBeVisible({ timeout: 60_000 });
  const view = new OrderViewPage(page);
  await view.goto(orderId!);
  const rulesCard = page.getByRole('region', { name: 'Shipping rules' });
  await expect(rulesCard).toContainText('No shipping rules have run on this order.');

  // So the rules run on demand, from the order list: the order selected, "Run shipping rules".
  const orders = new OrdersListPage(page);
  await orders.goto(`/orders?q=${encodeURIComponent(orderNumber)}`);
  await orders.table.getByRole('checkbox', { name: `Select order ${orderNumber}`, exact: true }).check();
  const selection = page.getByRole('toolbar', { name: 'Selected orders' });
  await expect(selection).toContainText('1 selected');
  await selection.getByRole('button', { name: 'Run shipping rules' }).click();
  await expect(page.getByText('Shipping rules ran on 1 order; 1 changed')).toBeVisible({ timeout: 30_000 });

  // The order says why: the rule matched and set an adult signature; the shipping card shows it; a timeline row.
  await orders.row(orderNumber).getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/view/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(rulesCard).toContainText(
    new RegExp(`Applied when someone ran the rules, .*rule set All stores v${version}\\. The order changed\\.`),
  );
  const ran = rulesCard.getByRole('list', { name: 'Rules that matched or failed' });
  await expect(ran).toContainText(RULE);
  await expect(ran.getByRole('list', { name: `What ${RULE} did` }).getByRole('listitem')).toHaveText([
    'adult signature (set)',
  ]);
  const shipping = page.getByRole('region', { name: 'Shipping', exact: true });
  await expect(shipping.locator('dt:text-is("Signature") + dd')).toHaveText('Adult signature');
  const timelineRow = view.history.getByRole('listitem').filter({ hasText: `Shipping rules applied (${RULE})` });
  await expect(timelineRow).toBeVisible();
  await expect(timelineRow).toContainText('Ran when someone ran the rules · The order changed');
});
