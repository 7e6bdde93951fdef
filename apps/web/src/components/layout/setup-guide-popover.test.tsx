import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { Role } from '@shipdesk/contract';
import { clearSessionStorage } from '@/lib/session/clear-session';
import { SETUP_GUIDE_DIALOG_ID } from './menu-items';
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

/** The sidebar with its Setup Guide, and a page behind it with a button, a search field and a modal dialog. */
function Shell({
  fresh,
  steps = OPEN_STEPS,
  onPageClick,
  dialog = false,
  onDialogClose,
}: {
  fresh: boolean;
  steps?: Record<string, boolean>;
  onPageClick?: () => void;
  dialog?: boolean;
  onDialogClose?: () => void;
}) {
  return (
    <MemoryRouter>
      <Sidebar expanded roleId={Role.Admin} setupGuideSteps={steps} setupGuideFresh={fresh} />
      <main>
        <button type="button" onClick={onPageClick}>
          Next page
        </button>
        <input type="search" aria-label="Search orders" />
        <Dialog open={dialog} onClose={onDialogClose} aria-labelledby="page-dialog-title">
          <DialogTitle id="page-dialog-title">Approve order SO-1001?</DialogTitle>
        </Dialog>
      </main>
    </MemoryRouter>
  );
}

const guide = () => screen.queryByRole('dialog', { name: 'Setup Guide' });
/**
 * Where `element` is drawn among the page's layers: the z-index of the outermost stacking context holding it (a
 * positioned element with a z-index), 0 for the page itself.
 */
function pageLayer(element: HTMLElement): number {
  let layer = 0;
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    const { position, zIndex } = getComputedStyle(node);
    if (position !== 'static' && zIndex !== 'auto') layer = Number(zIndex);
  }
  return layer;
}
const guideEntry = () => screen.getByRole('button', { name: /^Setup Guide\b.* \d+% completed$/ });

/**
 * Loads the page: the guide opens by itself once the setup call has answered (fresh). The user has put the focus on
 * the page's Next page button meanwhile, unless `focused` is false (a new tab: nothing has the focus).
 */
async function loadPage(onPageClick?: () => void, { focused = true } = {}) {
  const view = render(<Shell fresh={false} onPageClick={onPageClick} />);
  if (focused) screen.getByRole('button', { name: 'Next page' }).focus();
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

  it('Escape in a new tab (nothing has the focus) closes the guide opened on load and focuses its entry', async () => {
    const user = userEvent.setup();
    await loadPage(undefined, { focused: false });
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(guide()).toBeNull();
    expect(guideEntry()).toHaveFocus();
  });

  it('a click into the search field closes the guide opened on load and leaves the focus in the field', async () => {
    const user = userEvent.setup();
    await loadPage(undefined, { focused: false });
    const search = screen.getByRole('searchbox', { name: 'Search orders' });
    await user.click(search);
    await waitFor(() => expect(guide()).toBeNull());
    expect(search).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(search).toHaveFocus();
  });

  it('opened from its entry, Escape leaves the focus where the user took it on the page', async () => {
    const user = userEvent.setup();
    render(<Shell fresh steps={{ connectStore: true }} />);
    await user.click(guideEntry());
    expect(screen.getByRole('dialog', { name: 'Setup Guide' })).toHaveFocus();
    // Tabbed on to the page, the guide still open.
    const search = screen.getByRole('searchbox', { name: 'Search orders' });
    act(() => search.focus());
    expect(guide()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(guide()).toBeNull();
    expect(search).toHaveFocus();
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

  it("is drawn below a modal dialog that opens over the page, and Escape there is the dialog's", async () => {
    const user = userEvent.setup();
    const onDialogClose = vi.fn();
    const view = await loadPage();
    // A dialog that opens without a click outside the guide (an action URL like /orders/approve/5, a shortcut key).
    view.rerender(<Shell fresh dialog onDialogClose={onDialogClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Approve order SO-1001?' });
    const paper = document.getElementById(SETUP_GUIDE_DIALOG_ID)!;
    // The guide stays in the drawer's layer (MUI's 1200), under the dialog's backdrop (the modal layer, 1300).
    expect(pageLayer(paper)).toBeGreaterThan(0);
    expect(pageLayer(paper)).toBeLessThan(pageLayer(dialog));
    await user.keyboard('{Escape}');
    expect(onDialogClose).toHaveBeenCalledTimes(1);
    expect(document.getElementById(SETUP_GUIDE_DIALOG_ID)).toBeInTheDocument();
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
