import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShippingLabel } from '@shipdesk/contract';
import { writePrinterPreferences } from '@/lib/printing/printer-preferences';
import { qzTray } from '@/lib/printing/qz-tray';
import { initialUserData } from '@/lib/state/user-data-slice';
import type * as PrintOutput from '@/lib/printing/print-output';
import type { FakeQzLibrary } from '@/lib/testing/fake-qz-tray';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, stubApi } from '@/lib/testing/api-stub';
import { LabelPreviewDialog } from './label-preview-dialog';

// The app's own QZ Tray client, over a fake library instead of the package.
const qz = vi.hoisted(() => ({ library: null as FakeQzLibrary | null }));
vi.mock('qz-tray', async () => {
  const { fakeQzLibrary } = await import('@/lib/testing/fake-qz-tray');
  qz.library = fakeQzLibrary();
  return { default: qz.library.qz };
});

const { saved } = vi.hoisted(() => ({ saved: [] as string[] }));
vi.mock('@/lib/printing/print-output', async (importOriginal) => ({
  ...(await importOriginal<typeof PrintOutput>()),
  downloadBlob: (_blob: Blob, name: string) => void saved.push(name),
  browserOutput: {
    openPrintDialog: async () => void saved.push('print dialog'),
    download: (_blob: Blob, name: string) => void saved.push(name),
  },
}));

afterEach(async () => {
  vi.unstubAllGlobals();
  saved.length = 0;
  await qzTray.disconnect();
});

const ZPL = '^XA^FO40,40^BCN,100^FD9400111^FS^XZ';
const LABEL = {
  id: '31',
  deliveryId: '7',
  orderId: '5',
  carrier: 'local',
  serviceName: 'Local delivery, next day',
  trackingNumber: '9400111',
  format: 'zpl',
  status: 'active',
} as ShippingLabel;

function serveLabel(type = 'text/plain') {
  return stubApi((call) => {
    if (call.path === '/call/shipment/7/labelPreview') {
      return new Response(new Blob(['png'], { type: 'image/png' }), { headers: { 'Content-Type': 'image/png' } });
    }
    if (call.path === '/call/shipment/7/customsForms') {
      return new Response('%PDF-1.7 customs', { headers: { 'Content-Type': 'application/pdf' } });
    }
    if (call.path === '/call/shipment/7/shipLabel') {
      return new Response(type === 'text/plain' ? ZPL : '%PDF-1.4', { headers: { 'Content-Type': type } });
    }
    return fail(404, 'Not found');
  });
}

const signedIn = { userData: { ...initialUserData, ID: 'me' } };

describe('LabelPreviewDialog printing', () => {
  it('sends a ZPL label raw to the default printer through QZ Tray and says where it went', async () => {
    writePrinterPreferences({ method: 'qz', printer: 'Zebra ZP450' });
    serveLabel();
    const user = userEvent.setup();
    const { store } = renderWithStore(<LabelPreviewDialog label={LABEL} onClose={() => undefined} />, signedIn);
    const dialog = await screen.findByRole('dialog', { name: /9400111/ });
    expect(await within(dialog).findByText('QZ Tray connected · printing to Zebra ZP450')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await within(dialog).findByText('Sent to Zebra ZP450')).toBeInTheDocument();
    expect(qz.library!.printed).toEqual([
      { printer: 'Zebra ZP450', data: [{ type: 'raw', format: 'command', flavor: 'plain', data: ZPL }] },
    ]);
    expect(store.getState().printQueue.byUser.me).toEqual([
      expect.objectContaining({
        title: 'Label 9400111',
        state: 'printed',
        labels: [{ deliveryId: '7', trackingNumber: '9400111', format: 'zpl' }],
      }),
    ]);
  });

  it('through the browser, Print downloads a ZPL label and says so', async () => {
    writePrinterPreferences({ method: 'browser' });
    serveLabel();
    const user = userEvent.setup();
    renderWithStore(<LabelPreviewDialog label={LABEL} onClose={() => undefined} />, signedIn);
    const dialog = await screen.findByRole('dialog');
    // Said before Print is pressed: the browser's print dialog cannot print ZPL.
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      "A browser cannot print ZPL: Print downloads it for the printer's own tool",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await within(dialog).findByText('Downloaded label-9400111.zpl')).toBeInTheDocument();
    expect(saved).toEqual(['label-9400111.zpl']);
  });

  it("prints a PDF label through the browser's print dialog", async () => {
    writePrinterPreferences({ method: 'browser' });
    serveLabel('application/pdf');
    const user = userEvent.setup();
    renderWithStore(<LabelPreviewDialog label={{ ...LABEL, format: 'pdf' }} onClose={() => undefined} />, signedIn);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await within(dialog).findByText('Opened the print dialog')).toBeInTheDocument();
    expect(saved).toEqual(['print dialog']);
  });

  it('prints the customs form kept beside a label with it', async () => {
    writePrinterPreferences({ method: 'qz', printer: 'Zebra ZP450' });
    const calls = serveLabel();
    const customs = { form: 'cn22', hasDocument: true } as ShippingLabel['customs'];
    const user = userEvent.setup();
    renderWithStore(<LabelPreviewDialog label={{ ...LABEL, customs }} onClose={() => undefined} />, signedIn);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('QZ Tray connected · printing to Zebra ZP450')).toBeInTheDocument();
    const before = qz.library!.printed.length;
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    await vi.waitFor(() => expect(qz.library!.printed).toHaveLength(before + 2));
    const [label, form] = qz.library!.printed.slice(before);
    expect(label!.data).toEqual([{ type: 'raw', format: 'command', flavor: 'plain', data: ZPL }]);
    expect(JSON.stringify(form!.data)).toContain('pdf');
    expect(calls.some((call) => call.path === '/call/shipment/7/customsForms')).toBe(true);
  });

  it('offers no Print for a voided label', async () => {
    serveLabel();
    renderWithStore(
      <LabelPreviewDialog label={{ ...LABEL, status: 'voided' } as ShippingLabel} onClose={() => undefined} />,
      signedIn,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/voided/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download ZPL' })).toBeInTheDocument();
  });
});
