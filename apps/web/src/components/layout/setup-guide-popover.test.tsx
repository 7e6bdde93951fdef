import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SetupGuidePopover } from './setup-guide-popover';

function renderPopover(problems?: Array<{ message: string; route: string }>) {
  const anchor = document.createElement('button');
  document.body.appendChild(anchor);
  render(
    <MemoryRouter>
      <SetupGuidePopover
        anchorEl={anchor}
        open
        onClose={vi.fn()}
        steps={{ connectStore: true, warehouseAddress: false }}
        problems={problems}
      />
    </MemoryRouter>,
  );
}

describe('SetupGuidePopover', () => {
  it('shows progress and flags a store whose sync failed, with a way to it', () => {
    renderPopover([{ message: 'Main shop: Shopify refused the credentials (HTTP 401)', route: '/stores' }]);
    expect(screen.getByText(/^Steps completed : 1\/\d+$/)).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Main shop: Shopify refused the credentials (HTTP 401)');
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/stores');
  });

  it('shows no warning when nothing needs attention', () => {
    renderPopover([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
