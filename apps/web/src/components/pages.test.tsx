import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ComingSoonPage } from './coming-soon';
import { EmptyState } from './empty-state';
import { NotFoundPage } from './not-found-page';
import { PageHeader } from './page-header';

describe('shared pages and blocks', () => {
  it("ComingSoonPage says 'Coming Soon...'", () => {
    render(<ComingSoonPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Coming Soon...' })).toBeInTheDocument();
  });

  it('NotFoundPage links back to the orders', () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/orders');
  });

  it('PageHeader shows one h1, the subtitle and the actions', () => {
    render(<PageHeader title="Orders" subtitle="Sales Order" actions={<button type="button">Add</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Sales Order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('EmptyState shows title, text and action', () => {
    render(<EmptyState title="No stores yet" text="Connect one." action={<a href="/stores">Connect a store</a>} />);
    expect(screen.getByRole('heading', { level: 2, name: 'No stores yet' })).toBeInTheDocument();
    expect(screen.getByText('Connect one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a store' })).toHaveAttribute('href', '/stores');
  });
});
