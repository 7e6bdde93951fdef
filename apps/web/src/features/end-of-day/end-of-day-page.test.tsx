import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type EndOfDay } from '@shipdesk/contract';
import { initialUserData } from '@/lib/state/user-data-slice';
import { fail, ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { EndOfDayPage } from './end-of-day-page';

vi.mock('@/lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const FROM = {
  name: 'Dock',
  company: 'Acme',
  street1: '1 Main St',
  street2: null,
  city: 'St. Louis',
  state: 'MO',
  postalCode: '63116',
  country: 'US',
};
const label = (id: string, trackingNumber: string, scanFormId: string | null = null, needsForm = true) => ({
  id,
  orderId: '11',
  trackingNumber,
  serviceCode: 'USPS_GROUND_ADVANTAGE',
  serviceName: 'USPS Ground Advantage',
  weight: 900,
  scanFormId,
  needsForm,
});
const DAY: EndOfDay = {
  day: '2026-03-02',
  today: '2026-03-02',
  timeZone: 'America/Chicago',
  groups: [
    {
      carrier: 'usps',
      carrierAccountId: '5',
      accountName: 'Main USPS',
      from: FROM,
      labels: [label('31', '9400111'), label('32', '9400222')],
      form: 'scan_form',
      withoutForm: 2,
      canMakeForm: true,
      formNote: null,
      canPickup: true,
    },
  ],
  scanForms: [],
  pickups: [
    {
      id: '7',
      carrier: 'usps',
      carrierAccountId: '5',
      confirmation: 'WTC123',
      pickupDate: '2026-03-02',
      readyBy: '09:00',
      closeBy: '17:00',
      parcels: 2,
      weight: 1800,
      location: null,
      status: 'booked',
      message: null,
      createdAt: '2026-03-02T10:00:00.000Z',
      createdByEmail: 'm@example.com',
      canceledAt: null,
    },
  ],
};

function serve(day: EndOfDay, extra?: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    const more = extra?.(call);
    if (more) return more;
    if (call.method === 'GET' && call.path === '/call/endOfDay') {
      const asked = call.query.get('day');
      return ok(asked ? { ...day, day: asked } : day);
    }
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(404, `unexpected ${call.method} ${call.path}`);
  });
}

function renderPage() {
  renderRoutes([{ path: '/end-of-day', Component: EndOfDayPage }], '/end-of-day', {
    userData: { ...initialUserData, user_role_id: Role.Manager },
  });
  return userEvent.setup();
}

describe('EndOfDayPage', { timeout: 20_000 }, () => {
  it('says so when there are no labels today', async () => {
    serve({ ...DAY, groups: [], pickups: [] });
    renderPage();
    expect(await screen.findByText('No labels today')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make SCAN form/ })).not.toBeInTheDocument();
  });

  it('lists the labels by account and makes a SCAN form of those not on one', async () => {
    const calls = serve(DAY, (call) =>
      call.path === '/call/endOfDay/scanForms'
        ? ok({
            id: '3',
            kind: 'scan_form',
            carrier: 'usps',
            carrierAccountId: '5',
            shipDate: DAY.day,
            carrierRef: '9275',
            trackingNumbers: ['9400111', '9400222'],
            createdAt: '2026-03-02T18:00:00.000Z',
            createdByEmail: 'm@example.com',
          })
        : undefined,
    );
    const user = renderPage();
    const group = await screen.findByLabelText('Main USPS labels');
    expect(within(group).getAllByRole('row')).toHaveLength(3);
    expect(group).toHaveTextContent('from 1 Main St, St. Louis');
    await user.click(within(group).getByRole('button', { name: 'Make SCAN form (2)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/call/endOfDay/scanForms')?.body).toEqual({
        carrierAccountId: '5',
        day: DAY.day,
      }),
    );
  });

  it('books a pickup prefilled from the day’s labels and cancels a booked one', async () => {
    const calls = serve(DAY, (call) => {
      if (call.path === '/call/pickups') return ok({ ...DAY.pickups[0], id: '8', confirmation: 'WTC999' });
      if (call.path === '/call/pickups/7/cancel') return ok({ ...DAY.pickups[0], status: 'canceled' });
      return undefined;
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Book pickup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a USPS pickup' });
    expect(within(dialog).getByLabelText('Parcels')).toHaveValue(2);
    expect(within(dialog).getByLabelText('Weight (g)')).toHaveValue(1800);
    await user.click(within(dialog).getByRole('button', { name: 'Book pickup' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/call/pickups')?.body).toMatchObject({
        carrierAccountId: '5',
        pickupDate: DAY.day,
        readyBy: '09:00',
        closeBy: '17:00',
        parcels: 2,
        weight: 1800,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel pickup' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/call/pickups/7/cancel')).toBe(true));
  });

  it('names each carrier’s form, says why none is offered, and lists what each form covers', async () => {
    const fedex = {
      ...DAY.groups[0]!,
      carrier: 'fedex' as const,
      carrierAccountId: '6',
      accountName: 'FedEx main',
      form: 'close' as const,
      labels: [label('41', '7712', null, false), label('42', '7713')],
      withoutForm: 1,
    };
    const express = {
      ...fedex,
      carrierAccountId: '8',
      accountName: 'FedEx Express',
      labels: [label('43', '7714', null, false)],
      withoutForm: 0,
      canMakeForm: false,
      formNote: 'Only FedEx Express labels: Express needs no close (only Ground and Home Delivery do).',
    };
    const shippo = {
      ...DAY.groups[0]!,
      carrier: 'shippo' as const,
      carrierAccountId: '7',
      accountName: 'Shippo',
      form: 'manifest' as const,
      labels: [label('51', '9205', '4')],
      withoutForm: 0,
      canMakeForm: false,
      formNote: 'Every label is on a Shippo manifest.',
    };
    const manifest = {
      id: '4',
      kind: 'manifest' as const,
      carrier: 'shippo' as const,
      carrierAccountId: '7',
      shipDate: DAY.day,
      carrierRef: 'abc123',
      trackingNumbers: ['9205'],
      createdAt: '2026-03-02T18:00:00.000Z',
      createdByEmail: 'm@example.com',
    };
    const calls = serve({ ...DAY, groups: [fedex, express, shippo], scanForms: [manifest], pickups: [] }, (call) =>
      call.path === '/call/endOfDay/scanForms' ? ok({ ...manifest, id: '9', kind: 'close' }) : undefined,
    );
    const user = renderPage();
    const ground = await screen.findByLabelText('FedEx main labels');
    expect(within(ground).getByText('Not needed')).toBeInTheDocument();
    await user.click(within(ground).getByRole('button', { name: 'Close FedEx Ground (1)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/call/endOfDay/scanForms')?.body).toEqual({
        carrierAccountId: '6',
        day: DAY.day,
      }),
    );
    const expressCard = screen.getByLabelText('FedEx Express labels');
    expect(within(expressCard).queryByRole('button', { name: /Close FedEx Ground/ })).not.toBeInTheDocument();
    expect(expressCard).toHaveTextContent('Express needs no close');
    const shippoCard = screen.getByLabelText('Shippo labels');
    expect(within(shippoCard).queryByRole('button', { name: /Make Shippo manifest/ })).not.toBeInTheDocument();
    expect(within(shippoCard).getByText('On a Shippo manifest')).toBeInTheDocument();
    const forms = screen.getByLabelText('Forms of the day');
    expect(forms).toHaveTextContent('Shippo manifest abc123 · Shippo');
    expect(forms).toHaveTextContent('9205');
    expect(within(forms).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('opens a past day read-only: no form made, no pickup booked, its forms printable', async () => {
    const calls = serve({ ...DAY, today: '2026-03-05' });
    renderPage();
    await screen.findByLabelText('Main USPS labels');
    expect(screen.getByLabelText('Day')).toHaveValue('2026-03-05');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(calls.some((c) => c.query.get('day') === '2026-03-01')).toBe(true));
    expect(await screen.findByText(/2026-03-01 is a past day/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book pickup' })).not.toBeInTheDocument();
  });
});
