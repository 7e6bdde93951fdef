import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReconcileFinding, ReconcileRun, ReconcileView } from '@shipdesk/contract';
import { mockFetch, renderWithStore, type RecordedRequest } from '@/lib/testing/render-with-store';
import { fail, ok, store } from '../testing';
import { MissingOrdersDialog } from './missing-orders-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/call/store/1/reconcile';

function run(overrides: Partial<ReconcileRun> = {}): ReconcileRun {
  return {
    id: '5',
    storeId: '1',
    days: 7,
    state: 'succeeded',
    pages: 2,
    ordersChecked: 120,
    error: null,
    queuedAt: '2026-12-03T10:00:00Z',
    finishedAt: '2026-12-03T10:00:09Z',
    fix: { state: 'none', fixed: 0, failed: 0, error: null, finishedAt: null },
    ...overrides,
  };
}

function finding(overrides: Partial<ReconcileFinding>): ReconcileFinding {
  return {
    externalId: '1001',
    orderNumber: '#1001',
    kind: 'missing',
    channelOrderDate: '2026-12-01T09:30:00Z',
    channelUpdatedAt: '2026-12-01T09:30:00Z',
    orderId: null,
    note: null,
    resolvedAt: null,
    ...overrides,
  };
}

function renderDialog(answer: (request: RecordedRequest) => Response) {
  const requests = mockFetch(answer);
  const onClose = vi.fn();
  renderWithStore(<MissingOrdersDialog store={store()} onClose={onClose} />);
  return { requests, onClose, user: userEvent.setup() };
}

describe('MissingOrdersDialog', { timeout: 20_000 }, () => {
  it('runs a check, shows its progress and findings, and fixes them with one action', async () => {
    // What the server answers: the current view, moved on by each GET through the views queued after it.
    let current: ReconcileView = { run: null, findings: [], more: 0 };
    let next: ReconcileView[] = [];
    const found = [
      finding({}),
      finding({ externalId: '1002', orderNumber: '#1002', kind: 'canceled_on_channel', orderId: '77' }),
    ];
    const { requests, user } = renderDialog((request) => {
      if (request.method === 'POST' && request.url === PATH) {
        current = { run: run({ state: 'running', ordersChecked: 50, pages: 1 }), findings: [], more: 0 };
        next = [current, { run: run(), findings: found, more: 0 }];
        return ok(current, 202);
      }
      if (request.method === 'POST' && request.url === `${PATH}/fix`) {
        const fixed = found.map((f) => ({ ...f, resolvedAt: '2026-12-03T10:01:00Z' }));
        const done = { state: 'succeeded' as const, fixed: 2, failed: 0, error: null, finishedAt: null };
        current = { run: run({ fix: { ...done, state: 'running', fixed: 1 } }), findings: found, more: 0 };
        next = [current, { run: run({ fix: done }), findings: fixed, more: 0 }];
        return ok(current, 202);
      }
      current = next.shift() ?? current;
      return ok(current);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Missing orders · Main Shopify' });
    expect(await within(dialog).findByText(/No check yet/)).toBeInTheDocument();

    const days = within(dialog).getByRole('spinbutton', { name: 'Days back' });
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Check now' }));
    expect(within(dialog).getByText('Enter a whole number of days from 1 to 60')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Check now' }));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ days: 7 }]);
    expect(await within(dialog).findByText(/Checking the last 7 days/)).toBeInTheDocument();

    const table = await within(dialog).findByRole(
      'table',
      { name: 'Missing orders of Main Shopify' },
      { timeout: 5000 },
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^#1001Not in Shipdesk.*Open$/),
      expect.stringMatching(/^#1002Canceled on the channel, open here.*Open$/),
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Fetch and fix (2)' }));
    expect(await within(dialog).findByText('2 fixed.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.url === `${PATH}/fix`)).toHaveLength(1);
    expect(within(table).getAllByText('Fixed')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: /Fetch and fix/ })).not.toBeInTheDocument();
  });

  it('says when nothing is missing', async () => {
    renderDialog(() => ok({ run: run(), findings: [], more: 0 }));
    expect(await screen.findByText(/Nothing is missing/)).toHaveTextContent(
      'Nothing is missing: the 120 orders of the last 7 days agree.',
    );
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });

  it("shows a failed check in the channel's words, and a view that could not load", async () => {
    renderDialog(() => ok({ run: run({ state: 'failed', error: 'Shopify answered 503' }), findings: [], more: 0 }));
    expect(await screen.findByText('The check failed: Shopify answered 503')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fetch and fix/ })).not.toBeInTheDocument();
  });

  it('offers Retry when the check cannot be read', async () => {
    renderDialog(() => fail(500, 'Internal server error'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
