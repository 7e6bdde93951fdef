import { currencyDigits, customsTotal, type CustomsForm } from '@shipdesk/contract';
import type { LabelRequest, PurchasedForms, ShipmentCustoms } from '../carrier-types.ts';

/**
 * The built-in carrier's customs form (../shared/integrations-shipping.md §1.0): the UPU's CN 22 for a small item of
 * little value, CN 23 for the rest, drawn as its own 4x6 PDF beside the label whatever the label's format, so that it
 * prints on any printer and joins a batch's documents.
 */

/**
 * Special drawing rights (SDR) per unit of each currency, to hold a declared value against the UPU's 300 SDR limit of
 * a CN 22. APPROXIMATE (IMF rates of 2025, rounded; unconfirmed): rates move, so this is the one table to update or
 * to replace with configured rates (`localCustomsForm`'s `rates`). A currency missing here gets a CN 23, which the
 * UPU accepts for any item ("or whenever the sender prefers it").
 */
export const APPROXIMATE_SDR_PER_CURRENCY_UNIT: Readonly<Record<string, number>> = {
  USD: 0.735,
  EUR: 0.86,
  GBP: 0.99,
  CAD: 0.535,
  AUD: 0.485,
  NZD: 0.43,
  JPY: 0.005,
  CHF: 0.92,
  CNY: 0.103,
  HKD: 0.094,
  SGD: 0.57,
  SEK: 0.077,
  NOK: 0.073,
  DKK: 0.115,
  MXN: 0.04,
  INR: 0.0084,
};

/** The most a CN 22 item may be declared at, SDR (UPU). */
const CN22_MAX_SDR = 300;
/** The most a CN 22 item may weigh, grams: a letter-post small packet's limit. */
const CN22_MAX_GRAMS = 2000;

/** `minor` units of `currency` in SDR, or null when the table has no rate for the currency. */
export function valueInSdr(
  minor: number,
  currency: string,
  rates: Readonly<Record<string, number>> = APPROXIMATE_SDR_PER_CURRENCY_UNIT,
): number | null {
  const rate = rates[currency.toUpperCase()];
  if (rate === undefined) return null;
  return (minor / 10 ** currencyDigits(currency.toUpperCase())) * rate;
}

/** CN 22 for a parcel of at most 2 kg declared at up to 300 SDR; CN 23 otherwise, and for a currency without a rate. */
export function localCustomsForm(
  customs: Pick<ShipmentCustoms, 'currency'> & { lines: ReadonlyArray<{ valueMinor: number }> },
  parcelGrams: number,
  rates: Readonly<Record<string, number>> = APPROXIMATE_SDR_PER_CURRENCY_UNIT,
): Extract<CustomsForm, 'cn22' | 'cn23'> {
  const total = customsTotal(customs.lines.map((line) => ({ value: line.valueMinor })));
  const sdr = valueInSdr(total, customs.currency, rates);
  return sdr !== null && sdr <= CN22_MAX_SDR && parcelGrams <= CN22_MAX_GRAMS ? 'cn22' : 'cn23';
}

// The form's drawing (and pdfkit with it) comes in with the first international label.
const loadDrawing = () =>
  Promise.all([import('./local-customs-form-layout.ts'), import('./local-label-pdf.ts')]).then(([layout, pdf]) => ({
    pages: layout.localCustomsFormPages,
    render: pdf.renderPagesPdf,
  }));

/** The customs form of a label bought with a declaration: its page(s) as one PDF, dated the invoice's date. */
export async function drawLocalCustomsForm(
  request: LabelRequest & { customs: ShipmentCustoms },
  trackingNumber: string,
): Promise<PurchasedForms> {
  const { customs } = request;
  const form = localCustomsForm(customs, request.parcel.weightGrams);
  const { pages, render } = await loadDrawing();
  const bytes = await render(
    pages({
      form,
      customs,
      from: request.from,
      to: request.to,
      grossGrams: request.parcel.weightGrams,
      trackingNumber,
      units: request.units,
    }),
    { title: `Shipdesk Local ${form === 'cn22' ? 'CN 22' : 'CN 23'} ${trackingNumber}`, date: customs.invoiceDate },
  );
  return { form, document: { contentType: 'application/pdf', bytes } };
}
