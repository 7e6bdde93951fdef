import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

function DesktopSidebar({ expanded }: { expanded: boolean }) {
  return (
    <MemoryRouter initialEntries={['/orders']}>
      <Sidebar
        expanded={expanded}
        roleId={Role.Admin}
        setupGuideSteps={{ connectStore: true, warehouseAddress: true }}
        setupGuideFresh={false}
      />
    </MemoryRouter>
  );
}

describe('Sidebar beside the page (permanent)', () => {
  it('names each entry by a tooltip when collapsed to its icons, and by its words when expanded', async () => {
    const user = userEvent.setup();
    const view = render(<DesktopSidebar expanded={false} />);
    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('aria-current', 'page');
    await user.hover(orders);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Orders');
    await user.unhover(orders);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    view.rerender(<DesktopSidebar expanded />);
    await user.hover(screen.getByRole('link', { name: 'Orders' }));
    // Expanded, the entry shows its title itself: no tooltip repeats it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("draws the Setup Guide's progress as a ring and says it in words, and opens the guide from its entry", async () => {
    const user = userEvent.setup();
    render(<DesktopSidebar expanded />);
    const entry = screen.getByRole('button', { name: /setup guide/i });
    expect(entry).toHaveTextContent('2/5');
    expect(entry).toHaveTextContent('40% completed');
    const rings = entry.querySelectorAll('circle');
    expect(rings).toHaveLength(2);
    // 60 % of the circumference left undrawn: the ring is 40 % full.
    const [, progress] = [...rings];
    expect(Number.parseFloat(progress!.getAttribute('stroke-dashoffset')!)).toBeCloseTo(
      Number.parseFloat(progress!.getAttribute('stroke-dasharray')!) * 0.6,
      2,
    );

    await user.click(entry);
    expect(await screen.findByRole('dialog', { name: 'Setup Guide' })).toBeVisible();
    expect(entry).toHaveAttribute('aria-expanded', 'true');
  });
});
