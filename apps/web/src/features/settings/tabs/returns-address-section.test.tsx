import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import { ok, renderSettingsAt, sent } from '../testing';

const { toastSuccess, toastError } = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { success: toastSuccess, error: toastError } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const WAREHOUSE = {
  key: 'warehouse_info',
  value: null,
  options: { name: 'Main', address1: '1 Dock St', city: 'Boston', postalCode: '02110', country: 'US' },
  updated_at: '2026-01-01T00:00:00Z',
};
const RETURNS = {
  key: 'returns_address',
  value: null,
  options: {
    name: 'Returns desk',
    address1: '9 Pier Rd',
    city: 'Salem',
    state: 'MA',
    postalCode: '01970',
    country: 'US',
  },
  updated_at: '2026-01-01T00:00:00Z',
};

function serve(configs: unknown[]): RecordedRequest[] {
  return mockFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/v1/configs') return ok(configs);
    if (method === 'POST' && url === '/call/configs/createOrUpdate') return ok({});
    if (method === 'DELETE' && url === '/call/configs/returns_address') return ok({});
    return Response.json({ code: 404, success: false, message: 'Not Found' }, { status: 404 });
  });
}

describe('Settings > Warehouse > Returns address', { timeout: 20_000 }, () => {
  it('starts on the ship-from, and saves a different address under returns_address with its own checks', async () => {
    const requests = serve([WAREHOUSE]);
    const user = userEvent.setup();
    renderSettingsAt('/settings/warehouse');
    const same = await screen.findByRole('radio', { name: 'Same as the ship-from address' });
    expect(same).toBeChecked();
    // The ship-from form's fields only: the returns form is not drawn while returns go to the ship-from.
    expect(screen.getAllByRole('textbox', { name: /address line 1/i })).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: 'A different address' }));
    expect(screen.getAllByRole('textbox', { name: /address line 1/i })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Save returns address' }));
    // The warehouse form's rules, under the returns form's own name ("Name", the ship-from's is "Warehouse name").
    const returnsName = screen.getByRole('textbox', { name: /^name/i });
    expect(returnsName).toHaveAccessibleDescription('Name is required');
    expect(sent(requests, 'POST', '/call/configs/createOrUpdate')).toHaveLength(0);

    await user.type(returnsName, 'Returns desk');
    const [, line1] = screen.getAllByRole('textbox', { name: /address line 1/i });
    await user.type(line1!, '9 Pier Rd');
    const [, city] = screen.getAllByRole('textbox', { name: /^city/i });
    await user.type(city!, 'Salem');
    const [, postal] = screen.getAllByRole('textbox', { name: /postal code/i });
    await user.type(postal!, '01970');
    await user.click(screen.getByRole('button', { name: 'Save returns address' }));
    await waitFor(() => expect(sent(requests, 'POST', '/call/configs/createOrUpdate')).toHaveLength(1));
    expect(sent(requests, 'POST', '/call/configs/createOrUpdate')[0]!.body).toEqual({
      key: 'returns_address',
      options: { name: 'Returns desk', address1: '9 Pier Rd', city: 'Salem', postalCode: '01970', country: 'US' },
    });
    expect(toastSuccess).toHaveBeenCalledWith('Returns address saved.');
  });

  it('shows a saved returns address, and going back to the ship-from removes it', async () => {
    const requests = serve([WAREHOUSE, RETURNS]);
    const user = userEvent.setup();
    renderSettingsAt('/settings/warehouse');
    expect(await screen.findByRole('radio', { name: 'A different address' })).toBeChecked();
    expect(screen.getByDisplayValue('Returns desk')).toBeInTheDocument();
    expect(screen.getByDisplayValue('9 Pier Rd')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Same as the ship-from address' }));
    expect(screen.queryByDisplayValue('Returns desk')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save returns address' }));
    await waitFor(() => expect(sent(requests, 'DELETE', '/call/configs/returns_address')).toHaveLength(1));
    expect(sent(requests, 'POST', '/call/configs/createOrUpdate')).toHaveLength(0);
    expect(toastSuccess).toHaveBeenCalledWith('Returns go back to the ship-from address.');
  });
});
