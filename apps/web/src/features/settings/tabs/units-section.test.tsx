import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigEntry } from '@shipdesk/contract';
import { mockFetch, renderWithStore, type RecordedRequest } from '@/lib/testing/render-with-store';
import { UnitsSection } from './units-section';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

const entry = (key: string, value: string | null, options: Record<string, unknown> | null = null): ConfigEntry => ({
  key,
  value,
  options,
  updated_at: '2025-01-01T00:00:00Z',
});
const warehouse = (country: string) =>
  entry('warehouse_info', null, { name: 'W', address1: '1 Street', city: 'C', postalCode: '1', country });

let requests: RecordedRequest[];
let saveReply: () => Response;
beforeEach(() => {
  saveReply = () => Response.json({ code: 200, success: true, data: {} });
  requests = mockFetch(({ method, url }) =>
    method === 'POST' && url === '/call/configs/createOrUpdate'
      ? saveReply()
      : Response.json({ code: 200, success: true, data: [] }),
  );
  toastError.mockClear();
  toastSuccess.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const group = () => screen.getByRole('radiogroup', { name: 'Units' });
const imperial = () => screen.getByRole('radio', { name: /^Pounds, ounces and inches/ });
const metric = () => screen.getByRole('radio', { name: /^Kilograms, grams and centimetres/ });

describe('Settings > General > Units', () => {
  it("explains the default from the warehouse's country and saves a choice", async () => {
    const user = userEvent.setup();
    renderWithStore(<UnitsSection entries={[warehouse('DE')]} readOnly={false} />);
    expect(metric()).toBeChecked();
    expect(group()).toHaveAccessibleDescription(
      expect.stringContaining(
        "Not chosen yet: kilograms, grams and centimetres, as in your warehouse's country (Germany).",
      ),
    );
    expect(screen.getByText(/e\.g\. 2 lb 3\.5 oz, 12 in/)).toBeInTheDocument();
    expect(screen.getByText(/e\.g\. 1\.007 kg, 30\.5 cm/)).toBeInTheDocument();

    // The keyboard moves the choice, as in any radio group.
    await user.click(metric());
    await user.keyboard('{ArrowUp}');
    expect(imperial()).toBeChecked();
    await user.click(within(screen.getByRole('form', { name: 'Units' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Units saved.'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { key: 'units', value: 'imperial' },
    ]);
  });

  it('shows imperial without a warehouse address, and says so', () => {
    renderWithStore(<UnitsSection entries={[]} readOnly={false} />);
    expect(imperial()).toBeChecked();
    expect(group()).toHaveAccessibleDescription(expect.stringContaining('until a warehouse address says otherwise'));
  });

  it('shows what was saved over the warehouse country', () => {
    renderWithStore(<UnitsSection entries={[warehouse('US'), entry('units', 'metric')]} readOnly={false} />);
    expect(metric()).toBeChecked();
    expect(group()).not.toHaveAccessibleDescription(expect.stringContaining('Not chosen yet'));
  });

  it("puts the server's refusal at the choice", async () => {
    saveReply = () =>
      Response.json(
        { code: 400, success: false, message: 'Bad', errors: { value: 'value "x" is not a unit system' } },
        { status: 400 },
      );
    const user = userEvent.setup();
    renderWithStore(<UnitsSection entries={[]} readOnly={false} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('value "x" is not a unit system')).toBeInTheDocument();
    expect(toastError).toHaveBeenCalled();
  });

  it('lets a Manager read the units but not change them', () => {
    renderWithStore(<UnitsSection entries={[warehouse('US')]} readOnly />);
    expect(imperial()).toBeChecked();
    expect(imperial()).toBeDisabled();
    expect(metric()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
