import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { SHIPPING_APP_ID, type SubscribedApp } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { appTheme } from '@/lib/theme/theme';
import { Header } from './header';

const APPS: SubscribedApp[] = [
  { id: SHIPPING_APP_ID, name: 'Shipping', app_logo: '/shipping.png', ui_url: 'https://ship.example.com' },
  { id: 'rule_engine', name: 'Rule Engine', app_logo: '/rules.png', ui_url: 'https://rules.example.com' },
];

function renderHeader({ apps = APPS, onLogout = vi.fn() }: { apps?: SubscribedApp[]; onLogout?: () => void } = {}) {
  renderWithStore(
    <ThemeProvider theme={appTheme()} defaultMode="light">
      <Header
        menuExpanded
        onToggleMenu={vi.fn()}
        userName="Olive Owner"
        email="olive@example.com"
        profileUrl="https://accounts.example.com/profile"
        apps={apps}
        onLogout={onLogout}
      />
    </ThemeProvider>,
  );
  return { onLogout };
}

/** Puts the keyboard's focus on a button, as Tab would. */
async function focus(name: string | RegExp) {
  const button = await screen.findByRole('button', { name });
  act(() => button.focus());
  return button;
}

describe('Header', () => {
  it('draws none of its menus before one is opened', async () => {
    renderHeader();
    expect(await screen.findByRole('button', { name: 'Olive Owner, account menu' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );
    expect(screen.getByRole('button', { name: 'Your apps' })).not.toHaveAttribute('aria-expanded');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens the colour-mode menu with Enter once its code is there, moves the focus into it and back', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = await focus('Colour mode: light');
    await user.keyboard('{Enter}');

    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', 'color-mode-menu');
    expect(document.getElementById('color-mode-menu')).toContainElement(menu);
    // The chosen mode's item takes the focus, as MUI's menus do.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: /Light/ })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: /Dark/ })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Colour mode: dark' })).toBe(button);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('aria-expanded');
  });

  it('opens the user menu with Space and logs out after the confirmation', async () => {
    const user = userEvent.setup();
    const { onLogout } = renderHeader();
    const button = await focus('Olive Owner, account menu');
    await user.keyboard(' ');

    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText('olive@example.com')).toBeInTheDocument();
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toHaveFocus());
    expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toHaveAttribute(
      'href',
      'https://accounts.example.com/profile',
    );
    await user.keyboard('{ArrowDown}{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Please Confirm' });
    expect(dialog).toHaveTextContent('Are you sure you want to log out?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists the other subscribed apps, not this one, and closes with Escape back on its button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = await focus('Your apps');
    await user.keyboard('{Enter}');

    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Rule Engine');
    expect(items[0]).toHaveAttribute('href', 'https://rules.example.com');
    expect(items[0]).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(items[0]).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('has no apps button when the user has no subscribed apps', async () => {
    renderHeader({ apps: [] });
    await screen.findByRole('button', { name: 'Olive Owner, account menu' });
    expect(screen.queryByRole('button', { name: 'Your apps' })).not.toBeInTheDocument();
  });

  it("shows the menu button's tooltip on hover once its code is there", async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = await screen.findByRole('button', { name: 'Collapse menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Collapse menu');
  });
});
