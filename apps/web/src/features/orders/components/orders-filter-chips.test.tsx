import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderFilters } from './orders-filters-testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the filters in force on first use', { timeout: 20_000 }, () => {
  it('draws look-alike chips until their code is there, then chips that Delete removes', async () => {
    const { onChange, user } = renderFilters('payment=Unpaid&service=Express');
    const list = screen.getByRole('list', { name: 'Filters in force' });
    // First drawn without MUI's chips: the words, nothing to press yet.
    expect(list).toHaveTextContent('Payment: Unpaid');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();

    const payment = await within(list).findByRole('button', { name: /^Payment: Unpaid\. Press Delete/ });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    payment.focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ paymentStatus: [] }));
  });
});
