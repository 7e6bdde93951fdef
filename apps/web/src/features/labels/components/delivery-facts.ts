import { CARRIER_NAMES, type Delivery, type Order, type ShippingLabel } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';

const STATUS: Record<Delivery['status'], string> = {
  planned: 'To ship',
  labelled: 'Labelled',
  shipped: 'Shipped',
  canceled: 'Canceled',
};

/**
 * A delivery's status as the Deliveries card words it: a purchase the carrier has not confirmed yet comes first, with
 * why the last ask failed when one did.
 */
export function deliveryStatusText(delivery: Delivery): string {
  if (delivery.purchaseState !== 'unconfirmed') return STATUS[delivery.status];
  return delivery.purchaseProblem
    ? `Checking with the carrier: ${delivery.purchaseProblem}`
    : 'Checking with the carrier';
}

/** The carrier service a delivery ships with: its own, else the order's, else a dash. */
export function deliveryServiceText(delivery: Delivery, order: Order): string {
  return delivery.carrierMethod ?? order.shipping?.carrierMethodName ?? '—';
}

/**
 * The options a label was bought with, as the Deliveries card words them: "Insured $250.00 (carrier's)",
 * "Adult signature". Empty for a label bought without them (or before they were recorded).
 */
export function labelOptionsWords(label: ShippingLabel, locale: string): string[] {
  const { insuredValue, insuredCurrency, insuranceProvider, signature } = label.options;
  const words: string[] = [];
  if (insuredValue !== null) {
    const whose = insuranceProvider === 'aggregator' ? `${CARRIER_NAMES[label.carrier]}'s insurer` : "carrier's";
    words.push(`Insured ${formatMoney(insuredValue, insuredCurrency ?? label.currency, locale)} (${whose})`);
  }
  if (signature) words.push(signature === 'adult' ? 'Adult signature' : 'Signature');
  return words;
}

/** The options a price includes, in words ("incl. insurance and signature"); null when none. */
export function includedText(insured: boolean, signed: boolean): string | null {
  const named = [insured ? 'insurance' : null, signed ? 'signature' : null].filter((word) => word !== null);
  return named.length > 0 ? `incl. ${named.join(' and ')}` : null;
}

/** What a label cost: the amount paid, which includes its options ("$8.45 incl. insurance and signature"). */
export function labelCostText(label: ShippingLabel, locale: string): string {
  if (label.amount === 0) return 'no postage';
  const cost = formatMoney(label.amount, label.currency, locale);
  const included = includedText(label.options.insuredValue !== null, label.options.signature !== null);
  return included ? `${cost} ${included}` : cost;
}
