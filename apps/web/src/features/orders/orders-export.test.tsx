import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { recordCounter } from './api/orders-export';
import { OrdersExportButton, progressText } from './components/orders-export-button';
import { fail, stubApi, type ApiCall } from './testing';

const { toastError, toastSuccess, toastInfo, downloadBlob } = vi.hoisted(() => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
  downloadBlob: vi.fn(),
}));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: toastInfo, success: toastSuccess, error: toastError } }));
vi.mock('@/lib/printing/print-output', () => ({ downloadBlob }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const encoder = new TextEncoder();
const HEADER = '\uFEFFOrder number,Customer\r\n';

/** A CSV answer whose body arrives as the test pushes its parts. */
function streamed(total: number) {
  let push!: (text: string) => void;
  let end!: () => void;
  let breakOff!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
      breakOff = () => controller.error(new TypeError('terminated'));
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="orders-2026-11-26.csv"',
      'X-Total-Count': String(total),
      'X-Total-Is-Estimate': 'false',
    },
  });
  return { response, push: (text: string) => push(text), end: () => end(), breakOff: () => breakOff() };
}

const args = { filters: { orderStatus: 'Sales Order', search: 'like@miller' }, order: 'total asc' as const };

function renderButton(answer: (call: ApiCall) => Response) {
  const calls = stubApi(answer);
  renderWithStore(<OrdersExportButton args={args} locale="en" />);
  return { calls, user: userEvent.setup() };
}

describe('the CSV record counter', () => {
  it('counts line feeds outside quoted cells, across chunks', () => {
    const count = recordCounter();
    expect(count(encoder.encode('a,"b\r\n'))).toBe(0);
    expect(count(encoder.encode('still b ""quoted""",c\r\nd,e\r'))).toBe(1);
    expect(count(encoder.encode('\n'))).toBe(2);
  });

  it('says how far the export is', () => {
    expect(progressText({ rows: 1234, bytes: 2048, total: 5000, totalIsEstimate: false }, 'en')).toBe(
      '1,234 of 5,000 orders · 2 KB',
    );
    expect(progressText({ rows: 3, bytes: 10, total: 12000, totalIsEstimate: true }, 'en')).toBe(
      '3 of about 12,000 orders · 10 B',
    );
  });
});

describe('Export CSV', { timeout: 20_000 }, () => {
  it('asks for the list’s filters and sort, shows the progress and saves the file', async () => {
    const csv = streamed(3);
    const { calls, user } = renderButton(() => csv.response);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    // The export's code may come with the click: the request follows once it is there.
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/call/orders/export.csv');
    expect(JSON.parse(calls[0]!.query.get('filters')!)).toEqual(args.filters);
    expect(calls[0]!.query.get('order')).toBe('total asc');

    csv.push(HEADER + 'SO-1,"Miller, Ann"\r\n');
    const status = await screen.findByRole('status', { name: 'CSV export' });
    await waitFor(() => expect(status).toHaveTextContent('Exporting 1 of 3 orders'));
    expect(screen.getByRole('progressbar', { name: 'Exporting orders' })).toHaveAttribute('aria-valuenow', '33');
    csv.push('SO-2,"Two\r\nlines"\r\nSO-3,Lee\r\n');
    await waitFor(() => expect(status).toHaveTextContent('Exporting 3 of 3 orders'));
    csv.end();

    await waitFor(() => expect(downloadBlob).toHaveBeenCalledTimes(1));
    const [blob, fileName] = downloadBlob.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('orders-2026-11-26.csv');
    expect(await blob.text()).toContain('SO-3,Lee');
    expect(toastSuccess).toHaveBeenCalledWith('Exported 3 orders.');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('stops when canceled, saving nothing', async () => {
    const csv = streamed(1000);
    const { user } = renderButton(() => csv.response);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    csv.push(HEADER + 'SO-1,Ann\r\n');
    await screen.findByText(/Exporting 1 of 1,000 orders/);
    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    await waitFor(() => expect(toastInfo).toHaveBeenCalledWith('Export canceled; nothing was saved.'));
    expect(downloadBlob).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('says why the server refused, or that the download broke off', async () => {
    const { user } = renderButton(() =>
      fail(400, 'Invalid input', { errors: { 'filters.orderStatus': 'filters.orderStatus has an unknown value' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'The export failed: filters.orderStatus has an unknown value. Nothing was saved.',
      ),
    );

    const csv = streamed(10);
    vi.unstubAllGlobals();
    stubApi(() => csv.response);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    csv.push(HEADER);
    await screen.findByText(/Exporting 0 of 10 orders/);
    csv.breakOff();
    await waitFor(() =>
      expect(toastError).toHaveBeenLastCalledWith(expect.stringMatching(/^The export failed: Network error/)),
    );
    expect(downloadBlob).not.toHaveBeenCalled();
  });
});
