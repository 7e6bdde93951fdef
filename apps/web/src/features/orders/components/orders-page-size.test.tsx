import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersPageSize } from './orders-page-size';

/** MUI's select (its code loaded), not the placeholder drawn before it. */
const isMuiSelect = (element: HTMLElement) => element.classList.contains('MuiSelect-select');

function renderSize(size = 25) {
  const onSize = vi.fn<(size: number) => void>();
  render(<OrdersPageSize size={size} onSize={onSize} />);
  return { onSize, user: userEvent.setup() };
}

describe('the page size on first use', { timeout: 20_000 }, () => {
  it('draws a look-alike with the size, kept until the seller reaches for it, then MUI’s select', async () => {
    const { user } = renderSize(25);
    const placeholder = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(isMuiSelect(placeholder)).toBe(false);
    expect(placeholder).toHaveTextContent('25');
    // Longer than the idle wait after which its code comes: still the look-alike, no swap under the seller.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBe(placeholder);
    await user.click(placeholder);
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5_000 });
    expect(within(listbox).getByRole('option', { name: '25' })).toHaveAttribute('aria-selected', 'true');
    // The page behind the open list is hidden from assistive technology: MUI's select is found among the hidden.
    expect(isMuiSelect(screen.getByRole('combobox', { name: 'Rows per page', hidden: true }))).toBe(true);
  });

  it('opens from the keyboard before its code arrived, keeping the focus, and sets the size chosen', async () => {
    const { onSize, user } = renderSize(25);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5_000 });
    await waitFor(() => expect(within(listbox).getByRole('option', { name: '25' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSize).toHaveBeenLastCalledWith(50);
    // Closed, the focus is back on the select, MUI's now.
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    const combobox = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(isMuiSelect(combobox)).toBe(true);
    expect(combobox).toHaveFocus();
  });

  it('takes the focus without opening when only tabbed to before its code arrived', async () => {
    const { user } = renderSize(10);
    await user.tab();
    await waitFor(() => expect(isMuiSelect(screen.getByRole('combobox', { name: 'Rows per page' }))).toBe(true));
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
