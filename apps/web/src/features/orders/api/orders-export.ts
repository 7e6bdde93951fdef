import type { OrderSort } from '@shipdesk/contract';
import { fetchResponse } from '@/lib/api/fetch-blob';
import { fetchFailure } from '@/lib/errors';

/** What the export is of: the list's filters and sort (its page, size and cursor do not matter). */
export interface OrdersExportArgs {
  filters: Record<string, string>;
  order: OrderSort;
}

export interface ExportProgress {
  /** Orders received so far. */
  rows: number;
  /** Bytes received so far (after decompression). */
  bytes: number;
  /** The list's total for the filters (X-Total-Count), or null when the server did not say. */
  total: number | null;
  totalIsEstimate: boolean;
}

interface ExportedCsv {
  blob: Blob;
  fileName: string;
  rows: number;
}

/** The export's URL: the list's query (GET /call/orders/export.csv takes the same parameters). */
function exportUrl(args: OrdersExportArgs): string {
  const query = new URLSearchParams({ hide: '0' });
  if (Object.keys(args.filters).length > 0) query.set('filters', JSON.stringify(args.filters));
  query.set('order', args.order);
  return `/call/orders/export.csv?${query.toString()}`;
}

/**
 * Counts the CSV records in a stream of bytes: line feeds outside quoted cells (a quoted cell may hold line breaks;
 * a doubled quote inside one toggles twice and changes nothing). Kept across chunks.
 */
export function recordCounter() {
  let quoted = false;
  let records = 0;
  return (chunk: Uint8Array): number => {
    for (const byte of chunk) {
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) records += 1;
    }
    return records;
  };
}

const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'orders.csv';

/**
 * Downloads every order of the filters as CSV, reading the server's stream as it comes and telling `onProgress`
 * how far it is; `signal` stops it. Rejects with an ApiError (the server's message for a refusal, a network error
 * when the stream breaks off), or with the signal's reason when canceled.
 */
export async function fetchOrdersCsv(
  args: OrdersExportArgs,
  { signal, onProgress }: { signal: AbortSignal; onProgress(progress: ExportProgress): void },
): Promise<ExportedCsv> {
  const response = await fetchResponse(exportUrl(args), { headers: { Accept: 'text/csv' }, signal });
  const totalHeader = response.headers.get('X-Total-Count');
  const progress: ExportProgress = {
    rows: 0,
    bytes: 0,
    total: totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null,
    totalIsEstimate: response.headers.get('X-Total-Is-Estimate') === 'true',
  };
  onProgress({ ...progress });
  const chunks: Uint8Array[] = [];
  const count = recordCounter();
  const reader = response.body?.getReader();
  // Stops the read at once, whatever the fetch does with the signal once its answer has come.
  const stop = () => void reader?.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      chunks.push(part.value);
      progress.bytes += part.value.byteLength;
      // The header is a record too.
      progress.rows = Math.max(0, count(part.value) - 1);
      onProgress({ ...progress });
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw fetchFailure(error);
  } finally {
    signal.removeEventListener('abort', stop);
  }
  if (signal.aborted) throw signal.reason;
  return {
    blob: new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }),
    fileName: fileNameOf(response.headers.get('Content-Disposition')),
    rows: progress.rows,
  };
}
