import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MagentoNotifications } from '@shipdesk/contract';
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
import { MagentoNotificationsDialog } from './magento-notifications-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/call/store/5/magentoNotifications';
const PEM =
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtglXYVz5pVn3HDluGG5T\n-----END PUBLIC KEY-----';

function view(overrides: Partial<MagentoNotifications> = {}): MagentoNotifications {
  return {
    status: 'off',
    error: null,
    endpoint: null,
    webhookMethod: 'observer.sales_order_save_after',
    publicKeyFingerprint: null,
    lastHeardAt: null,
    counts: NO_COUNTS,
    ...overrides,
  };
}

function renderDialog(answer: (request: RecordedRequest) => Response) {
  return renderPushDialog(
    <MagentoNotificationsDialog
      store={store({ id: '5', name: 'Magento shop', sourceType: 'Magento' })}
      onClose={vi.fn()}
    />,
    answer,
  );
}

describe('MagentoNotificationsDialog', { timeout: 20_000 }, () => {
  it('saves the pasted public key, then shows the URL to copy and the key set, and turns off', async () => {
    const { requests, user } = renderDialog(
      switchingApi(
        view(),
        view({ status: 'pending', endpoint: 'https://x/webhooks/magento/k', publicKeyFingerprint: 'ab'.repeat(32) }),
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order notifications · Magento shop' });
    expect(await within(dialog).findByText('Orders arrive by the scheduled pull only.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save key' })).toBeDisabled();

    await user.click(within(dialog).getByRole('textbox', { name: 'Public key' }));
    await user.paste(PEM);
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect(await within(dialog).findByLabelText('Order notifications: Pending')).toBeInTheDocument();
    const put = requestsTo(requests, 'PUT', PATH);
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toEqual({ publicKey: PEM });
    expect(within(dialog).getByText('https://x/webhooks/magento/k')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    expect(within(dialog).getByText(/SHA-256 abababab/)).toBeInTheDocument();

    await expectTurnsOff(dialog, user, requests, PATH);
  });

  it('shows a refused key on the public key field', async () => {
    const { user } = renderDialog((request) =>
      request.method === 'PUT'
        ? fail(400, 'Validation failed', { errors: { publicKey: 'is not a PEM public key' } })
        : ok(view()),
    );
    await user.click(await screen.findByRole('textbox', { name: 'Public key' }));
    await user.paste('not a key');
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('Public key is not a PEM public key')).toBeInTheDocument();
  });

  it('shows a live store with its counts', async () => {
    renderDialog(() =>
      ok(
        view({
          status: 'active',
          endpoint: 'https://x/webhooks/magento/k',
          counts: { recorded: 7, duplicate: 1, ignored: 2 },
        }),
      ),
    );
    expect(await screen.findByLabelText('Order notifications: Live')).toBeInTheDocument();
    expect(screen.getByText(/7 taken in, 1 repeats, 2 without a change/)).toBeInTheDocument();
  });

  it('offers Retry when the state cannot be read', async () => {
    renderDialog(() => fail(500, 'Internal server error'));
    await expectRetryOffered();
  });
});
