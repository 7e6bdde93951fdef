import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RuleApplication } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, fullOrder, ok, ruleApplication, ruleResult, stubApi, type ApiCall } from '../testing';
import { OrderRulesCard } from './order-rules-card';

const { toastError, toastSuccess, toastInfo } = vi.hoisted(() => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: toastInfo, success: toastSuccess, error: toastError } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const WHY = '/call/order/5/shippingRules';
const APPLY = '/call/shippingRules/apply';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();

/** Answers the "why" with whatever `state.applications` holds now, and the apply with `apply`. */
function serve(
  state: { applications: RuleApplication[] },
  apply: (call: ApiCall) => Response = () => ok({ evaluated: 1, changed: 1 }),
) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === WHY) return ok({ applications: state.applications });
    if (call.method === 'POST' && call.path === APPLY) return apply(call);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

function renderCard() {
  renderWithStore(
    <OrderRulesCard order={fullOrder({ id: '5', storeId: '9', storeName: 'Berlin shop' })} timeZone="UTC" />,
  );
  return userEvent.setup();
}

const card = () => screen.getByRole('region', { name: 'Shipping rules' });
const whyGets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === WHY);

/** The newest application of the first test: one rule per outcome, a failed rule, two misses and a stop. */
const latest = ruleApplication({
  id: '2',
  at: minutesAgo(3),
  changed: true,
  rules: [
    ruleResult({
      ruleId: 'vip',
      name: 'VIP goes express',
      actions: [
        { target: 'shipMethod', value: 'Express', before: 'Standard', outcome: 'set' },
        { target: 'carrierService', value: 'UPS Ground', before: 'USPS Priority Mail', outcome: 'kept' },
      ],
    }),
    ruleResult({
      ruleId: 'big',
      name: 'Big orders insured',
      actions: [
        { target: 'insuredValue', value: '$210.00', before: null, outcome: 'set' },
        { target: 'shipMethod', value: 'Priority', before: 'Standard', outcome: 'overruled' },
        { target: 'packageType', value: 'USPS Flat Rate Box', before: null, outcome: 'labelled' },
        { target: 'signature', value: 'adult signature', before: 'adult signature', outcome: 'same' },
      ],
    }),
    ruleResult({
      ruleId: 'fast',
      name: 'Fastest cheap',
      actions: [
        {
          target: 'carrierService',
          value: 'the cheapest of USPS Priority Mail, UPS Ground, arriving within 2 days',
          before: null,
          outcome: 'failed',
          message: 'no rate arrives within 2 days',
        },
      ],
    }),
    ruleResult({ ruleId: 'broken', name: 'Odd postcodes', matched: false, error: 'the pattern cannot run' }),
    ruleResult({
      ruleId: 'ak',
      name: 'Alaska and Hawaii by Priority',
      matched: false,
      failedConditions: ['ship-to state is CA, not one of AK, HI'],
    }),
    ruleResult({
      ruleId: 'heavy',
      name: 'Heavy by ground',
      matched: false,
      failedConditions: ['weight 1.2 lb is not over 2 lb'],
    }),
    ruleResult({
      ruleId: 'tag',
      name: 'Tag and stop',
      actions: [{ target: 'tags', value: 'tag “vip”', before: null, outcome: 'set' }],
      stopped: true,
    }),
  ],
});

describe('OrderRulesCard', { timeout: 20_000 }, () => {
  it('says in plain words how the rules ran and what each matched rule did, and why a field was left', async () => {
    serve({ applications: [latest] });
    const user = renderCard();
    const ran = await screen.findByRole('list', { name: 'Rules that matched or failed' });
    expect(card()).toHaveTextContent(
      'Applied when the order was imported, 3 min ago, rule set All stores v4. The order changed.',
    );
    const rule = (id: string) => ran.querySelector(`li[data-rule="${id}"]`);
    expect(within(ran).getByRole('list', { name: 'What VIP goes express did' }).textContent).toBe(
      'shipping method → Express (set, was Standard)' +
        'carrier service → UPS Ground (kept: you chose the service by hand)',
    );
    const big = within(ran).getByRole('list', { name: 'What Big orders insured did' });
    expect(
      within(big)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'insured value → $210.00 (set)',
      'shipping method → Priority (overruled by an earlier rule)',
      'package type → USPS Flat Rate Box (not changed: the order is labelled)',
      'adult signature (already so, nothing changed)',
    ]);
    expect(within(ran).getByRole('list', { name: 'What Fastest cheap did' })).toHaveTextContent(
      'carrier service → the cheapest of USPS Priority Mail, UPS Ground, arriving within 2 days (failed: no rate arrives within 2 days)',
    );
    // A rule that threw is shown as failed with its message, not hidden among the misses.
    expect(rule('broken')).toHaveTextContent('Odd postcodesFailed: the pattern cannot run');
    // Where "stop here" ended the evaluation.
    expect(rule('tag')).toHaveTextContent('tag “vip” (set)Stop here: the rules after it did not run.');
    expect(within(ran).getAllByText(/^Stop here/)).toHaveLength(1);

    // The misses wait behind a disclosure, each with the conditions that failed.
    const misses = screen.getByRole('button', { name: 'Rules that did not match (2)' });
    expect(misses).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('ship-to state is CA, not one of AK, HI')).not.toBeInTheDocument();
    await user.click(misses);
    const missed = screen.getByRole('list', { name: 'Rules that did not match' });
    expect(missed).toHaveTextContent('Alaska and Hawaii by Priorityship-to state is CA, not one of AK, HI');
    expect(missed).toHaveTextContent('Heavy by groundweight 1.2 lb is not over 2 lb');
    expect(missed).not.toHaveTextContent('Odd postcodes');
    // One application: no history.
    expect(screen.queryByRole('button', { name: /^History/ })).not.toBeInTheDocument();
  });

  it('keeps earlier applications behind History, each naming the sets that ran', async () => {
    const earlier = ruleApplication({
      id: '1',
      at: minutesAgo(60 * 5),
      trigger: 'manual',
      versions: { all: 3, '9': 2 },
      rules: [ruleResult({ name: 'Old rule', scope: '9', matched: false, failedConditions: ['store is Paris'] })],
    });
    serve({ applications: [ruleApplication({ id: '2', at: minutesAgo(1) }), earlier] });
    const user = renderCard();
    const history = await screen.findByRole('button', { name: 'History (1)' });
    expect(card()).toHaveTextContent('No rule matched this order.');
    expect(screen.queryByText(/when someone ran the rules/)).not.toBeInTheDocument();
    await user.click(history);
    const list = screen.getByRole('list', { name: 'Earlier applications' });
    expect(list).toHaveTextContent(
      'Applied when someone ran the rules, 5 h ago, rule sets Berlin shop v2 and All stores v3. Nothing changed.',
    );
    await user.click(within(list).getByRole('button', { name: 'Rules that did not match (1)' }));
    // With two sets, a rule says which one it belongs to.
    expect(within(list).getByRole('list', { name: 'Rules that did not match' })).toHaveTextContent(
      'Old ruleBerlin shopstore is Paris',
    );
  });

  it('says when no rule has run, links to the rules, and runs them on this order', async () => {
    const state: { applications: RuleApplication[] } = { applications: [] };
    const calls = serve(state, () => {
      state.applications = [
        ruleApplication({
          id: '3',
          at: minutesAgo(0),
          trigger: 'manual',
          changed: true,
          rules: [
            ruleResult({
              name: 'VIP goes express',
              actions: [{ target: 'shipMethod', value: 'Express', before: null, outcome: 'set' }],
            }),
          ],
        }),
      ];
      return ok({ evaluated: 1, changed: 1 });
    });
    const user = renderCard();
    expect(await within(card()).findByText(/No shipping rules have run on this order/)).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'Set up shipping rules' })).toHaveAttribute('href', '/ship_rule');
    await user.click(within(card()).getByRole('button', { name: 'Run rules now' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Shipping rules ran; the order changed.'));
    expect(calls.filter((c) => c.path === APPLY).map((c) => c.body)).toEqual([{ orderIds: ['5'] }]);
    // The run refreshes the "why".
    expect(await within(card()).findByText('shipping method → Express')).toBeInTheDocument();
    expect(card()).toHaveTextContent('Applied when someone ran the rules, just now');
    expect(whyGets(calls)).toHaveLength(2);
  });

  it('tells when no rule set is saved, and shows a refusal', async () => {
    let answer = ok({ evaluated: 0, changed: 0 });
    serve({ applications: [] }, () => answer);
    const user = renderCard();
    const run = await within(card()).findByRole('button', { name: 'Run rules now' });
    await user.click(run);
    await waitFor(() => expect(toastInfo).toHaveBeenCalledWith('No shipping rules are saved yet, so none ran.'));
    answer = fail(404, 'Order not found');
    await waitFor(() => expect(run).toBeEnabled());
    await user.click(run);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Order not found'));
  });

  it('shows a failure to load with a retry', async () => {
    let failing = true;
    const calls = stubApi((call) =>
      call.path === WHY
        ? failing
          ? fail(500, 'Something went wrong')
          : ok({ applications: [ruleApplication({ at: minutesAgo(2) })] })
        : fail(500, 'unexpected'),
    );
    const user = renderCard();
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(card()).findByText(/Applied when the order was imported, 2 min ago/)).toBeInTheDocument();
    expect(whyGets(calls)).toHaveLength(2);
  });
});
