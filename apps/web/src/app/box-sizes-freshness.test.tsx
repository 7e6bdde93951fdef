import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoxSize, BoxSizeInput } from '@shipdesk/contract';
import { labelFlow, labelPurchaseDialog } from '@/features/labels/testing';
import { BoxSizesSection } from '@/features/settings/box-sizes/box-sizes-section';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { renderRoutes } from '@/lib/testing/render-with-store';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The seller's one box, renamed by a PUT; the label form of delivery 7 of order 5. */
function serve() {
  let box: BoxSize = { id: '5', name: 'Small box', length: 8, width: 6, height: 4, emptyWeight: 120, maxWeight: 4500 };
  return stubApi((call) => {
    if (call.path === '/api/v1/orderBoxSizes') return ok([box]);
    if (call.method === 'PUT' && call.path === '/api/v1/orderBoxSizes/5') {
      box = { ...box, ...(call.body as BoxSizeInput) };
      return ok(box);
    }
    if (call.path === '/call/orders/5/shipLabel/fsmFlow') return labelFlow();
    return fail(404, 'Not found');
  });
}

async function boxChoices(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  const dialog = await screen.findByRole('dialog', { name: /Buy a label/ });
  const box = within(dialog).getByRole('combobox', { name: 'Box' });
  await waitFor(() => expect(box).not.toHaveAttribute('aria-disabled'));
  await user.click(box);
  const options = within(await screen.findByRole('listbox')).getAllByRole('option');
  const names = options.map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return names;
}

describe('box sizes across screens', { timeout: 20_000 }, () => {
  it('a box renamed in Settings is offered by its new name in the label form opened again', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/label', element: labelPurchaseDialog() },
        { path: '/settings', element: <BoxSizesSection readOnly={false} /> },
      ],
      '/label',
    );
    expect(await boxChoices(user)).toEqual(['Own size', 'Small box (8 × 6 × 4 in)']);

    // The label form closed, the box renamed in Settings > Labels, in the same session.
    await act(() => router.navigate('/settings'));
    await user.click(await screen.findByRole('button', { name: 'Edit Small box' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Small box' });
    const name = within(edit).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Shoe box');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await act(() => router.navigate('/label'));
    expect(await boxChoices(user)).toEqual(['Own size', 'Shoe box (8 × 6 × 4 in)']);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
