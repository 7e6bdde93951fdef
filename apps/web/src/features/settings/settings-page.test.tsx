import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { initialUserData } from '@/lib/state/user-data-slice';
import { mockFetch, renderRoutes, type RecordedRequest } from '@/lib/testing/render-with-store';
import { SettingsPage } from './settings-page';
import { configEntriesFrom } from './api/configs-api';
import { carrierAccount } from './testing';
import { countryName, warehouseOptions, type WarehouseForm } from './tabs/warehouse-address-fields';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

// Stands in for the shell's setup-guide query, to see that a save invalidates the 'SetupGuide' tag.
const setupGuideProbe = api.injectEndpoints({
  endpoints: (build) => ({
    settingsTestSetupGuide: build.query<unknown, void>({
      query: () => 'call/setupGuide',
      providesTags: ['SetupGuide'],
    }),
  }),
});
function SetupGuideProbe() {
  setupGuideProbe.useSettingsTestSetupGuideQuery();
  return null;
}

const CONFIGS = [
  {
    key: 'currency_info',
    value: null,
    options: { currencyCode: 'EUR', locale: 'de-DE' },
    updated_at: '2025-01-01T00:00:00Z',
  },
  {
    key: 'ship_label_app_info',
    value: null,
    options: '{"labelType":"zpl","hashKey":"abc"}',
    updated_at: '2025-01-01T00:00:00Z',
  },
];

const ACCOUNTS = [
  { ...carrierAccount(), id: '7', name: 'UPS main' },
  { ...carrierAccount(), id: '8', carrier: 'usps', name: 'USPS EPS', status: 'not_verified', isDefault: true },
];

let requests: RecordedRequest[];
let saveReply: () => Response;

beforeEach(() => {
  saveReply = () => Response.json({ code: 200, success: true, data: {} });
  requests = mockFetch(({ method, url }) => {
    if (method === 'GET' && url === '/api/v1/configs')
      return Response.json({ code: 200, success: true, data: CONFIGS });
    if (method === 'GET' && url === '/call/setupGuide') return Response.json({ code: 200, success: true, data: {} });
    if (method === 'POST' && url === '/call/configs/createOrUpdate') return saveReply();
    if (method === 'GET' && url === '/api/v1/carrierAccounts') {
      return Response.json({ code: 200, success: true, data: { rows: ACCOUNTS } });
    }
    if (method === 'GET' && url === '/api/v1/orderBoxSizes')
      return Response.json({ code: 200, success: true, data: [] });
    if (method === 'GET' && url === '/call/apiKey')
      return Response.json({
        code: 200,
        success: true,
        data: { exists: true, last4: 'Wxyz', createdAt: '2025-03-01T12:00:00Z', lastUsedAt: null },
      });
    return Response.json({ code: 404, success: false, message: 'Not Found' }, { status: 404 });
  });
  toastError.mockClear();
  toastSuccess.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

function renderSettings(url: string, preloadedState?: Parameters<typeof renderRoutes>[2], usersTab?: ReactNode) {
  return renderRoutes(
    [
      {
        path: '/settings/:tab?',
        element: (
          <>
            <SetupGuideProbe />
            <SettingsPage usersTab={usersTab} />
          </>
        ),
      },
    ],
    url,
    preloadedState,
  );
}

const gets = (url: string) => requests.filter((r) => r.method === 'GET' && r.url === url).length;

describe('SettingsPage tab routing', () => {
  it.each(['/settings', '/settings/bogus'])('redirects %s to /settings/general', async (url) => {
    const { router } = renderSettings(url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/general'));
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects the tab named by the URL and navigates when another is clicked', async () => {
    const user = userEvent.setup();
    const { router } = renderSettings('/settings/labels');
    expect(screen.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'settings-tab-labels');
    await user.click(screen.getByRole('tab', { name: 'Warehouse' }));
    expect(router.state.location.pathname).toBe('/settings/warehouse');
    expect(screen.getByRole('tab', { name: 'Warehouse' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(screen.getByRole('heading', { name: 'Users are managed in the account service' })).toBeInTheDocument();
  });

  it.each([
    ['/settings/integrations', 'Integrations', 'API key'],
    ['/settings/warehouse', 'Warehouse', 'Warehouse address'],
  ])('opens %s directly', async (url, tab, heading) => {
    renderSettings(url);
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('renders the Users content that the app passes in', () => {
    renderSettings('/settings/users', undefined, <p>Users from the SSO</p>);
    expect(screen.getByText('Users from the SSO')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users are managed in the account service' })).toBeNull();
  });
});

describe('Settings forms', () => {
  it('shows the stored currency and saves it, refreshing configs and the setup guide', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/general');
    const currency = await screen.findByRole('combobox', { name: /currency/i });
    expect(currency).toHaveValue('EUR — Euro');
    const locale = screen.getByRole('textbox', { name: /locale/i });
    expect(locale).toHaveValue('de-DE');
    expect(screen.getByText(/Example: 1\.234,56/)).toBeInTheDocument();

    await user.clear(locale);
    await user.type(locale, 'en-US');
    await waitFor(() => expect(gets('/call/setupGuide')).toBe(1));
    await user.click(within(screen.getByRole('form', { name: 'Currency' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Currency saved.'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      key: 'currency_info',
      options: { currencyCode: 'EUR', locale: 'en-US' },
    });
    await waitFor(() => expect(gets('/api/v1/configs')).toBe(2));
    await waitFor(() => expect(gets('/call/setupGuide')).toBe(2));
  });

  it('rejects an unknown locale without calling the server', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/general');
    const locale = await screen.findByRole('textbox', { name: /locale/i });
    await user.clear(locale);
    await user.type(locale, 'EN_us');
    await user.click(within(screen.getByRole('form', { name: 'Currency' })).getByRole('button', { name: 'Save' }));
    expect(locale).toHaveAccessibleDescription('Use a language tag such as en or en-US');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('saves the label type, size and default account, keeping the stored hash key', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/labels');
    const zpl = await screen.findByRole('radio', { name: /^zpl/i });
    expect(zpl).toBeChecked();
    expect(screen.getByRole('radio', { name: /^4 × 6 in/ })).toBeChecked();
    // Letter sheets are for PDF labels only.
    const letter = screen.getByRole('radio', { name: /^Letter/ });
    expect(letter).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /^pdf/i }));
    expect(letter).toBeEnabled();
    await user.click(letter);
    const account = screen.getByRole('combobox', { name: /Account/ });
    await waitFor(() => expect(account).not.toHaveAttribute('aria-disabled'));
    await user.click(account);
    expect(await screen.findByRole('option', { name: 'USPS · USPS EPS (not verified)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'UPS · UPS main' }));
    await waitFor(() => expect(gets('/call/setupGuide')).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Label settings saved.'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      key: 'ship_label_app_info',
      options: { labelType: 'pdf', labelSize: 'letter', defaultCarrierAccountId: '7', hashKey: 'abc' },
    });
    // The setup guide's 'Choose the label type' step follows at once.
    await waitFor(() => expect(gets('/call/setupGuide')).toBe(2));
  });

  it('moves a letter size back to 4x6 when ZPL is chosen', async () => {
    const user = userEvent.setup();
    requests = mockFetch(({ url }) =>
      url === '/api/v1/configs'
        ? Response.json({
            code: 200,
            success: true,
            data: [{ ...CONFIGS[1], options: { labelType: 'pdf', labelSize: 'letter', defaultCarrierAccountId: '8' } }],
          })
        : url === '/api/v1/carrierAccounts'
          ? Response.json({ code: 200, success: true, data: { rows: ACCOUNTS } })
          : Response.json({ code: 200, success: true, data: [] }),
    );
    renderSettings('/settings/labels');
    expect(await screen.findByRole('radio', { name: /^Letter/ })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Account/ })).toHaveTextContent('USPS EPS'));
    await user.click(screen.getByRole('radio', { name: /^zpl/i }));
    expect(screen.getByRole('radio', { name: /^4 × 6 in/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Letter/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Label settings saved.'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      key: 'ship_label_app_info',
      options: { labelType: 'zpl', labelSize: '4x6', defaultCarrierAccountId: '8', hashKey: '' },
    });
  });

  it('validates the warehouse address and shows server errors on fields and in a toast', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/warehouse');
    const name = await screen.findByRole('textbox', { name: /warehouse name/i });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Warehouse name is required');
    expect(screen.getByRole('textbox', { name: /postal code/i })).toHaveAccessibleDescription(
      'Postal code is required',
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    const country = screen.getByRole('textbox', { name: /country code/i });
    expect(country).toHaveAccessibleDescription('United States');
    await user.clear(country);
    await user.type(country, 'QQ');
    await user.type(name, 'Main warehouse');
    await user.type(screen.getByRole('textbox', { name: /address line 1/i }), '1 Dock Street');
    await user.type(screen.getByRole('textbox', { name: /^city/i }), 'Boston');
    await user.type(screen.getByRole('textbox', { name: /postal code/i }), '02110');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(country).toHaveAccessibleDescription('Use the 2-letter country code (ISO 3166-1), e.g. US');

    await user.clear(country);
    await user.type(country, 'us');
    saveReply = () =>
      Response.json(
        { code: 400, success: false, message: 'Invalid input', errors: { 'options.postalCode': 'Not a US ZIP code' } },
        { status: 400 },
      );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Not a US ZIP code'));
    expect(screen.getByRole('textbox', { name: /postal code/i })).toHaveAccessibleDescription('Not a US ZIP code');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      key: 'warehouse_info',
      options: {
        name: 'Main warehouse',
        address1: '1 Dock Street',
        city: 'Boston',
        postalCode: '02110',
        country: 'US',
      },
    });
  });

  it('shows the tenant time zone and saves a new one, refreshing configs and the setup guide', async () => {
    const user = userEvent.setup();
    renderSettings('/settings/general');
    const zone = await screen.findByRole('combobox', { name: /time zone/i });
    // No time_zone entry yet: the tenant's zone from provisioning, here the product default.
    expect(zone).toHaveValue('America/New_York');
    expect(zone).toHaveAccessibleDescription(/^Now: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await user.clear(zone);
    await user.type(zone, 'Europe/Berl');
    await user.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    await waitFor(() => expect(gets('/call/setupGuide')).toBe(1));
    await user.click(within(screen.getByRole('form', { name: 'Time zone' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Time zone saved.'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ key: 'time_zone', value: 'Europe/Berlin' });
    await waitFor(() => expect(gets('/call/setupGuide')).toBe(2));
  });

  it('shows a saved time zone and will not send one that is not in the list', async () => {
    const user = userEvent.setup();
    requests = mockFetch(({ url }) =>
      url === '/api/v1/configs'
        ? Response.json({
            code: 200,
            success: true,
            data: [
              ...CONFIGS,
              { key: 'time_zone', value: 'Asia/Tokyo', options: null, updated_at: '2025-01-01T00:00:00Z' },
            ],
          })
        : Response.json({ code: 200, success: true, data: {} }),
    );
    renderSettings('/settings/general');
    const zone = await screen.findByRole('combobox', { name: /time zone/i });
    expect(zone).toHaveValue('Asia/Tokyo');
    await user.clear(zone);
    const form = screen.getByRole('form', { name: 'Time zone' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(zone).toHaveAccessibleDescription('Choose a time zone');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows a Manager every settings form read-only', async () => {
    const manager = { userData: { ...initialUserData, user_role_id: Role.Manager } };
    const first = renderSettings('/settings/general', manager);
    await screen.findByRole('combobox', { name: /currency/i });
    expect(screen.getByText('Only administrators can change these settings.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /currency/i })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /locale/i })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /time zone/i })).toBeDisabled();
    for (const save of screen.getAllByRole('button', { name: 'Save' })) expect(save).toBeDisabled();

    await first.router.navigate('/settings/warehouse');
    expect(await screen.findByRole('textbox', { name: /warehouse name/i })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /postal code/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await first.router.navigate('/settings/labels');
    expect(await screen.findByRole('radio', { name: /^zpl/i })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^pdf/i })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^4 × 6 in/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Account/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Add box size' })).not.toBeInTheDocument();

    await first.router.navigate('/settings/integrations');
    expect(await screen.findByRole('button', { name: 'Rotate' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeDisabled();
    expect(await screen.findByRole('textbox', { name: /connect url/i })).toBeDisabled();
    expect(screen.getByText('Only administrators can change these settings.')).toBeInTheDocument();
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });

  it('shows a load failure with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    requests = mockFetch(({ url }) =>
      url === '/api/v1/configs' && fail
        ? Response.json({ code: 500, success: false, message: 'Database unavailable' }, { status: 500 })
        : Response.json({ code: 200, success: true, data: CONFIGS }),
    );
    renderSettings('/settings/general');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: /currency/i })).toHaveValue('EUR — Euro');
  });
});

describe('settings helpers', () => {
  it('parses options given as JSON text and drops malformed entries', () => {
    expect(
      configEntriesFrom({ data: [...CONFIGS, { nope: 1 }, { key: 'cq_url', value: 'x', options: '{bad' }] }),
    ).toEqual([
      CONFIGS[0],
      { ...CONFIGS[1], options: { labelType: 'zpl', hashKey: 'abc' } },
      { key: 'cq_url', value: 'x', options: null, updated_at: '' },
    ]);
    expect(configEntriesFrom({ data: null })).toEqual([]);
  });

  it('names countries and builds warehouse options', () => {
    expect(countryName('de')).toBe('Germany');
    expect(countryName('QQ')).toBeNull();
    expect(countryName('USA')).toBeNull();
    const values: WarehouseForm = {
      name: ' Main ',
      company: '',
      phone: '',
      email: 'ops@example.com',
      address1: '1 Dock St',
      address2: ' ',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      country: 'us',
    };
    expect(warehouseOptions(values)).toEqual({
      name: 'Main',
      email: 'ops@example.com',
      address1: '1 Dock St',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      country: 'US',
    });
  });
});
