import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type ShippingRule } from '@shipdesk/contract';
import type { RecordedRequest } from '@/lib/testing/render-with-store';
import {
  DRY_RUN,
  HEAVY,
  VIP,
  fakeRulesApi,
  refused,
  renderShipRule,
  rule,
  ruleSet,
  sent,
  type FakeRulesApi,
} from './testing';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

let api: FakeRulesApi;
let requests: RecordedRequest[];

beforeEach(() => {
  ({ api, requests } = fakeRulesApi());
  toastError.mockClear();
  toastSuccess.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ruleList = () => screen.findByRole('list', { name: 'Rules for All stores' });
const ruleNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('heading').textContent);
const saves = () => sent(requests, 'PUT', '/api/v1/shippingRuleByStore/all');
const savedBody = (index = 0) => saves()[index]!.body as { version: number; rules: ShippingRule[] };

async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string | RegExp) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Ship Rule', { timeout: 30_000 }, () => {
  it('shows the set picked, its version, and each rule in plain words', async () => {
    renderShipRule();
    const list = await ruleList();
    expect(screen.getByRole('heading', { level: 1, name: 'Ship Rule' })).toBeInTheDocument();
    expect(screen.getByText('Version 4 · saved by Ana Ruiz on 2025-03-01 14:22:05')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rules for' })).toHaveTextContent('All stores · 3 rules');
    const first = within(list).getByRole('listitem', { name: 'Rule 1: Alaska and Hawaii by air' });
    expect(first).toHaveTextContent('When ship-to state is one of AK, HI and weight is over 2 lb');
    expect(first).toHaveTextContent('Ship with USPS Priority Mail; stop here');
    await waitFor(() =>
      expect(within(list).getByRole('listitem', { name: 'Rule 2: Heavy parcels' })).toHaveTextContent(
        'Ship with Standard',
      ),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('reorders with the keyboard on the move buttons, keeps the focus on the moved rule, and saves that order', async () => {
    const user = userEvent.setup();
    renderShipRule();
    const list = await ruleList();
    within(list).getByRole('button', { name: 'Move Rule 2: Heavy parcels up' }).focus();
    await user.keyboard('{Enter}');
    expect(ruleNames(list)).toEqual(['Heavy parcels', 'Alaska and Hawaii by air', 'VIP tag']);
    // Rule 1 cannot move up any more: the focus went to its other move button.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list).getByRole('button', { name: 'Move Rule 1: Heavy parcels down' }),
      ),
    );
    await user.keyboard('{Enter}');
    await user.click(within(list).getByRole('button', { name: 'Move Rule 3: VIP tag up' }));
    expect(ruleNames(list)).toEqual(['Alaska and Hawaii by air', 'VIP tag', 'Heavy parcels']);
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(savedBody()).toEqual({ version: 4, rules: [rule(), VIP, HEAVY] });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Rules for All stores saved as version 5.'));
    expect(screen.getByText('Version 5 · saved by You on 2025-03-01 14:22:05')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('turns a rule off and back with its switch; Discard returns to the saved rules', async () => {
    const user = userEvent.setup();
    renderShipRule();
    const list = await ruleList();
    await user.click(within(list).getByRole('switch', { name: 'Rule 3: VIP tag: on' }));
    expect(within(list).getByRole('listitem', { name: 'Rule 3: VIP tag' })).toHaveTextContent('Off');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(within(list).getByRole('switch', { name: 'Rule 3: VIP tag: on' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps the draft when someone saved meanwhile (409), and saves on the newer version after Reload', async () => {
    const user = userEvent.setup();
    renderShipRule();
    const list = await ruleList();
    api.onSave = () => refused(409, 'The rules changed since you opened them', { reason: 'stale_version' });
    await user.click(within(list).getByRole('button', { name: 'Move Rule 3: VIP tag up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else saved the rules for All stores while you were editing/)).toBeVisible();
    expect(ruleNames(list)).toEqual(['Alaska and Hawaii by air', 'VIP tag', 'Heavy parcels']);

    api.onSave = undefined;
    api.sets = [ruleSet({ version: 5, updatedBy: 'Ben Ortiz', rules: [rule(), HEAVY] }), api.sets[1]!];
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(/Your draft now builds on version 5/)).toBeVisible();
    expect(ruleNames(list)).toEqual(['Alaska and Hawaii by air', 'VIP tag', 'Heavy parcels']);
    expect(screen.getByText(/Version 5 · saved by Ben Ortiz/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(savedBody(1)).toEqual({ version: 5, rules: [rule(), VIP, HEAVY] });
  });

  it('shows the server’s field errors on the rule they name, and in the editor beside the condition', async () => {
    const user = userEvent.setup();
    renderShipRule();
    const list = await ruleList();
    api.onSave = () =>
      refused(400, 'Invalid input', {
        errors: { 'rules[0].conditions[1].value': 'A weight must be above 0 g', 'rules[2].name': 'Name is in use' },
      });
    await user.click(within(list).getByRole('switch', { name: 'Rule 2: Heavy parcels: on' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The rules were not saved: 2 rules need changes/)).toBeVisible();
    const first = within(list).getByRole('listitem', { name: 'Rule 1: Alaska and Hawaii by air' });
    expect(first).toHaveTextContent('A weight must be above 0 g');
    expect(within(list).getByRole('listitem', { name: 'Rule 3: VIP tag' })).toHaveTextContent('Name is in use');

    // The message follows its rule when the rule moves.
    await user.click(within(list).getByRole('button', { name: 'Move Rule 1: Alaska and Hawaii by air down' }));
    const moved = within(list).getByRole('listitem', { name: 'Rule 2: Alaska and Hawaii by air' });
    expect(moved).toHaveTextContent('A weight must be above 0 g');
    await user.click(within(moved).getByRole('button', { name: 'Edit Rule 2: Alaska and Hawaii by air' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule 2' });
    expect(within(dialog).getByRole('group', { name: 'Condition 2' })).toHaveTextContent('A weight must be above 0 g');
    expect(within(dialog).getByRole('group', { name: 'Condition 1' })).not.toHaveTextContent('A weight');
  });

  it('builds a new rule in the editor: field, operator, value in its unit, an action; then saves it', async () => {
    const user = userEvent.setup();
    renderShipRule();
    await ruleList();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByText('Give the rule a name')).toBeVisible();
    expect(within(dialog).getByText('Choose a shipping method')).toBeVisible();

    await user.type(within(dialog).getByRole('textbox', { name: /Rule name/ }), 'Light parcels by Priority');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    const condition = within(dialog).getByRole('group', { name: 'Condition 1' });
    await pick(user, within(condition).getByRole('combobox', { name: 'Field' }), 'Weight');
    await pick(user, within(condition).getByRole('combobox', { name: 'Comparison' }), 'is at most');
    const weight = within(condition).getByRole('textbox', { name: 'Weight' });
    await user.type(weight, '0.75');
    // A bare number is in pounds: the field says how it read it before anything is saved.
    expect(within(condition).getByText('= 12 oz')).toBeVisible();
    await user.clear(weight);
    await user.type(weight, '12 oz');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    const second = within(dialog).getByRole('group', { name: 'Condition 2' });
    await pick(user, within(second).getByRole('combobox', { name: 'Field' }), 'Ship-to state');
    await user.type(within(second).getByRole('combobox', { name: 'States or provinces' }), 'Alask');
    await user.click(await screen.findByRole('option', { name: 'Alaska (AK)' }));

    const action = within(dialog).getByRole('group', { name: 'Action 1' });
    await pick(user, within(action).getByRole('combobox', { name: 'Action' }), 'Ship with a carrier service');
    await user.type(within(action).getByRole('combobox', { name: 'Carrier service' }), 'priority mail');
    await user.click(await screen.findByRole('option', { name: /^Priority Mail Domestic/ }));
    await user.click(within(dialog).getByRole('switch', { name: 'Stop here' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const added = screen.getByRole('listitem', { name: 'Rule 4: Light parcels by Priority' });
    expect(added).toHaveTextContent('When weight is at most 12 oz and ship-to state is AK');
    expect(added).toHaveTextContent('Ship with USPS Priority Mail; stop here');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const saved = savedBody().rules[3]!;
    expect(saved.id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(saved).toEqual({
      id: saved.id,
      name: 'Light parcels by Priority',
      enabled: true,
      match: 'all',
      conditions: [
        { field: 'weight', operator: 'lte', value: 340 },
        { field: 'state', operator: 'in', value: ['AK'] },
      ],
      actions: [{ type: 'setCarrierService', carrier: 'usps', serviceCode: 'PRIORITY_MAIL' }],
      stop: true,
    });
  });

  it('shows and takes weights in a metric tenant’s units, and sends an untouched weight back as stored', async () => {
    api.configs = [{ key: 'units', value: 'metric', options: null, updated_at: '2025-03-01T19:22:05Z' }];
    api.sets = [ruleSet({ rules: [rule({ conditions: [{ field: 'weight', operator: 'gt', value: 1021 }] }), HEAVY] })];
    const user = userEvent.setup();
    renderShipRule();
    const list = await ruleList();
    const first = within(list).getByRole('listitem', { name: 'Rule 1: Alaska and Hawaii by air' });
    await waitFor(() => expect(first).toHaveTextContent('When weight is over 1.021 kg'));
    expect(within(list).getByRole('listitem', { name: 'Rule 2: Heavy parcels' })).toHaveTextContent(
      'When weight is at least 9.072 kg',
    );

    // Untouched, a weight goes back exactly; the heavy rule's is typed over in kilograms.
    await user.click(within(list).getByRole('button', { name: 'Edit Rule 2: Heavy parcels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule 2' });
    const weight = within(dialog).getByRole('textbox', { name: 'Weight' });
    expect(weight).toHaveValue('9.072 kg');
    await user.clear(weight);
    await user.type(weight, '10');
    expect(within(dialog).getByText('= 10 kg')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const [remote, heavy] = savedBody().rules;
    expect(remote!.conditions).toEqual([{ field: 'weight', operator: 'gt', value: 1021 }]);
    expect(heavy!.conditions).toEqual([{ field: 'weight', operator: 'gte', value: 10000 }]);
  });

  it('tests the draft on recent orders and shows what would change, rule by rule', async () => {
    const user = userEvent.setup();
    renderShipRule();
    const list = await ruleList();
    await user.click(within(list).getByRole('switch', { name: 'Rule 2: Heavy parcels: on' }));
    await user.click(screen.getByRole('button', { name: 'Test on recent orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test on recent orders' });
    await pick(user, within(dialog).getByRole('combobox', { name: 'Orders to test' }), 'Last 5,000');
    await user.click(within(dialog).getByRole('button', { name: 'Run test' }));
    expect(await within(dialog).findByText(/Tested on 1000 orders in 812 ms\. 2 would change\./)).toBeVisible();
    const run = sent(requests, 'POST', '/call/shippingRuleSet/all/dryRun')[0]!;
    expect(run.body).toEqual({ rules: [rule(), { ...HEAVY, enabled: false }, VIP], limit: 5000 });

    const changes = within(dialog).getByRole('table', { name: 'Orders that would change' });
    const rows = within(changes).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('SHP-1001Carrier serviceUSPS Ground AdvantageUSPS Priority Mail#1 Alaska');
    expect(rows[2]).toHaveTextContent('Insured valuenone$210.00#3 VIP tag');
    expect(rows[3]).toHaveTextContent('SHP-1002Shipping methodStandardExpress#2 Heavy parcels');
    const perRule = within(dialog).getByRole('table', { name: 'How often each rule matched' });
    expect(within(perRule).getAllByRole('row')[3]).toHaveTextContent('#3 VIP tag0Never matched');
    expect(within(dialog).getByRole('table', { name: 'Failures' })).toHaveTextContent('No rate within 2 days');
    expect(saves()).toHaveLength(0);
  });

  it('says when a test stopped at its time budget, and on how many orders its results are', async () => {
    const user = userEvent.setup();
    const stopped =
      'The shipping rules took more than 3 s of work and were stopped after 731 of the 10000 orders (newest ' +
      'first); the results are theirs';
    api.dryRun = { ...DRY_RUN, evaluated: 731, stopped };
    renderShipRule();
    await ruleList();
    await user.click(screen.getByRole('button', { name: 'Test on recent orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test on recent orders' });
    await user.click(within(dialog).getByRole('button', { name: 'Run test' }));
    expect(await within(dialog).findByText(/Tested on 731 orders/)).toBeVisible();
    expect(within(dialog).getByText(`${stopped}. Test fewer orders to see them all.`)).toBeVisible();
  });

  it('compares a version with the draft and restores it into the draft, to be saved', async () => {
    const user = userEvent.setup();
    api.versions = {
      4: ruleSet(),
      3: ruleSet({ version: 3, updatedBy: 'Ben Ortiz', rules: [{ ...HEAVY, name: 'Heavy boxes' }] }),
    };
    renderShipRule();
    await ruleList();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of the rules for All stores' });
    expect(await within(dialog).findByText('Your draft has the same rules as version 4.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: /^Version 3/ }));
    const added = await within(dialog).findByRole('region', { name: 'In your draft, not in version 3' });
    expect(added).toHaveTextContent('#1 Alaska and Hawaii by air');
    expect(added).toHaveTextContent('#3 VIP tag');
    const changed = within(dialog).getByRole('region', { name: 'Changed' });
    expect(changed).toHaveTextContent('#2 Heavy parcels');
    expect(changed).toHaveTextContent('NameVersion 3: Heavy boxesDraft: Heavy parcels');

    await user.click(within(dialog).getByRole('button', { name: 'Restore version 3' }));
    const list = await ruleList();
    expect(ruleNames(list)).toEqual(['Heavy boxes']);
    expect(screen.getByText(/Version 3 is in your draft/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(savedBody()).toEqual({ version: 4, rules: [{ ...HEAVY, name: 'Heavy boxes' }] });
  });

  it('lets a Manager read the rules and their history, with nothing to change, test or restore', async () => {
    const user = userEvent.setup();
    api.versions = { 4: ruleSet(), 3: ruleSet({ version: 3, rules: [HEAVY] }) };
    renderShipRule('/ship_rule', Role.Manager);
    const list = await ruleList();
    expect(ruleNames(list)).toEqual(['Alaska and Hawaii by air', 'Heavy parcels', 'VIP tag']);
    expect(screen.getByText(/an Admin adds, changes and tests them/)).toBeVisible();
    for (const name of ['Add rule', 'Test on recent orders', 'Save', 'Discard']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(list).queryByRole('button', { name: /^(Move|Edit|Drag|More for)/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of the rules for All stores' });
    await user.click(await within(dialog).findByRole('button', { name: /^Version 3/ }));
    expect(await within(dialog).findByRole('region', { name: 'In your draft, not in version 3' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  it('asks before leaving unsaved changes, then explains an empty store set and points to shipping methods', async () => {
    const user = userEvent.setup();
    api.shipMethods = [];
    const { router } = renderShipRule();
    const list = await ruleList();
    await user.click(within(list).getByRole('button', { name: 'Move Rule 2: Heavy parcels up' }));
    await pick(user, screen.getByRole('combobox', { name: 'Rules for' }), /Northloop Supply/);
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(ruleNames(list)[0]).toBe('Heavy parcels'));
    expect(router.state.location.search).toBe('');
    act(() => void router.navigate('/orders'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/ship_rule');

    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await pick(user, screen.getByRole('combobox', { name: 'Rules for' }), /Northloop Supply/);
    expect(await screen.findByRole('heading', { name: 'No rules for Northloop Supply yet' })).toBeVisible();
    expect(router.state.location.search).toBe('?scope=12');
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up shipping methods' })).toHaveAttribute(
      'href',
      '/settings/shipping-methods',
    );
  });

  it('says what went wrong when the rules cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    api.listDown = true;
    renderShipRule();
    expect(await screen.findByRole('alert')).toHaveTextContent('The rules are resting');
    api.listDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await ruleList()).toBeInTheDocument();
  });
});
