import type { PackingSlipOptions } from '@shipdesk/contract';
import { fetchFailure, toApiError } from '@/lib/errors';
import { readAuthToken } from '@/lib/storage/auth-data';

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
export async function fetchPackingSlip(orderId: string, options: PackingSlipOptions): Promise<Blob> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/pdf' };
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/call/orders/${encodeURIComponent(orderId)}/packingSlip`, {
      method: 'POST',
      headers,
      body: JSON.stringify(options),
    });
  } catch (error) {
    throw fetchFailure(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response, body);
  }
  return response.blob();
}

/** Saves `blob` under `fileName` through a temporary link (the browser's download, no new tab). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches and saves the packing slip PDF; the file is named after the order (or the count of orders). */
export async function downloadPackingSlip(
  orderId: string,
  options: PackingSlipOptions,
  fileLabel: string,
): Promise<void> {
  const blob = await fetchPackingSlip(orderId, options);
  const safe = fileLabel.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'orders';
  saveBlob(blob, `packing-slip-${safe}.pdf`);
}
