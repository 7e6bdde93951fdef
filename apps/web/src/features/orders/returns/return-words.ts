import { CARRIER_NAMES, type Carrier, type ReturnAddress, type ReturnLabel } from '@shipdesk/contract';
import { formatDateTime } from '@/lib/format';

/** How a return's service is told apart among the choices: the carrier, the account and the service. */
export const choiceKey = (choice: { carrier: Carrier; carrierAccountId: string | null; serviceCode: string }) =>
  `${choice.carrier}:${choice.carrierAccountId ?? ''}:${choice.serviceCode}`;

const carrierName = (carrier: string) => CARRIER_NAMES[carrier as Carrier] ?? carrier;

/** "USPS · Priority Mail": the carrier before its service, unless the service's name already starts with it. */
export function serviceWords(carrier: string, serviceName: string): string {
  const name = carrierName(carrier);
  return serviceName.toLowerCase().startsWith(name.toLowerCase()) ? serviceName : `${name} · ${serviceName}`;
}

/** "RMA 1001-1", or the number alone when it already says RMA ("RMA-1001-1"). */
export const rmaWords = (rma: string) => (/^rma/i.test(rma) ? rma : `RMA ${rma}`);

export const PAY_ON_USE_WORDS = 'Charged only when the buyer uses it';

/**
 * What a return costs the seller, as the card says it: a pay-on-use return is charged when the buyer sends the parcel
 * (with the carrier's price when it gave one), any other is charged when it is made.
 */
export function returnCostWords(
  label: Pick<ReturnLabel, 'payOnUse' | 'amount' | 'currency'>,
  money: (minor: number, currency: string) => string,
): string {
  if (label.payOnUse) {
    return label.amount > 0 ? `${PAY_ON_USE_WORDS} (${money(label.amount, label.currency)})` : PAY_ON_USE_WORDS;
  }
  return label.amount > 0 ? `Charged ${money(label.amount, label.currency)}` : 'Nothing to pay';
}

/** The e-mail to the buyer in a line, and whether it failed (the card offers to send it again). */
export function returnEmailWords(
  email: ReturnLabel['email'],
  timeZone: string,
): { text: string; tone: 'done' | 'waiting' | 'failed' | 'none' } {
  const to = email.to ?? 'the buyer';
  switch (email.status) {
    case 'sent':
      return {
        text: `E-mailed to ${to}${email.sentAt ? ` on ${formatDateTime(email.sentAt, timeZone)}` : ''}`,
        tone: 'done',
      };
    case 'queued':
      return { text: `Being e-mailed to ${to}`, tone: 'waiting' };
    case 'failed':
      return {
        text: `The e-mail to ${to} failed${email.message ? `: ${email.message.replace(/\.$/, '')}` : ''}`,
        tone: 'failed',
      };
    default:
      return { text: 'Not e-mailed', tone: 'none' };
  }
}

/** An address as the lines of an envelope. */
export function addressLines(address: ReturnAddress): string[] {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.name, address.company, address.street1, address.street2, cityLine, address.country].filter(
    (line): line is string => Boolean(line),
  );
}

/** The return label events of the timeline (their payload names the return by its RMA). */
export const RETURN_EVENT_NAMES: Record<string, string> = {
  returnLabel: 'Return label made',
  returnLabelVoided: 'Return label voided',
  returnLabelEmailed: 'Return label e-mailed',
  returnLabelEmailFailed: 'Return label e-mail failed',
};

export function returnEventName(event: string, payload: Record<string, unknown>): string | null {
  const name = RETURN_EVENT_NAMES[event];
  if (!name) return null;
  if (event === 'returnLabelEmailed' && typeof payload.to === 'string') return `${name} to ${payload.to}`;
  return name;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A return event's details: its RMA, the service and tracking number, what it costs, where the e-mail went. */
export function returnEventDetails(
  event: string,
  payload: Record<string, unknown>,
  money: (minor: number, currency: string | null) => string,
): string[] {
  const details: string[] = [];
  const rma = text(payload.rma);
  if (rma) details.push(rmaWords(rma));
  const tracking = text(payload.trackingNumber);
  const service = text(payload.service) ?? (text(payload.carrier) ? carrierName(String(payload.carrier)) : null);
  if (tracking) details.push(`${service ? `${service} · ` : ''}tracking ${tracking}`);
  if (event === 'returnLabel' && typeof payload.amount === 'number') {
    details.push(
      returnCostWords(
        { payOnUse: payload.payOnUse === true, amount: payload.amount, currency: text(payload.currency) ?? '' },
        (minor, currency) => money(minor, currency || null),
      ),
    );
  }
  if (event === 'returnLabelVoided') {
    if (payload.refund === 'requested') details.push('Refund requested from the carrier');
    if (payload.refund === 'done') details.push('Refunded');
  }
  if (event === 'returnLabelEmailFailed') {
    if (text(payload.to)) details.push(`To ${String(payload.to)}`);
    if (text(payload.message)) details.push(String(payload.message));
  }
  return details;
}
