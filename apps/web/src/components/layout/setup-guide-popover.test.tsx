import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Role } from '@shipdesk/contract';
import { clearSessionStorage } from '@/lib/session/clear-session';
import { SetupGuidePopover } from './setup-guide-popover';
import { Sidebar } from './sidebar';

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

const OPEN_STEPS = { connectStore: true, warehouseAddress: false };

/** The sidebar with its Setup Guide, and a page behind it with a button. */
function Shell({
  fresh,
  steps = OPEN_STEPS,
  onPageClick,
}: {
  fresh: boolean;
  steps?: Record<string, boolean>;
  onPageClick?: () => void;
}) {
  return (
    <MemoryRouter>
      <Sidebar expanded roleId={Role.Admin} setupGuideSteps={steps} setupGuideFresh={fresh} />
      <main>
        <button type="button" onClick={onPageClick}>
          Next page
        </button>
      </main>
    </MemoryRouter>
  );
}

const guide = () => screen.queryByRole('dialog', { name: 'Setup Guide' });
const guideEntry = () => screen.getByRole('button', { name: /^Setup Guide\b.* \d+% completed$/ });

/** Loads the page: the guide opens by itself once the setup call has answered (fresh). */
async function loadPage(onPageClick?: () => void) {
  const view = render(<Shell fresh={false} onPageClick={onPageClick} />);
  screen.getByRole('button', { name: 'Next page' }).focus();
  view.rerender(<Shell fresh onPageClick={onPageClick} />);
  await waitFor(() => expect(guide()).toBeInTheDocument());
  return view;
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

describe('the Setup Guide in the sidebar', () => {
  it('opened on load, it keeps the focus on the page and does not block a click on the page behind it', async () => {
    const user = userEvent.setup();
    const onPageClick = vi.fn();
    await loadPage(onPageClick);
    // Not modal: no backdrop, the page stays reachable (not hidden from assistive technology), focus stays put.
    expect(document.querySelector('.MuiBackdrop-root')).toBeNull();
    const pageButton = screen.getByRole('button', { name: 'Next page' });
    expect(pageButton).toHaveFocus();
    expect(guideEntry()).toHaveAttribute('aria-expanded', 'true');

    await user.click(pageButton);
    expect(onPageClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(guide()).toBeNull());
    expect(guideEntry()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the guide opened on load, leaving the focus where it was', async () => {
    const user = userEvent.setup();
    await loadPage();
    await user.keyboard('{Escape}');
    expect(guide()).toBeNull();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveFocus();
  });

  it('opened from its entry, focus moves into it; Escape closes it and gives the focus back to the entry', async () => {
    const user = userEvent.setup();
    render(<Shell fresh steps={{ connectStore: true }} />);
    // Every step done: it does not open by itself.
    expect(guide()).toBeNull();
    await user.click(guideEntry());
    const dialog = screen.getByRole('dialog', { name: 'Setup Guide' });
    expect(dialog).toHaveFocus();
    expect(guideEntry()).toHaveAttribute('aria-controls', dialog.id);
    await user.keyboard('{Escape}');
    expect(guide()).toBeNull();
    expect(guideEntry()).toHaveFocus();
    // The entry toggles it.
    await user.click(guideEntry());
    expect(guide()).toBeInTheDocument();
    await user.click(guideEntry());
    expect(guide()).toBeNull();
  });

  it('once closed, it stays closed on the next page load of the session, still opens from its entry', async () => {
    const user = userEvent.setup();
    const first = await loadPage();
    await user.keyboard('{Escape}');
    first.unmount();

    render(<Shell fresh />);
    // Give the opening effect its chance.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(guide()).toBeNull();
    await user.click(guideEntry());
    expect(guide()).toBeInTheDocument();
  });

  it('a logout forgets it was closed: the next sign-in sees it open by itself', async () => {
    const user = userEvent.setup();
    const first = await loadPage();
    await user.keyboard('{Escape}');
    first.unmount();
    clearSessionStorage();
    await loadPage();
  });
});
