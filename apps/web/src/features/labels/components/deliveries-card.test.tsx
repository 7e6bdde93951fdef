import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShipLabelDefaults, ShippingLabel } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { PHONE_WIDTH, stubViewportWidth } from '@/lib/testing/viewport';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { fullOrder } from '@/lib/testing/order-fixtures';
import { boughtLabel, delivery, labelFlow, labelRefused, PARCEL_DEFAULTS } from '../testing';
import { DeliveriesCard } from './deliveries-card';

const { toastSuccess } = vi.hoisted(() => ({ toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: toastSuccess, error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const LABEL: ShippingLabel = boughtLabel();

const DEFAULTS: ShipLabelDefaults = {
  ...PARCEL_DEFAULTS,
  rates: [
    {
      carrier: 'usps',
      carrierAccountId: '2',
      accountName: 'USPS main',
      serviceCode: 'PRIORITY_MAIL',
      serviceName: 'Priority Mail',
      amount: 1095,
      currency: 'USD',
      deliveryDays: 2,
      mapped: false,
    },
    {
      carrier: 'usps',
      carrierAccountId: '2',
      accountName: 'USPS main',
      serviceCode: 'USPS_GROUND_ADVANTAGE',
      serviceName: 'USPS Ground Advantage',
      amount: 845,
      currency: 'USD',
      deliveryDays: 5,
      mapped: true,
    },
  ],
  rateErrors: [{ carrier: 'ups', carrierAccountId: '3', accountName: 'UPS', message: 'UPS did not answer in time' }],
};

/** A label bought for delivery 7 of order 5: the deliveries show it labelled afterwards. */
function serveLabelPurchase() {
  let bought = false;
  return stubApi((call) => {
    if (call.path === '/api/v1/deliveries')
      return ok([bought ? delivery({ status: 'labelled', label: LABEL }) : delivery()]);
    if (call.path === '/call/orders/5/shipLabel/fsmFlow') return labelFlow(DEFAULTS);
    if (call.path === '/call/orders/5/shipLabel/orderFlow') {
      bought = true;
      return ok({ order: fullOrder({ id: '5', version: 5 }), createdOrderId: null, label: LABEL });
    }
    if (call.path === '/call/shipment/7/labelPreview') {
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }
    if (call.path === '/api/v1/configs') return ok([]);
    if (call.path === '/api/v1/orderBoxSizes') return ok([]);
    return fail(404, 'Not found');
  });
}

/** The table from the sm breakpoint up, the list on a phone: a delivery is a row of the one, an entry of the other. */
const LAYOUTS = [
  { layout: 'table', width: 1280, role: 'row' },
  { layout: 'phone list', width: PHONE_WIDTH, role: 'listitem' },
] as const;

/** The row or entry of the delivery whose text matches. */
function deliveryEntry(role: 'row' | 'listitem', text: RegExp): HTMLElement {
  const entry = screen.getAllByRole(role).find((element) => text.test(element.textContent ?? ''));
  if (!entry) throw new Error(`No ${role} with ${text}`);
  return entry;
}

describe('DeliveriesCard', { timeout: 20_000 }, () => {
  it('shows the deliveries once it knows whether a label can be bought: its button never makes a row taller later', async () => {
    let answerFlow!: () => void;
    const flowAsked = new Promise<void>((resolve) => (answerFlow = resolve));
    stubApi(async (call) => {
      if (call.path === '/api/v1/deliveries') return ok([delivery()]);
      if (call.path === '/call/orders/5/shipLabel/fsmFlow') {
        await flowAsked;
        return labelFlow(DEFAULTS);
      }
      if (call.path === '/api/v1/configs') return ok([]);
      return fail(404, 'Not found');
    });
    renderWithStore(<DeliveriesCard order={fullOrder({ id: '5', version: 4 })} locale="en-US" />);
    // The deliveries have come; whether a label can be bought has not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answerFlow();
    const row = await screen.findByRole('row', { name: /7/ });
    expect(within(row).getByRole('button', { name: 'Buy label' })).toBeInTheDocument();
  });

  it('buys a label at the mapped rate with the parcel as shown, once per choice, then shows it', async () => {
    const calls = serveLabelPurchase();
    const user = userEvent.setup();
    renderWithStore(<DeliveriesCard order={fullOrder({ id: '5', version: 4 })} locale="en-US" />);

    await user.click(await screen.findByRole('button', { name: 'Buy label' }));
    const dialog = await screen.findByRole('dialog', { name: /Buy a label/ });
    expect(await within(dialog).findByText('UPS: UPS did not answer in time')).toBeInTheDocument();
    // The mapped service is chosen first (once the rates have been drawn).
    expect(await within(dialog).findByRole('radio', { name: /USPS Ground Advantage/, checked: true })).toBeChecked();
    expect(within(dialog).getByLabelText('Weight (lb, oz)')).toHaveValue('2 lb');
    await user.click(within(dialog).getByRole('button', { name: 'Buy label · $8.45' }));

    await screen.findByRole('dialog', { name: /USPS Ground Advantage · 9205590006662200704797/ });
    const purchase = calls.find((c) => c.path === '/call/orders/5/shipLabel/orderFlow')!;
    expect(purchase.body).toEqual({
      version: 4,
      label: {
        deliveryId: '7',
        carrier: 'usps',
        carrierAccountId: '2',
        serviceCode: 'USPS_GROUND_ADVANTAGE',
        parcel: { weight: 907, length: 8, width: 6, height: 4 },
        // The order's options, as the form showed them: not insured, no signature.
        options: { insuredValue: null, insuranceProvider: 'carrier', signature: null },
      },
    });
    expect(purchase.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(toastSuccess).toHaveBeenCalledWith(expect.stringContaining('9205590006662200704797'));
  });

  it.each(LAYOUTS)(
    '$layout: moves the focus to the delivery whose label was just bought once its preview closes (Buy label is gone)',
    async ({ width, role }) => {
      stubViewportWidth(width);
      serveLabelPurchase();
      const user = userEvent.setup();
      renderWithStore(<DeliveriesCard order={fullOrder({ id: '5', version: 4 })} locale="en-US" />);
      await user.click(await screen.findByRole('button', { name: 'Buy label' }));
      const dialog = await screen.findByRole('dialog', { name: /Buy a label/ });
      await waitFor(() => expect(within(dialog).getByRole('radio', { name: /USPS Ground Advantage/ })).toBeChecked());
      await user.click(within(dialog).getByRole('button', { name: 'Buy label · $8.45' }));
      await screen.findByRole('dialog', { name: /USPS Ground Advantage · 9205590006662200704797/ });
      // The delivery is labelled now: the button that opened the purchase is gone.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Buy label' })).not.toBeInTheDocument());

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const row = deliveryEntry(role, /9205590006662200704797/);
      expect(row).toHaveTextContent('Labelled');
      expect(row).toHaveFocus();
    },
  );

  it.each(LAYOUTS)(
    '$layout: moves the focus to the delivery whose label was voided (its Void button is gone)',
    async ({ width, role }) => {
      stubViewportWidth(width);
      let voided = false;
      const voidedLabel: ShippingLabel = {
        ...LABEL,
        status: 'voided',
        trackingPush: { ...LABEL.trackingPush, status: 'not_needed' },
      };
      stubApi((call) => {
        if (call.path === '/api/v1/deliveries')
          return ok([delivery(voided ? { label: voidedLabel } : { status: 'labelled', label: LABEL })]);
        if (call.path === '/call/usps/cancelShipment/7') {
          voided = true;
          return ok({ label: voidedLabel, order: { id: '5', version: 6 } });
        }
        if (call.path.endsWith('/fsmFlow')) {
          return labelRefused(5);
        }
        return ok([]);
      });
      const user = userEvent.setup();
      renderWithStore(<DeliveriesCard order={fullOrder({ id: '5', version: 5 })} locale="en-US" />);
      await user.click(await screen.findByRole('button', { name: 'Void' }));
      const confirm = await screen.findByRole('dialog', { name: 'Void this label?' });
      await user.click(within(confirm).getByRole('button', { name: 'Void label' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deliveryEntry(role, /9205590006662200704797/)).toHaveFocus();
    },
  );

  it("shows a label's tracking, cost and a channel that was not told, with the platform's words", async () => {
    stubApi((call) => {
      if (call.path === '/api/v1/deliveries') return ok([delivery({ status: 'labelled', label: LABEL })]);
      if (call.path.endsWith('/fsmFlow')) {
        return labelRefused(4);
      }
      return ok([]);
    });
    renderWithStore(<DeliveriesCard order={fullOrder({ id: '5' })} locale="en-US" />);
    const row = (await screen.findAllByRole('row'))[1]!;
    await waitFor(() => expect(row).toHaveTextContent('USPS Ground Advantage · $8.45'));
    expect(within(row).getByRole('link', { name: '9205590006662200704797' })).toHaveAttribute(
      'href',
      LABEL.trackingUrl,
    );
    expect(row).toHaveTextContent('Fulfillment order is closed');
    expect(within(row).getByRole('button', { name: 'Tell channel again' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Buy label' })).not.toBeInTheDocument();
  });

  it.each([
    {
      options: { insuredValue: 25_000, insuredCurrency: 'USD', insuranceProvider: 'carrier', signature: 'adult' },
      cost: '$8.45 incl. insurance and signature',
      words: "Insured $250.00 (carrier's) · Adult signature",
    },
    {
      options: { insuredValue: null, insuredCurrency: null, insuranceProvider: null, signature: 'standard' },
      cost: '$8.45 incl. signature',
      words: 'Signature',
    },
  ] as const)('shows the options a label was bought with and that its price includes them: $words', async (row) => {
    const label: ShippingLabel = { ...LABEL, options: row.options };
    stubApi((call) => {
      if (call.path === '/api/v1/deliveries') return ok([delivery({ status: 'labelled', label })]);
      if (call.path.endsWith('/fsmFlow')) return labelRefused(4);
      return ok([]);
    });
    renderWithStore(<DeliveriesCard order={fullOrder({ id: '5' })} locale="en-US" />);
    const shown = (await screen.findAllByRole('row'))[1]!;
    await waitFor(() => expect(shown).toHaveTextContent(`USPS Ground Advantage · ${row.cost}`));
    expect(within(shown).getByText(row.words)).toBeInTheDocument();
  });

  it('says nothing of options a label was bought without (or before they were recorded)', async () => {
    stubApi((call) => {
      if (call.path === '/api/v1/deliveries') return ok([delivery({ status: 'labelled', label: LABEL })]);
      if (call.path.endsWith('/fsmFlow')) return labelRefused(4);
      return ok([]);
    });
    renderWithStore(<DeliveriesCard order={fullOrder({ id: '5' })} locale="en-US" />);
    const shown = (await screen.findAllByRole('row'))[1]!;
    await waitFor(() => expect(shown).toHaveTextContent('USPS Ground Advantage · $8.45'));
    expect(shown).not.toHaveTextContent(/incl\.|Insured|signature/i);
  });

  describe('by screen width', () => {
    /** Delivery 7 labelled (its channel not told), 8 to ship (a label can be bought), 9 bought but unconfirmed. */
    function serveThreeDeliveries() {
      stubApi((call) => {
        if (call.path === '/api/v1/deliveries') {
          return ok([
            delivery({ status: 'labelled', label: LABEL, carrierMethod: 'USPS Ground Advantage', weight: 907 }),
            delivery({ deliveryId: '8', requestedShipMethod: 'Express', weight: 1500 }),
            delivery({
              deliveryId: '9',
              requestedShipMethod: null,
              weight: 85,
              purchaseState: 'unconfirmed',
              purchaseProblem: 'USPS answered more than 12 MB; Shipdesk refused it',
            }),
          ]);
        }
        if (call.path === '/call/orders/5/shipLabel/fsmFlow') {
          return labelFlow(DEFAULTS);
        }
        return ok([]);
      });
    }

    it('is a table of six columns on a wider screen', async () => {
      stubViewportWidth(1280);
      serveThreeDeliveries();
      renderWithStore(<DeliveriesCard order={fullOrder({ id: '5', version: 4 })} locale="en-US" />);
      const table = await screen.findByRole('table', { name: 'Deliveries' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Delivery', 'Carrier service', 'Weight', 'Status', 'Label', 'Actions']);
      expect(within(table).getAllByRole('row')).toHaveLength(4);
      expect(screen.queryByRole('list', { name: 'Deliveries' })).not.toBeInTheDocument();
    });

    it('is a list on a phone, every fact and button of a row in its entry, so nothing scrolls sideways', async () => {
      stubViewportWidth(PHONE_WIDTH);
      serveThreeDeliveries();
      const user = userEvent.setup();
      renderWithStore(<DeliveriesCard order={fullOrder({ id: '5', version: 4 })} locale="en-US" />);
      const list = await screen.findByRole('list', { name: 'Deliveries' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const entries = within(list).getAllByRole('listitem');
      expect(entries).toHaveLength(3);
      const [labelled, toShip, unconfirmed] = entries as [HTMLElement, HTMLElement, HTMLElement];

      expect(labelled).toHaveTextContent('Delivery 7');
      expect(labelled).toHaveTextContent('Standard');
      expect(labelled).toHaveTextContent('Labelled');
      expect(labelled).toHaveTextContent('Carrier serviceUSPS Ground Advantage');
      expect(labelled).toHaveTextContent('Weight2 lb');
      expect(within(labelled).getByRole('link', { name: '9205590006662200704797' })).toHaveAttribute(
        'href',
        LABEL.trackingUrl,
      );
      expect(labelled).toHaveTextContent('USPS Ground Advantage · $8.45');
      expect(labelled).toHaveTextContent('Channel not told');
      expect(labelled).toHaveTextContent('Fulfillment order is closed');
      expect(within(labelled).getByRole('button', { name: 'View label' })).toBeInTheDocument();
      expect(within(labelled).getByRole('button', { name: 'Tell channel again' })).toBeInTheDocument();
      expect(within(labelled).getByRole('button', { name: 'Void' })).toBeInTheDocument();
      expect(within(labelled).queryByRole('button', { name: 'Buy label' })).not.toBeInTheDocument();

      expect(toShip).toHaveTextContent('Delivery 8');
      expect(toShip).toHaveTextContent('Express');
      expect(toShip).toHaveTextContent('To ship');
      expect(toShip).toHaveTextContent('Carrier service—');
      expect(toShip).toHaveTextContent('Weight3 lb 4.9 oz');
      expect(toShip).toHaveTextContent('Label—');
      expect(
        within(toShip)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Buy label']);

      expect(unconfirmed).toHaveTextContent('Delivery 9');
      expect(unconfirmed).toHaveTextContent(
        'Checking with the carrier: USPS answered more than 12 MB; Shipdesk refused it',
      );
      expect(unconfirmed).toHaveTextContent('Weight3 oz');
      expect(within(unconfirmed).queryAllByRole('button')).toHaveLength(0);

      // The buttons do what the row's do.
      await user.click(within(labelled).getByRole('button', { name: 'Void' }));
      expect(await screen.findByRole('dialog', { name: 'Void this label?' })).toBeInTheDocument();
    });
  });
});
