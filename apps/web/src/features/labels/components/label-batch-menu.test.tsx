import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';
import { LabelBatchMenu } from './label-batch-menu';

afterEach(() => vi.unstubAllGlobals());

/** The batch's server: every start answers a running batch of two orders. */
function serveBatches(): ApiCall[] {
  return stubApi((call) => {
    if (call.path === '/call/labelBatches' && call.method === 'POST') {
      return ok({
        id: '9',
        event: 'shipLabel',
        status: 'running',
        total: 2,
        bought: 0,
        failed: 0,
        createdBy: 'admin@example.com',
        createdAt: '2026-11-25T10:00:00Z',
        finishedAt: null,
      });
    }
    return fail(404, 'Not found');
  });
}

const starts = (calls: ApiCall[]) => calls.filter((call) => call.path === '/call/labelBatches');

function renderMenu() {
  const outcomes: string[] = [];
  renderWithStore(
    <LabelBatchMenu count={2} run={async (start) => void outcomes.push((await start(['1', '3'])).title)} />,
  );
  return { user: userEvent.setup(), outcomes };
}

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: string, option: string) {
  await user.click(within(screen.getByRole('dialog')).getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('LabelBatchMenu customs', { timeout: 20_000 }, () => {
  it('leaves the usual customs choices to the server (merchandise, returned, duties paid by the buyer)', async () => {
    const calls = serveBatches();
    const { user, outcomes } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Buy labels' }));
    expect(await screen.findByRole('menuitem', { name: /Customs for international orders/ })).toHaveTextContent(
      'Merchandise · return to sender · DAP',
    );
    await user.click(screen.getByRole('menuitem', { name: 'PDF labels for the 2 selected' }));
    await waitFor(() => expect(outcomes).toEqual(['Buying labels for 2 orders']));
    // Absent: the server's DEFAULT_CUSTOMS, the choices the menu shows.
    expect(starts(calls)[0]!.body).toEqual({ event: 'shipLabel', orderIds: ['1', '3'] });
  });

  it('sends the customs chosen for international orders, an explanation with "Other"', async () => {
    const calls = serveBatches();
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Buy labels' }));
    await user.click(await screen.findByRole('menuitem', { name: /Customs for international orders/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Customs for international orders' });
    await choose(user, 'Contents', 'Other');
    await choose(user, 'If one cannot be delivered', 'Treat as abandoned');
    await choose(user, 'Duties and taxes', 'You pay duties (DDP)');

    // "Other" says what the parcels hold.
    await user.click(within(dialog).getByRole('button', { name: 'Use these' }));
    expect(within(dialog).getByLabelText('What the parcels hold')).toHaveAccessibleDescription(
      'Say what the parcels hold when their contents are "Other"',
    );
    await user.type(within(dialog).getByLabelText('What the parcels hold'), 'Spare parts');
    await user.click(within(dialog).getByRole('button', { name: 'Use these' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Buy labels' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Buy labels' }));
    expect(await screen.findByRole('menuitem', { name: /Customs for international orders/ })).toHaveTextContent(
      'Other · treat as abandoned · DDP',
    );
    await user.click(screen.getByRole('menuitem', { name: 'ZPL labels for the 2 selected' }));
    await waitFor(() => expect(starts(calls)).toHaveLength(1));
    expect(starts(calls)[0]!.body).toEqual({
      event: 'zpl',
      orderIds: ['1', '3'],
      customs: { contentsType: 'other', contentsExplanation: 'Spare parts', nonDelivery: 'abandon', incoterm: 'DDP' },
    });
  });
});

describe('LabelBatchMenu on first use', { timeout: 20_000 }, () => {
  it('opens its menu from the keyboard once its code is there, and asks before buying for every paid order', async () => {
    const calls = serveBatches();
    const { user, outcomes } = renderMenu();
    const button = screen.getByRole('button', { name: 'Buy labels' });
    // The menu's code is not drawn before the first use: no menu in the page yet.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    button.focus();
    await user.keyboard('{Enter}');
    const first = await screen.findByRole('menuitem', { name: 'PDF labels for the 2 selected' });
    await waitFor(() => expect(first).toHaveFocus());

    await user.click(screen.getByRole('menuitem', { name: 'ZPL labels for every paid order to ship' }));
    const confirm = await screen.findByRole('dialog', { name: 'Buy labels for every paid order?' });
    expect(confirm).toHaveTextContent('A ZPL label will be bought for every paid order');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(starts(calls)).toHaveLength(0);

    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'PDF labels for every paid order to ship' }));
    const again = await screen.findByRole('dialog', { name: 'Buy labels for every paid order?' });
    await user.click(within(again).getByRole('button', { name: 'Buy labels' }));
    await waitFor(() => expect(outcomes).toEqual(['Buying labels for 2 orders']));
    expect(starts(calls)[0]!.body).toEqual({ event: 'shipLabel', allShippable: true });
  });
});
