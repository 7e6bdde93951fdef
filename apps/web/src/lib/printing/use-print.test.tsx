import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { initialUserData } from '@/lib/state/user-data-slice';
import { fakeQzTray } from '@/lib/testing/fake-qz-tray';
import { makeTestStore } from '@/lib/testing/render-with-store';
import type { BrowserOutput } from './print-output';
import { writePrinterPreferences } from './printer-preferences';
import { usePrint, type PrintRequest } from './use-print';

afterEach(() => {
  vi.restoreAllMocks();
});

const ZPL = '^XA^FO50,50^FDHello^FS^XZ';
const zplLabel: PrintRequest = {
  title: 'Label 9205590006662200704797',
  documents: [{ blob: new Blob([ZPL], { type: 'text/plain' }), format: 'zpl', fileName: 'label-92055.zpl' }],
  labels: [{ deliveryId: '7', trackingNumber: '9205590006662200704797', format: 'zpl' }],
};
const pdfLabel: PrintRequest = {
  title: 'Label 1Z999',
  documents: [
    { blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), format: 'pdf', fileName: 'label-1Z999.pdf' },
  ],
};

function fakeBrowser(): BrowserOutput & { dialogs: Blob[]; downloads: string[] } {
  const dialogs: Blob[] = [];
  const downloads: string[] = [];
  return {
    dialogs,
    downloads,
    openPrintDialog: async (blob) => void dialogs.push(blob),
    download: (_blob, fileName) => void downloads.push(fileName),
  };
}

function setup(fake = fakeQzTray(), userId = 'user-1') {
  const store = makeTestStore({ userData: { ...initialUserData, ID: userId } });
  const browser = fakeBrowser();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => usePrint({ qz: fake.client, browser }), { wrapper });
  const jobs = () => store.getState().printQueue.byUser[userId] ?? [];
  return { result, store, browser, fake, jobs };
}

describe('usePrint', () => {
  it('sends ZPL raw to the default printer through QZ Tray, and the job ends printed', async () => {
    writePrinterPreferences({ method: 'qz', printer: 'Zebra ZP450' });
    const { result, fake, jobs, browser } = setup();
    let outcome;
    await act(async () => {
      outcome = await result.current.print(zplLabel);
    });
    expect(outcome).toMatchObject({
      state: 'printed',
      route: 'qz',
      printer: 'Zebra ZP450',
      message: 'Sent to Zebra ZP450',
    });
    expect(fake.printed).toEqual([
      { printer: 'Zebra ZP450', data: [{ type: 'raw', format: 'command', flavor: 'plain', data: ZPL }] },
    ]);
    expect(jobs()).toEqual([
      expect.objectContaining({
        title: 'Label 9205590006662200704797',
        state: 'printed',
        route: 'qz',
        printer: 'Zebra ZP450',
        labels: zplLabel.labels,
      }),
    ]);
    expect(browser.dialogs).toEqual([]);
  });

  it('sends a PDF as base64 to the default printer', async () => {
    writePrinterPreferences({ method: 'qz', printer: 'Office Laser' });
    const { result, fake } = setup();
    await act(async () => void (await result.current.print(pdfLabel)));
    expect(fake.printed).toEqual([
      { printer: 'Office Laser', data: [{ type: 'pixel', format: 'pdf', flavor: 'base64', data: btoa('%PDF-1.4') }] },
    ]);
  });

  it("fails with QZ Tray's words, and Retry sends the same documents again", async () => {
    writePrinterPreferences({ method: 'qz', printer: 'Zebra ZP450' });
    const { result, fake, jobs } = setup(fakeQzTray({ printError: 'Printer "Zebra ZP450" is offline' }));
    let outcome: Awaited<ReturnType<typeof result.current.print>> | undefined;
    await act(async () => {
      outcome = await result.current.print(zplLabel);
    });
    expect(outcome).toMatchObject({ state: 'failed', message: 'Printer "Zebra ZP450" is offline' });
    expect(jobs()[0]).toMatchObject({ state: 'failed', error: 'Printer "Zebra ZP450" is offline' });
    expect(result.current.canRetry(outcome!.jobId)).toBe(true);

    fake.options.printError = undefined;
    await act(async () => void (await result.current.retry(outcome!.jobId)));
    expect(jobs()[0]).toMatchObject({ state: 'printed', attempts: 2, error: null });
    expect(fake.printed).toHaveLength(1);
    // A printed job is not printed again by Retry.
    expect(await result.current.retry(outcome!.jobId)).toBeNull();
  });

  it("without QZ Tray: a PDF opens the browser's print dialog, ZPL is downloaded", async () => {
    writePrinterPreferences({ method: 'qz', printer: 'Zebra ZP450' });
    const { result, browser, jobs, fake } = setup(fakeQzTray({ running: false }));
    let pdf;
    let zpl;
    await act(async () => {
      pdf = await result.current.print(pdfLabel);
      zpl = await result.current.print(zplLabel);
    });
    expect(pdf).toMatchObject({
      state: 'printed',
      route: 'dialog',
      message: 'QZ Tray is not running on this computer: opened the print dialog',
      fallback: 'QZ Tray is not running on this computer',
    });
    expect(zpl).toMatchObject({
      state: 'printed',
      route: 'download',
      message: 'QZ Tray is not running on this computer: downloaded label-92055.zpl',
    });
    expect(browser.dialogs).toEqual([pdfLabel.documents[0]!.blob]);
    expect(browser.downloads).toEqual(['label-92055.zpl']);
    expect(jobs().map((job) => [job.state, job.route])).toEqual([
      ['printed', 'download'],
      ['printed', 'dialog'],
    ]);
    expect(fake.printed).toEqual([]);
  });

  it('uses the browser when that is the chosen way, downloads everything when that is', async () => {
    writePrinterPreferences({ method: 'browser', printer: 'Zebra ZP450' });
    const first = setup();
    await act(async () => void (await first.result.current.print(pdfLabel)));
    expect(first.browser.dialogs).toHaveLength(1);
    expect(first.fake.connects()).toBe(0);

    writePrinterPreferences({ method: 'download' });
    const second = setup();
    let outcome;
    await act(async () => {
      outcome = await second.result.current.print(pdfLabel);
    });
    expect(outcome).toMatchObject({ route: 'download', message: 'Downloaded label-1Z999.pdf' });
    expect(second.browser.dialogs).toEqual([]);
  });

  it('QZ Tray without a default printer falls back and says why', async () => {
    writePrinterPreferences({ method: 'qz' });
    const { result } = setup();
    let outcome;
    await act(async () => {
      outcome = await result.current.print(pdfLabel);
    });
    expect(outcome).toMatchObject({
      route: 'dialog',
      message: 'No default printer is chosen: opened the print dialog',
    });
  });

  it("keeps each user's jobs in their own queue", async () => {
    const { result, store } = setup(fakeQzTray(), 'user-2');
    await act(async () => void (await result.current.print(pdfLabel)));
    expect(Object.keys(store.getState().printQueue.byUser)).toEqual(['user-2']);
  });
});
