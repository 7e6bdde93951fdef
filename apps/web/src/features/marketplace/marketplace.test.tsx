import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { BcInstructionGuidePage } from './bc-instruction-guide-page';
import { BcRedirectPage, productLoginUrl } from './bc-redirect-page';

describe('marketplace pages', () => {
  it('BcRedirectPage confirms the registration and opens the login in a new tab', () => {
    render(
      <MemoryRouter>
        <BcRedirectPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('App has been successfully registered.');
    const login = screen.getByRole('link', { name: /log in to shipdesk/i });
    expect(login).toHaveAttribute('href', `${window.location.origin}/orders`);
    expect(login).toHaveAttribute('target', '_blank');
    expect(login).toHaveAttribute('rel', 'noopener noreferrer');
    expect(productLoginUrl('https://ship.example.com')).toBe('https://ship.example.com/orders');
  });

  it('BcRedirectPage keeps the install it was sent with until someone signs in', () => {
    localStorage.removeItem('marketplaceInstall');
    render(
      <MemoryRouter initialEntries={['/bc_redirect?install=claim-token-123']}>
        <BcRedirectPage />
      </MemoryRouter>,
    );
    expect(localStorage.getItem('marketplaceInstall')).toBe('claim-token-123');
  });

  it('BcInstructionGuidePage lists the eleven steps of spec 2.1 in order', () => {
    render(
      <MemoryRouter>
        <BcInstructionGuidePage />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(11);
    expect(items[0]).toHaveTextContent(/locate the shipdesk app/i);
    expect(items[2]).toHaveTextContent(/register with your e-mail/i);
    expect(within(items[2]!).getByRole('link')).toHaveAttribute('href', '/register');
    expect(items[9]).toHaveTextContent(/free plan/i);
    expect(items[10]).toHaveTextContent(/store is now connected/i);
  });
});
