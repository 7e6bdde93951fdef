import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MagentoNotifications } from '@shipdesk/contract';
import { mockFetch, renderWithStore, type RecordedRequest } from '@/lib/testing/render-with-store';
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
    counts: { recorded: 0, duplicate: 0, ignored: 0 },
    ...overrides,
  };
}

function renderDialog(answer: (request: RecordedRequest) => Response) {
  const requests = mockFetch(answer);
  renderWithStore(
    <MagentoNotificationsDialog
      store={store({ id: '5', name: 'Magento shop', sourceType: 'Magento' })}
      onClose={vi.fn()}
    />,
  );
  return { requests, user: userEvent.setup() };
}

describe('MagentoNotificationsDialog', { timeout: 20_000 }, () => {
  it('saves the pasted public key, then shows the URL to copy and the key set, and turns off', async () => {
    let current = view();
    const { requests, user } = renderDialog((request) => {
      if (request.method === 'PUT') {
        current = view({
          status: 'pending',
          endpoint: 'https://x/webhooks/magento/k',
          publicKeyFingerprint: 'ab'.repeat(32),
        });
      }
      if (request.method === 'DELETE') current = view();
      return ok(current);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Order notifications · Magento shop' });
    expect(await within(dialog).findByText('Orders arrive by the scheduled pull only.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save key' })).toBeDisabled();

    await user.click(within(dialog).getByRole('textbox', { name: 'Public key' }));
    await user.paste(PEM);
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect(await within(dialog).findByLabelText('Order notifications: Pending')).toBeInTheDocument();
    const put = requests.filter((r) => r.method === 'PUT' && r.url === PATH);
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toEqual({ publicKey: PEM });
    expect(within(dialog).getByText('https://x/webhooks/magento/k')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    expect(within(dialog).getByText(/SHA-256 abababab/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByLabelText('Order notifications: Off')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE' && r.url === PATH)).toHaveLength(1);
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
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
