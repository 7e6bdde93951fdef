import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EbayNotifications } from '@shipdesk/contract';
import type { RecordedRequest } from '@/lib/testing/render-with-store';
import {
  expectRetryOffered,
  expectTurnsOff,
  NO_COUNTS,
  renderPushDialog,
  requestsTo,
  switchingApi,
} from '../push-dialog-testing';
import { fail, ok, store } from '../testing';
import { EbayNotificationsDialog } from './ebay-notifications-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/call/store/7/ebayNotifications';
const TOPICS = ['ORDER_CONFIRMATION', 'ITEM_MARKED_SHIPPED', 'ORDER_CANCELLATION'];

function view(overrides: Partial<EbayNotifications> = {}): EbayNotifications {
  return {
    status: 'off',
    error: null,
    endpoint: null,
    topics: TOPICS,
    lastHeardAt: null,
    counts: NO_COUNTS,
    ...overrides,
  };
}

function renderDialog(answer: (request: RecordedRequest) => Response) {
  return renderPushDialog(
    <EbayNotificationsDialog store={store({ id: '7', name: 'eBay outlet', sourceType: 'Ebay' })} onClose={vi.fn()} />,
    answer,
  );
}

describe('EbayNotificationsDialog', { timeout: 20_000 }, () => {
  it('turns notifications on, says they are pending, and turns them off again', async () => {
    const { requests, user } = renderDialog(
      switchingApi(view(), view({ status: 'pending', endpoint: 'https://x/webhooks/ebay/k' })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order notifications · eBay outlet' });
    expect(await within(dialog).findByText('Orders arrive by the scheduled pull only.')).toBeInTheDocument();
    expect(within(dialog).getByText(TOPICS.join(', '))).toBeInTheDocument();
    expect(within(dialog).getByText('Not yet')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByLabelText('Order notifications: Pending')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', PATH)).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();

    await expectTurnsOff(dialog, user, requests, PATH);
  });

  it('shows a live store with when it was last heard and what it took in', async () => {
    renderDialog(() =>
      ok(
        view({
          status: 'active',
          lastHeardAt: '2026-12-03T10:00:00Z',
          counts: { recorded: 12, duplicate: 3, ignored: 1 },
        }),
      ),
    );
    expect(await screen.findByLabelText('Order notifications: Live')).toBeInTheDocument();
    expect(screen.getByText(/12 taken in, 3 repeats, 1 without a change/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeEnabled();
  });

  it("shows a failure in eBay's words and offers to try again", async () => {
    const error =
      "eBay refused the credentials (HTTP 400). The seller's eBay consent must include notification subscriptions";
    renderDialog(() => ok(view({ status: 'failed', error })));
    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByLabelText('Order notifications: Failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('offers Retry when the state cannot be read', async () => {
    renderDialog(() => fail(500, 'Internal server error'));
    await expectRetryOffered();
  });
});
