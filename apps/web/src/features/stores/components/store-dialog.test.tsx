import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '@shipdesk/contract';
import { mockFetch, renderWithStore, type RecordedRequest } from '@/lib/testing/render-with-store';
import { fail, ok, store } from '../testing';
import { StoreDialog } from './store-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog(answer: (request: RecordedRequest) => Response, editing?: Store) {
  const requests = mockFetch(answer);
  const onClose = vi.fn();
  renderWithStore(<StoreDialog store={editing} onClose={onClose} />);
  return { requests, onClose, user: userEvent.setup() };
}

const sent = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url);

async function chooseShopify(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /Channel/ }));
  await user.click(await screen.findByRole('option', { name: 'Shopify' }));
}

describe('StoreDialog', { timeout: 20_000 }, () => {
  it('shows the Shopify fields (secrets hidden, advanced ones collapsed) and sends the store', async () => {
    const { requests, onClose, user } = renderDialog(() => ok(store({ id: '3', name: 'Berlin shop' }), 201));
    const dialog = screen.getByRole('dialog', { name: 'Add store' });
    expect(within(dialog).queryByLabelText(/Shop domain/)).not.toBeInTheDocument();
    await chooseShopify(user);

    const domain = within(dialog).getByRole('textbox', { name: 'Shop domain' });
    expect(domain).toBeRequired();
    expect(domain).toHaveAttribute('placeholder', 'my-shop.myshopify.com');
    const token = within(dialog).getByLabelText(/^Admin API access token/);
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toBeRequired();
    expect(within(dialog).getByText('Verifies webhooks and refreshes expiring tokens.')).toBeInTheDocument();
    const advanced = within(dialog).getByRole('button', { name: 'Advanced' });
    expect(advanced).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('textbox', { name: 'API version' })).not.toBeInTheDocument();
    await user.click(advanced);
    expect(within(dialog).getByRole('textbox', { name: 'API version' })).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'API base URL' })).toBeVisible();
    // Nothing about webhooks before the store exists.
    expect(within(dialog).queryByLabelText('Webhook URL')).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Berlin shop');
    await user.type(domain, 'berlin.myshopify.com');
    await user.type(token, 'shpat_secret');
    await user.click(within(dialog).getByRole('button', { name: 'Show Admin API access token' }));
    expect(token).toHaveAttribute('type', 'text');
    await user.type(within(dialog).getByRole('textbox', { name: 'Customer order code' }), 'BER');
    await user.click(within(dialog).getByRole('combobox', { name: 'Scheduled pull' }));
    await user.click(await screen.findByRole('option', { name: 'Every hour' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add store' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, 'POST', '/api/v1/stores').map((r) => r.body)).toEqual([
      {
        name: 'Berlin shop',
        sourceType: 'Shopify',
        settings: { shopDomain: 'berlin.myshopify.com' },
        credentials: { accessToken: 'shpat_secret' },
        customerOrderCode: 'BER',
        syncIntervalMinutes: 60,
      },
    ]);
  });

  it('checks required fields before sending anything', async () => {
    const { requests, user } = renderDialog(() => fail(500, 'unexpected'));
    await chooseShopify(user);
    await user.click(screen.getByRole('button', { name: 'Add store' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Shop domain is required')).toBeInTheDocument();
    expect(screen.getByText('Admin API access token is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('puts the errors of a 400 under the fields they name', async () => {
    const { user } = renderDialog(() =>
      fail(400, 'Invalid store', {
        errors: { 'credentials.accessToken': 'Shopify does not accept this token', 'settings.apiBaseUrl': 'bad URL' },
      }),
    );
    await chooseShopify(user);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Shop');
    await user.type(screen.getByRole('textbox', { name: 'Shop domain' }), 'shop.myshopify.com');
    const token = screen.getByLabelText(/^Admin API access token/);
    await user.type(token, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Add store' }));
    expect(await screen.findByText('Shopify does not accept this token')).toBeInTheDocument();
    expect(token).toHaveAttribute('aria-invalid', 'true');
    expect(token).toHaveAccessibleDescription('Shopify does not accept this token');
    // An error on an advanced field opens that section.
    expect(screen.getByRole('button', { name: 'Advanced' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'API base URL' })).toHaveAccessibleDescription('bad URL');
  });

  it("tests the connection with the form's values and shows what the platform answered", async () => {
    const answers = [
      ok({
        ok: false,
        message: 'Shopify refused the access token',
        platformAnswer: '401 [API] Invalid API key or access token (unrecognized login or wrong password)',
        accountName: null,
      }),
      ok({ ok: true, message: 'Connected to Berlin Books', platformAnswer: null, accountName: 'Berlin Books' }),
    ];
    const { requests, user } = renderDialog(() => answers.shift()!);
    await chooseShopify(user);
    await user.type(screen.getByRole('textbox', { name: 'Shop domain' }), 'berlin.myshopify.com');
    await user.type(screen.getByLabelText(/^Admin API access token/), 'shpat_x');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const refusal = await screen.findByText('Shopify refused the access token');
    expect(refusal.closest('[role="status"]')).toHaveTextContent(
      'The platform answered: 401 [API] Invalid API key or access token (unrecognized login or wrong password)',
    );
    expect(sent(requests, 'POST', '/call/store/testConnection')[0]!.body).toEqual({
      sourceType: 'Shopify',
      settings: { shopDomain: 'berlin.myshopify.com' },
      credentials: { accessToken: 'shpat_x' },
    });
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected to Berlin Books')).toBeInTheDocument();
    expect(screen.queryByText('Shopify refused the access token')).not.toBeInTheDocument();
  });

  it('edits a store: masked secrets as placeholders, only typed secrets sent, webhook URL to copy', async () => {
    const editing = store({ credentials: { accessToken: '••••1234', clientSecret: '••••9876' } });
    const { requests, onClose, user } = renderDialog((request) => {
      if (request.url === '/call/store/testConnection') {
        return ok({ ok: true, message: 'Connected to Main', platformAnswer: null, accountName: 'Main' });
      }
      return ok(editing);
    }, editing);
    const dialog = screen.getByRole('dialog', { name: 'Edit Main Shopify' });
    expect(within(dialog).queryByRole('combobox', { name: /Channel/ })).not.toBeInTheDocument();
    const token = within(dialog).getByLabelText(/^Admin API access token/);
    expect(token).toHaveValue('');
    expect(token).toHaveAttribute('placeholder', '••••1234');
    expect(token).not.toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: 'Shop domain' })).toHaveValue('main.myshopify.com');
    const webhook = within(dialog).getByRole('textbox', { name: 'Webhook URL' });
    expect(webhook).toHaveValue('https://app.example.com/webhooks/shopify/key1');
    expect(webhook).toHaveAttribute('readonly');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copy webhook URL' }));
    expect(writeText).toHaveBeenCalledWith('https://app.example.com/webhooks/shopify/key1');

    // A test of the saved store sends its id and no secrets when none were typed.
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText('Connected to Main')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/call/store/testConnection')[0]!.body).toEqual({
      storeId: '1',
      settings: { shopDomain: 'main.myshopify.com' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent(requests, 'PUT', '/api/v1/stores/1')[0]!.body).toEqual({
      name: 'Main Shopify',
      settings: { shopDomain: 'main.myshopify.com' },
      customerOrderCode: 'SHP',
      syncIntervalMinutes: 60,
    });
  });

  it('sends only the secret that was changed, and the pause when toggled', async () => {
    const editing = store({ credentials: { accessToken: '••••1234', clientSecret: '••••9876' } });
    const { requests, onClose, user } = renderDialog(() => ok(editing), editing);
    await user.type(screen.getByLabelText(/^App client secret/), 'new-secret');
    const pause = screen.getByRole('switch', { name: /Paused/ });
    expect(pause).not.toBeChecked();
    await user.click(pause);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(requests, 'PUT', '/api/v1/stores/1')[0]!.body).toMatchObject({
      status: 'paused',
      credentials: { clientSecret: 'new-secret' },
    });
  });
});
