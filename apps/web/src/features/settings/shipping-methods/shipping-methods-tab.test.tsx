import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CARRIER_CATALOGUE, Role, type ShipMethodList, type StoreMapping } from '@shipdesk/contract';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import {
  carrierAccount,
  carrierMapping,
  fakeRealtime,
  ok,
  refused,
  renderSettingsAt,
  sent,
  shipMethod,
  shipMethodList,
} from '../testing';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

const STANDARD = shipMethod();
const EXPRESS = shipMethod({ id: '4', name: 'Express', openOrders: 2, mapped: false });
const FREE_SHIPPING = {
  requestedService: 'Free Shipping',
  openOrders: 12,
  stores: [{ id: '1', name: 'Northloop Supply' }],
};
const STANDARD_STORE_MAPPING: StoreMapping = {
  id: '31',
  data: { shipMethodId: '3', storeId: '1', services: ['Ground'] },
  shipMethodName: 'Standard',
  storeName: 'Northloop Supply',
};

let requests: RecordedRequest[];
let methods: ShipMethodList;
let realtime: ReturnType<typeof fakeRealtime>;

beforeEach(() => {
  methods = shipMethodList([STANDARD, EXPRESS], [FREE_SHIPPING]);
  realtime = fakeRealtime();
  requests = mockFetch((request) => {
    const { method, url } = request;
    const path = url.split('?')[0] ?? url;
    if (method === 'GET' && path === '/api/v1/shipMethods') return ok(methods);
    if (method === 'POST' && path === '/api/v1/shipMethods') {
      return ok(shipMethod({ id: '9', name: (request.body as { name: string }).name, openOrders: 0, mapped: false }));
    }
    if (method === 'GET' && path === '/api/v1/shipMethodCarrierMethodMappings') {
      const rows = url.includes('ship_method=3') ? [carrierMapping()] : [];
      return ok({ rows, page: 1, size: 500, total: rows.length });
    }
    if (method === 'POST' && path === '/api/v1/shipMethodCarrierMethodMappings') return ok(carrierMapping(), 201);
    if (method === 'GET' && path === '/api/v1/shipMethodStoreMappings') {
      const rows = url.includes('ship_method=3') ? [STANDARD_STORE_MAPPING] : [];
      return ok({ rows, page: 1, size: 500, total: rows.length });
    }
    if (path.startsWith('/api/v1/shipMethodStoreMappings')) return ok(STANDARD_STORE_MAPPING);
    if (method === 'GET' && path === '/call/carriers/catalogue') {
      return ok({ carriers: [CARRIER_CATALOGUE.local, CARRIER_CATALOGUE.usps] });
    }
    if (method === 'GET' && path === '/api/v1/carrierAccounts') {
      return ok({ rows: [carrierAccount({ id: '12', carrier: 'usps', name: 'USPS EPS' })] });
    }
    if (method === 'GET' && path === '/api/v1/stores') return ok({ rows: [], page: 1, size: 500, total: 0 });
    if (method === 'GET' && path === '/call/setupGuide') return ok({});
    return refused(404, 'Not Found');
  });
  toastError.mockClear();
  toastSuccess.mockClear();
});

afterEach(() => {
  realtime.detach();
  vi.unstubAllGlobals();
});

const unmappedSection = () => screen.findByRole('region', { name: 'Requested services without a shipping method' });

describe('Settings > Shipping Methods', { timeout: 20_000 }, () => {
  it('lists the unmapped requested services first, then the methods', async () => {
    renderSettingsAt('/settings/shipping-methods');
    const unmapped = await unmappedSection();
    expect(within(unmapped).getByRole('listitem')).toHaveTextContent(
      '12 open orders ask for “Free Shipping” · Northloop Supply',
    );
    const standard = screen.getByRole('button', { name: /^Standard/ });
    expect(standard).toHaveTextContent('40 open orders');
    expect(within(standard).getByLabelText('Carrier mapping of Standard: Mapped')).toBeInTheDocument();
    expect(
      within(screen.getByRole('button', { name: /^Express/ })).getByLabelText('Carrier mapping of Express: Not mapped'),
    ).toBeInTheDocument();
    expect(unmapped.compareDocumentPosition(standard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('creates a method from an unmapped service in one click and refreshes the setup guide', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/shipping-methods');
    const unmapped = await unmappedSection();
    await waitFor(() => expect(sent(requests, 'GET', '/call/setupGuide')).toHaveLength(1));
    methods = shipMethodList([STANDARD, EXPRESS, shipMethod({ id: '9', name: 'Free Shipping', mapped: false })]);
    await user.click(within(unmapped).getByRole('button', { name: 'Create method “Free Shipping”' }));
    expect(sent(requests, 'POST', '/api/v1/shipMethods')[0]!.body).toEqual({ name: 'Free Shipping' });
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith(
        'Free Shipping created. Map it to a carrier service so its orders can ship.',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: /without a shipping method/ })).toBeNull());
    expect(sent(requests, 'GET', '/call/setupGuide')).toHaveLength(2);
    // The new method opens, ready to be mapped.
    expect(
      await screen.findByText('Not mapped to a carrier service yet: its orders cannot get a label.'),
    ).toBeVisible();
  });

  it("maps an unmapped service to an existing method, adding it to the method's list for that store", async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/shipping-methods');
    const unmapped = await unmappedSection();
    await user.click(within(unmapped).getByRole('button', { name: 'Map to existing method: “Free Shipping”' }));
    const dialog = screen.getByRole('dialog', { name: 'Map “Free Shipping”' });
    await user.click(within(dialog).getByRole('button', { name: 'Map' }));
    expect(within(dialog).getByRole('combobox', { name: /Shipping method/ })).toHaveAccessibleDescription(
      'Choose a shipping method',
    );
    await user.click(within(dialog).getByRole('combobox', { name: /Shipping method/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard' }));
    await user.click(within(dialog).getByRole('combobox', { name: /For/ }));
    await user.click(await screen.findByRole('option', { name: 'Northloop Supply only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Map' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'PUT', '/api/v1/shipMethodStoreMappings/31')[0]!.body).toEqual({
      data: { shipMethodId: '3', storeId: '1', services: ['Ground', 'Free Shipping'] },
    });
    expect(toastSuccess).toHaveBeenCalledWith('“Free Shipping” now means Standard.');
  });

  it('maps a method to a carrier service picked from the catalogue, grouped by carrier', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/shipping-methods');
    await user.click(await screen.findByRole('button', { name: /^Express/ }));
    const details = await screen.findByRole('region', { name: 'Carrier services of Express' });
    expect(await within(details).findByText(/Not mapped to a carrier service yet/)).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Add carrier service' }));
    const dialog = screen.getByRole('dialog', { name: 'Map Express to a carrier service' });
    await user.click(within(dialog).getByRole('radio', { name: 'International' }));
    const picker = within(dialog).getByRole('combobox', { name: /Carrier service/ });
    await user.click(picker);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('USPS')).toBeInTheDocument();
    expect(within(listbox).queryByText('USPS Ground Advantage')).not.toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: /Priority Mail International International · 6–10/ }));
    expect(picker).toHaveAccessibleDescription('USPS · International · 6–10 business days');
    await user.click(within(dialog).getByRole('combobox', { name: /Package type/ }));
    await user.click(await screen.findByRole('option', { name: 'Flat Rate Envelope' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Account/ }));
    await user.click(await screen.findByRole('option', { name: 'USPS EPS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', '/api/v1/shipMethodCarrierMethodMappings')[0]!.body).toEqual({
      shipMethodId: '4',
      destination: 'international',
      carrier: 'usps',
      carrierMethod: 'PRIORITY_MAIL_INTERNATIONAL',
      packageType: 'FLAT_RATE_ENVELOPE',
      carrierAccountId: '12',
    });
  });

  it("shows a method's carrier service and requested services", async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/shipping-methods');
    await user.click(await screen.findByRole('button', { name: /^Standard/ }));
    const carriers = await screen.findByRole('table', { name: 'Carrier services of Standard' });
    const row = within(carriers).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Any destination');
    expect(row).toHaveTextContent('USPS Ground Advantage');
    expect(row).toHaveTextContent('USPS · Domestic · 2–5 business days');
    expect(row).toHaveTextContent('Carrier default');
    expect(row).toHaveTextContent('Default USPS account');
    const services = screen.getByRole('region', { name: 'Requested services of Standard' });
    expect(await within(services).findByText('Northloop Supply')).toBeInTheDocument();
    expect(within(services).getByText('Ground')).toBeInTheDocument();
  });

  it('shows the re-resolution progress from realtime and refetches the methods when it is done', async () => {
    renderSettingsAt('/settings/shipping-methods');
    await unmappedSection();
    act(() => realtime.push('shipping:resolution', { state: 'running', done: 5000, total: 20000 }));
    expect(screen.getByRole('progressbar', { name: 'Updating how open orders ship' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByText('Updating how open orders ship… 5,000 of 20,000')).toBeInTheDocument();
    act(() => realtime.push('shipping:resolution', { state: 'done', done: 20000, total: 20000 }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText(/Open orders updated: 20,000 checked/)).toBeInTheDocument();
    await waitFor(() => expect(sent(requests, 'GET', '/api/v1/shipMethods')).toHaveLength(2));
  });

  it('shows a Manager the methods and mappings read-only', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/shipping-methods', Role.Manager);
    const unmapped = await unmappedSection();
    expect(screen.getByText('Only administrators can change these settings.')).toBeInTheDocument();
    expect(within(unmapped).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add method' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Standard/ }));
    await screen.findByRole('table', { name: 'Carrier services of Standard' });
    expect(screen.queryByRole('button', { name: /Add carrier service|Add requested services|Rename|Edit/ })).toBeNull();
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });
});
