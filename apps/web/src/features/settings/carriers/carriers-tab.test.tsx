import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type CarrierAccount } from '@shipdesk/contract';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import { carrierAccount, ok, refused, renderSettingsAt, sent } from '../testing';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

const UPS = carrierAccount();
const FEDEX = carrierAccount({
  id: '8',
  carrier: 'fedex',
  name: 'FedEx returns',
  settings: { clientId: 'fx', accountNumber: '123456789' },
  status: 'failed',
  lastError: 'FedEx refused the credentials: 401 NOT.AUTHORIZED.ERROR The given client credentials were not valid',
  verifiedAt: null,
  isDefault: true,
});
const UPS_ANSWER = '401 {"response":{"errors":[{"code":"250003","message":"Invalid Access License number"}]}}';

type Reply = (request: RecordedRequest) => Response;
let requests: RecordedRequest[];
let accounts: CarrierAccount[];
let testReply: Reply;
let createReply: Reply;

beforeEach(() => {
  accounts = [UPS, FEDEX];
  testReply = () => ok({ ok: true, message: 'Connected to UPS as A1B2C3', carrierAnswer: null });
  createReply = (request) => ok({ ...UPS, id: '9', ...(request.body as object), status: 'not_verified' }, 201);
  requests = mockFetch((request) => {
    const { method, url } = request;
    if (method === 'GET' && url === '/api/v1/carrierAccounts') return ok({ rows: accounts });
    if (method === 'POST' && url === '/api/v1/carrierAccounts') return createReply(request);
    if (method === 'PUT' && url.startsWith('/api/v1/carrierAccounts/'))
      return ok({ ...UPS, ...(request.body as object) });
    if (method === 'POST' && url === '/call/carriers/testConnection') return testReply(request);
    if (method === 'GET' && url === '/call/setupGuide') return ok({});
    return refused(404, 'Not Found');
  });
  toastError.mockClear();
  toastSuccess.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

const table = () => screen.findByRole('table', { name: 'Carrier accounts' });
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('Settings > Carriers', { timeout: 20_000 }, () => {
  it('lists the built-in carrier and the accounts with their verdicts', async () => {
    renderSettingsAt('/settings/carriers');
    await table();
    expect(await screen.findByRole('cell', { name: 'UPS main' })).toBeInTheDocument();
    const local = rowOf('Shipdesk Local');
    expect(within(local).getByText('Always available')).toBeInTheDocument();
    expect(within(rowOf('UPS main')).getByLabelText('Status of UPS main: Verified')).toBeInTheDocument();
    expect(within(rowOf('UPS main')).getByText('Default')).toBeInTheDocument();
    const fedex = rowOf('FedEx returns');
    expect(within(fedex).getByLabelText('Status of FedEx returns: Failed')).toBeInTheDocument();
    expect(within(fedex).getByText(FEDEX.lastError!)).toBeInTheDocument();
  });

  it("connects a carrier: the test shows the carrier's own refusal, then the account is saved", async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/carriers');
    await table();
    await user.click(screen.getByRole('button', { name: 'Connect a carrier' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect a carrier' });
    await user.click(within(dialog).getByRole('combobox', { name: /Carrier/ }));
    await user.click(await screen.findByRole('option', { name: 'UPS' }));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('UPS');
    // A second UPS account is not the default unless asked.
    expect(within(dialog).getByRole('checkbox', { name: /Default UPS account/ })).not.toBeChecked();
    const secret = within(dialog).getByLabelText(/^Client secret/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(within(dialog).queryByRole('textbox', { name: 'API base URL' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(within(dialog).getByRole('textbox', { name: /^Client id/ })).toHaveAccessibleDescription(
      'Client id is required',
    );
    expect(sent(requests, 'POST', '/call/carriers/testConnection')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'UPS east');
    await user.type(within(dialog).getByRole('textbox', { name: /^Client id/ }), 'east-client');
    await user.type(secret, 'wrong-secret');
    await user.type(within(dialog).getByRole('textbox', { name: /^Shipper number/ }), 'E4S7X1');
    testReply = () => ok({ ok: false, message: 'UPS refused the credentials', carrierAnswer: UPS_ANSWER });
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const answer = await within(dialog).findByRole('status');
    expect(answer).toHaveTextContent('UPS refused the credentials');
    expect(answer).toHaveTextContent(`UPS answered: ${UPS_ANSWER}`);
    expect(sent(requests, 'POST', '/call/carriers/testConnection')[0]!.body).toEqual({
      carrier: 'ups',
      settings: { clientId: 'east-client', accountNumber: 'E4S7X1' },
      credentials: { clientSecret: 'wrong-secret' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', '/api/v1/carrierAccounts')[0]!.body).toEqual({
      carrier: 'ups',
      name: 'UPS east',
      settings: { clientId: 'east-client', accountNumber: 'E4S7X1' },
      credentials: { clientSecret: 'wrong-secret' },
      isDefault: false,
    });
    expect(toastSuccess).toHaveBeenCalledWith('UPS east connected. Test it to ship with it.');
    await waitFor(() => expect(sent(requests, 'GET', '/api/v1/carrierAccounts')).toHaveLength(2));
  });

  it("puts the server's field errors on their fields, opening Advanced for the API address", async () => {
    const user = userEvent.setup();
    createReply = () =>
      refused(400, 'Invalid input', { 'settings.apiBaseUrl': 'settings.apiBaseUrl must be a public address' });
    renderSettingsAt('/settings/carriers');
    await table();
    await user.click(screen.getByRole('button', { name: 'Connect a carrier' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect a carrier' });
    await user.click(within(dialog).getByRole('combobox', { name: /Carrier/ }));
    await user.click(await screen.findByRole('option', { name: 'Shippo' }));
    await user.type(within(dialog).getByLabelText(/^API token/), 'shippo_test_123');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    const url = await within(dialog).findByRole('textbox', { name: 'API base URL' });
    expect(url).toHaveAccessibleDescription('settings.apiBaseUrl must be a public address');
    expect(within(dialog).getByRole('button', { name: 'Advanced' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('tests a saved account by its id and shows what the carrier said', async () => {
    const user = userEvent.setup();
    testReply = () => ok({ ok: false, message: 'UPS refused the credentials', carrierAnswer: UPS_ANSWER });
    renderSettingsAt('/settings/carriers');
    await screen.findByRole('cell', { name: 'UPS main' });
    await user.click(screen.getByRole('button', { name: 'Test the connection of UPS main' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(`UPS refused the credentials: ${UPS_ANSWER}`));
    expect(sent(requests, 'POST', '/call/carriers/testConnection')[0]!.body).toEqual({ accountId: '7' });
    // The verdict is kept by the server: the list is asked again.
    await waitFor(() => expect(sent(requests, 'GET', '/api/v1/carrierAccounts')).toHaveLength(2));
  });

  it('edits an account without sending the stored secret, and tests it by id while its connection is unchanged', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/carriers');
    await screen.findByRole('cell', { name: 'UPS main' });
    await user.click(screen.getByRole('button', { name: 'Edit UPS main' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit UPS main' });
    const secret = within(dialog).getByLabelText(/^Client secret/);
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', '••••9f3a');
    expect(secret).not.toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Connected to UPS as A1B2C3');
    expect(sent(requests, 'POST', '/call/carriers/testConnection')[0]!.body).toEqual({ accountId: '7' });

    // Changed settings are tested as typed, which needs the secret again.
    const shipper = within(dialog).getByRole('textbox', { name: /^Shipper number/ });
    await user.clear(shipper);
    await user.type(shipper, 'Z9Z9Z9');
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(secret).toHaveAccessibleDescription('Type the client secret again to test the changed settings');
    expect(sent(requests, 'POST', '/call/carriers/testConnection')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'PUT', '/api/v1/carrierAccounts/7')[0]!.body).toEqual({
      name: 'UPS main',
      isDefault: true,
      settings: { clientId: 'ups-client', accountNumber: 'Z9Z9Z9' },
    });
  });

  it('shows a Manager the accounts read-only', async () => {
    renderSettingsAt('/settings/carriers', Role.Manager);
    await screen.findByRole('cell', { name: 'UPS main' });
    expect(screen.getByText('Only administrators can change these settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect a carrier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Test the connection/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });
});
