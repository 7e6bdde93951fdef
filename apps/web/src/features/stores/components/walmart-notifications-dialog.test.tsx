import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalmartNotifications } from '@shipdesk/contract';
import type { RecordedRequest } from '@/lib/testing/render-with-store';
import { expectTurnsOff, NO_COUNTS, renderPushDialog, requestsTo, switchingApi } from '../push-dialog-testing';
import { fail, ok, store } from '../testing';
import { WalmartNotificationsDialog } from './walmart-notifications-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/call/store/9/walmartNotifications';

function view(overrides: Partial<WalmartNotifications> = {}): WalmartNotifications {
  return {
    status: 'off',
    error: null,
    endpoint: null,
    events: ['PO_CREATED', 'PO_LINE_AUTOCANCELLED'],
    signature: { scheme: 'canonical', header: 'WM_SEC.SIGNATURE', timestampHeader: 'WM_SEC.TIMESTAMP' },
    lastHeardAt: null,
    counts: NO_COUNTS,
    ...overrides,
  };
}

function renderDialog(answer: (request: RecordedRequest) => Response) {
  return renderPushDialog(
    <WalmartNotificationsDialog
      store={store({ id: '9', name: 'Walmart US', sourceType: 'Walmart' })}
      onClose={vi.fn()}
    />,
    answer,
  );
}

describe('WalmartNotificationsDialog', { timeout: 20_000 }, () => {
  it('turns notifications on with the signature chosen, says they are pending, and turns them off', async () => {
    const { requests, user } = renderDialog(
      switchingApi(view(), view({ status: 'pending', endpoint: 'https://x/webhooks/walmart/k' })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order notifications · Walmart US' });
    expect(await within(dialog).findByText('Orders arrive by the scheduled pull only.')).toBeInTheDocument();
    expect(within(dialog).getByText('PO_CREATED, PO_LINE_AUTOCANCELLED')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Walmart signs' }));
    await user.click(await screen.findByRole('option', { name: /The body alone/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByLabelText('Order notifications: Pending')).toBeInTheDocument();
    const put = requestsTo(requests, 'PUT', PATH);
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toEqual({ scheme: 'body', header: 'WM_SEC.SIGNATURE' });
    expect(within(dialog).getByText('https://x/webhooks/walmart/k')).toBeInTheDocument();

    await expectTurnsOff(dialog, user, requests, PATH);
  });

  it('shows a refused header name on its field', async () => {
    const { user } = renderDialog((request) =>
      request.method === 'PUT'
        ? fail(400, 'Validation failed', { errors: { header: 'must be an HTTP header name' } })
        : ok(view()),
    );
    const header = await screen.findByRole('textbox', { name: 'Signature header' });
    await user.clear(header);
    await user.type(header, 'bad header');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('must be an HTTP header name')).toBeInTheDocument();
  });

  it('shows a live store with its counts and no Turn on', async () => {
    renderDialog(() =>
      ok(
        view({
          status: 'active',
          lastHeardAt: '2026-12-03T10:00:00Z',
          counts: { recorded: 4, duplicate: 2, ignored: 0 },
        }),
      ),
    );
    expect(await screen.findByLabelText('Order notifications: Live')).toBeInTheDocument();
    expect(screen.getByText(/4 taken in, 2 repeats, 0 without a change/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });

  it("shows a failure in Walmart's words and offers to try again", async () => {
    renderDialog(() =>
      ok(view({ status: 'failed', error: 'Walmart refused the request (HTTP 403): no ORDER access' })),
    );
    expect(await screen.findByText('Walmart refused the request (HTTP 403): no ORDER access')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
