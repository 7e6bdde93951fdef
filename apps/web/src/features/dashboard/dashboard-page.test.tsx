import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DashboardPage, parsePeriod } from './dashboard-page';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/dashboard', Component: DashboardPage }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('DashboardPage', () => {
  it("defaults the 'Filter By' toggle to This Week", () => {
    renderAt('/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Filter By' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the chosen period in the URL and does not allow deselecting', async () => {
    const { router, user } = renderAt('/dashboard');
    await user.click(screen.getByRole('button', { name: 'This Month' }));
    expect(router.state.location.search).toBe('?period=This+Month');
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'This Month' }));
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'This Week' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows an empty state, not invented numbers', () => {
    renderAt('/dashboard?period=Today');
    expect(screen.getByRole('heading', { name: 'No statistics yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a store' })).toHaveAttribute('href', '/stores');
  });
});

describe('parsePeriod', () => {
  it('accepts the three periods and falls back to This Week', () => {
    expect(parsePeriod('Today')).toBe('Today');
    expect(parsePeriod('This Month')).toBe('This Month');
    expect(parsePeriod('Yesterday')).toBe('This Week');
    expect(parsePeriod(null)).toBe('This Week');
  });
});
