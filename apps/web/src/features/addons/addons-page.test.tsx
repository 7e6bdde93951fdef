import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADD_ONS } from '@shipdesk/contract';
import { AddonsPage, addOnPrice } from './addons-page';

describe('AddonsPage', () => {
  it('shows four add-ons with monthly prices and disabled install buttons', () => {
    render(<AddonsPage />);
    expect(screen.getByText('Coming Soon...', { selector: 'p' })).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      expect(within(card).getByLabelText('Price: $1.00 per month')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Install' })).toBeDisabled();
    }
  });

  it('switches to yearly prices', async () => {
    const user = userEvent.setup();
    render(<AddonsPage />);
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    const cards = screen.getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('heading', { name: 'Shipping Rules Engine' })).toBeInTheDocument();
    expect(within(cards[0]!).getByLabelText('Price: $500.00 per year')).toBeInTheDocument();
    expect(within(cards[3]!).getByLabelText('Price: $1,200.00 per year')).toBeInTheDocument();
    // Clicking the active period again keeps it selected.
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('formats the prices of the contract', () => {
    expect(ADD_ONS.map((a) => addOnPrice(a, 'yearly'))).toEqual(['$500.00', '$800.00', '$1,000.00', '$1,200.00']);
  });
});
