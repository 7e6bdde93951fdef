import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PHONE_WIDTH, stubViewportWidth } from '@/lib/testing/viewport';
import { renderFilters } from './orders-filters-testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** MUI's select (its code loaded), not the placeholder drawn before it. */
const isMuiSelect = (element: HTMLElement) => element.classList.contains('MuiSelect-select');

describe('the filters on first use', { timeout: 20_000 }, () => {
  it('draws look-alikes of the fields first, with their labels and values, and MUI’s once the code is there', async () => {
    renderFilters('payment=Unpaid&from=2026-11-01');
    const payment = screen.getByRole('combobox', { name: 'Payment' });
    expect(isMuiSelect(payment)).toBe(false);
    expect(payment).toHaveTextContent('Unpaid');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByRole('combobox', { name: 'Shipment' })).toHaveTextContent('Any shipment');
    // Loaded when the page is idle: the same fields, the same values.
    await waitFor(() => expect(isMuiSelect(screen.getByRole('combobox', { name: 'Payment' }))).toBe(true), {
      timeout: 5_000,
    });
    expect(screen.getByRole('combobox', { name: 'Payment' })).toHaveTextContent('Unpaid');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('opens a select clicked before its code arrived, once it is there', async () => {
    const { onChange, user } = renderFilters();
    const shipment = screen.getByRole('combobox', { name: 'Shipment' });
    expect(isMuiSelect(shipment)).toBe(false);
    await user.click(shipment);
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5_000 });
    await user.click(within(listbox).getByRole('option', { name: 'Unshipped' }));
    expect(onChange).toHaveBeenLastCalledWith({ shipmentStatus: ['Unshipped'] });
  });

  it('searches what is typed after a pause, at once on Enter, in the same box throughout', async () => {
    const { onChange, user } = renderFilters();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'mug');
    expect(search).toHaveValue('mug');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ search: 'mug' }));
    await user.type(search, 's{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ search: 'mugs' });
    // Longer than the idle wait after which the fields' code comes: nothing replaces the box (nor loses the focus).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBe(search);
    expect(search).toHaveFocus();
  });

  it('on a phone, leaves the folded fields as they are first drawn until they are unfolded', async () => {
    stubViewportWidth(PHONE_WIDTH);
    const { user } = renderFilters();
    // Longer than the idle wait after which a wide screen loads them.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(isMuiSelect(screen.getByRole('combobox', { name: 'Payment' }))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await waitFor(() => expect(isMuiSelect(screen.getByRole('combobox', { name: 'Payment' }))).toBe(true), {
      timeout: 5_000,
    });
    // Folded again, they stay (with what was being typed in them).
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(isMuiSelect(screen.getByRole('combobox', { name: 'Payment' }))).toBe(true);
  });
});
