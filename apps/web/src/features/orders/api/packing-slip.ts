import type { PackingSlipOptions } from '@shipdesk/contract';
import { fetchBlob } from '@/lib/api/fetch-blob';
import { downloadBlob } from '@/lib/printing/print-output';

export type PackingSlipFormat = NonNullable<PackingSlipOptions['format']>;

export const PACKING_SLIP_FORMATS: { value: PackingSlipFormat; label: string }[] = [
  { value: '4x6', label: '4×6 label printer' },
  { value: 'letter', label: 'Letter paper' },
];

/**
 * POST /call/orders/{orderId}/packingSlip (spec 7.1): one PDF for the order, or for `orderIds` when several are
 * printed at once. A binary answer, so it goes around RTK Query (whose cache holds JSON only). Rejects with an
 * ApiError.
 */
function fetchPackingSlip(orderId: string, options: PackingSlipOptions): Promise<Blob> {
  return fetchBlob(`/call/orders/${encodeURIComponent(orderId)}/packingSlip`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
    body: JSON.stringify(options),
  });
}

/** Fetches and saves the packing slip PDF; the file is named after the order (or the count of orders). */
export async function downloadPackingSlip(
  orderId: string,
  options: PackingSlipOptions,
  fileLabel: string,
): Promise<void> {
  const blob = await fetchPackingSlip(orderId, options);
  const safe = fileLabel.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'orders';
  downloadBlob(blob, `packing-slip-${safe}.pdf`);
}
