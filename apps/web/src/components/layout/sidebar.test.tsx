import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Role } from '@shipdesk/contract';
import { SIDEBAR_ID, Sidebar } from './sidebar';

function PhoneSidebar({ open }: { open: boolean }) {
  return (
    <MemoryRouter>
      <Sidebar
        temporary
        open={open}
        expanded={false}
        roleId={Role.Admin}
        setupGuideSteps={{ connectStore: true }}
        setupGuideFresh
      />
    </MemoryRouter>
  );
}

describe('Sidebar as a temporary drawer (phone)', () => {
  it('is not built before it first opens, and is kept once it has', async () => {
    const view = render(<PhoneSidebar open={false} />);
    expect(document.getElementById(SIDEBAR_ID)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();

    view.rerender(<PhoneSidebar open />);
    expect(await screen.findByRole('link', { name: 'Orders' })).toBeVisible();

    // Closed again: the drawer stays in the page (hidden), ready for the next opening.
    view.rerender(<PhoneSidebar open={false} />);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull());
    expect(document.getElementById(SIDEBAR_ID)).not.toBeNull();
  });
});
