import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithStore } from '@/lib/testing/render-with-store';
import { ok, store } from '../testing';
import { StoreNotificationsButton } from './store-notifications-button';

afterEach(() => {
  vi.unstubAllGlobals();
});

const counts = { recorded: 0, duplicate: 0, ignored: 0 };

describe('StoreNotificationsButton', { timeout: 20_000 }, () => {
  it('is not offered for a channel set up in its platform (Shopify webhooks)', () => {
    renderWithStore(<StoreNotificationsButton store={store({ name: 'Main Shopify' })} readOnly={false} />);
    expect(screen.queryByRole('button', { name: /order notifications/i })).toBeNull();
  });

  it("says the push state on the bell and opens the channel's own dialog", async () => {
    mockFetch(() =>
      ok({
        status: 'active',
        error: null,
        endpoint: 'https://x/webhooks/ebay/k',
        topics: [],
        lastHeardAt: null,
        counts,
      }),
    );
    const ebay = store({
      id: '7',
      name: 'eBay outlet',
      sourceType: 'Ebay',
      push: { status: 'active', error: null, counts },
    });
    renderWithStore(<StoreNotificationsButton store={ebay} readOnly={false} />);
    const user = userEvent.setup();
    const bell = screen.getByRole('button', { name: 'Order notifications of eBay outlet' });
    await user.hover(bell);
    expect(await screen.findByRole('tooltip', { name: 'Order notifications: live' })).toBeInTheDocument();
    await user.click(bell);
    expect(await screen.findByRole('dialog', { name: 'Order notifications · eBay outlet' })).toBeInTheDocument();
  });

  it('shows a Manager the state without the buttons that change it', async () => {
    mockFetch(() =>
      ok({ status: 'off', error: null, endpoint: null, topics: ['ORDER_CONFIRMATION'], lastHeardAt: null, counts }),
    );
    const ebay = store({ id: '7', name: 'eBay outlet', sourceType: 'Ebay' });
    renderWithStore(<StoreNotificationsButton store={ebay} readOnly />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Order notifications of eBay outlet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order notifications · eBay outlet' });
    expect(
      await within(dialog).findByText('Only administrators can turn order notifications on or off.'),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });
});
