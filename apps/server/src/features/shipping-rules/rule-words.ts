import {
  BUILT_IN_CARRIER,
  CARRIER_NAMES,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  currencyDigits,
  findCarrierService,
  findPackageType,
  type Carrier,
  type RuleAction,
  type SignatureKind,
} from '@shipdesk/contract';
import type { RuleNames } from './rule-facts.ts';

/**
 * The plain words of the "why" and of the editor: weights, money, services, packages, actions. They are stored with
 * every order's rule application, so they are short (long lists and notes are cut) and never throw on an unknown code.
 */

type ServiceRef = { carrier: Carrier; serviceCode: string };

/** A currency's shape in words, learnt once from Intl: formatting through Intl costs microseconds per amount. */
interface MoneyShape {
  prefix: string;
  suffix: string;
  digits: number;
  scale: number;
}
const moneyShapes = new Map<string, MoneyShape>();

function moneyShape(currency: string): MoneyShape {
  let shape = moneyShapes.get(currency);
  if (shape) return shape;
  const digits = currencyDigits(currency);
  const scale = 10 ** digits;
  try {
    const parts = new Intl.NumberFormat(DEFAULT_LOCALE, { style: 'currency', currency }).formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'integer');
    const last = parts.findLastIndex((p) => p.type === 'integer' || p.type === 'fraction' || p.type === 'decimal');
    const join = (from: number, to: number) =>
      parts
        .slice(from, to)
        .map((p) => p.value)
        .join('');
    shape = { prefix: join(0, at), suffix: join(last + 1, parts.length), digits, scale };
  } catch {
    shape = { prefix: '', suffix: ` ${currency}`, digits, scale };
  }
  moneyShapes.set(currency, shape);
  return shape;
}

/** Minor units as `$210.00` (`en` grouping); a currency Intl does not know keeps its code rather than failing. */
export function moneyWords(minorUnits: number, currency: string): string {
  const { prefix, suffix, digits, scale } = moneyShape(currency);
  const units = Math.round(Math.abs(minorUnits));
  const wholeUnits = Math.floor(units / scale);
  let whole = String(wholeUnits);
  if (wholeUnits >= 1000) {
    const head = ((whole.length - 1) % 3) + 1;
    let grouped = whole.slice(0, head);
    for (let at = head; at < whole.length; at += 3) grouped += `,${whole.slice(at, at + 3)}`;
    whole = grouped;
  }
  // scale + fraction keeps the fraction's leading zeros: 100 + 5 -> "105" -> "05".
  const fraction = digits > 0 ? `.${String(scale + (units % scale)).slice(1)}` : '';
  return `${minorUnits < 0 ? '-' : ''}${prefix}${whole}${fraction}${suffix}`;
}

/** Long lists (up to 500 values) are cut in the words, which are stored with every order's "why". */
const LIST_WORDS_LIMIT = 10;
export function listWords(values: readonly string[], joiner = ', '): string {
  if (values.length <= LIST_WORDS_LIMIT) return values.join(joiner);
  return `${values.slice(0, LIST_WORDS_LIMIT).join(joiner)} and ${values.length - LIST_WORDS_LIMIT} more`;
}

/** "USPS Priority Mail": the catalogue's name, with the carrier's in front where the name lacks it. */
export function serviceWords(carrier: Carrier, code: string): string {
  const carrierName = CARRIER_NAMES[carrier] ?? carrier;
  const name = findCarrierService(carrier, code)?.name;
  if (!name) return `${carrierName} service ${code}`;
  const named = name.startsWith(carrierName) || name.includes('(via ') || carrier === BUILT_IN_CARRIER;
  return named ? name : `${carrierName} ${name}`;
}

export function packageWords(carrier: Carrier | null, code: string): string {
  if (!carrier) return code;
  const name = findPackageType(carrier, code)?.name;
  return name ? `${name} (${CARRIER_NAMES[carrier]})` : `${CARRIER_NAMES[carrier]} package ${code}`;
}

const NOTE_WORDS_LIMIT = 80;
export const methodWords = (names: RuleNames, id: string) => names.shipMethod(id) ?? `shipping method ${id}`;
export const boxWords = (names: RuleNames, id: string) => names.box(id) ?? `box ${id}`;
export const signatureWords = (kind: SignatureKind) => `${kind} signature`;
export const holdWords = (date: string) => `hold until ${date}`;
export const tagWords = (tag: string) => `tag "${tag}"`;
export const noteWords = (text: string) =>
  `note "${text.length > NOTE_WORDS_LIMIT ? `${text.slice(0, NOTE_WORDS_LIMIT)}…` : text}"`;
export const cheapestWords = (services: ServiceRef[], withinDays?: number) =>
  `cheapest of ${listWords(services.map((s) => serviceWords(s.carrier, s.serviceCode)))}` +
  (withinDays ? ` arriving within ${withinDays} day${withinDays === 1 ? '' : 's'}` : '');

/** Plain words of what an action does, without an order: the editor's and describeRule's words. */
export function describeAction(action: RuleAction, names: RuleNames, currency: string = DEFAULT_CURRENCY): string {
  switch (action.type) {
    case 'setShipMethod':
      return `shipping method ${methodWords(names, action.shipMethodId)}`;
    case 'setCarrierService':
      return `service ${serviceWords(action.carrier, action.serviceCode)}`;
    case 'cheapestService':
      return cheapestWords(action.services, action.withinDays);
    case 'setBox':
      return `box ${boxWords(names, action.boxSizeId)}`;
    case 'setPackageType':
      return `package ${packageWords(action.carrier, action.packageType)}`;
    case 'insure':
      return `insure for the order total${action.above > 0 ? ` when above ${moneyWords(action.above, currency)}` : ''}`;
    case 'requireSignature':
      return signatureWords(action.kind);
    case 'holdUntil':
      return action.date ? holdWords(action.date) : `hold ${action.days} days after the order date`;
    case 'addTag':
      return tagWords(action.tag);
    case 'addNote':
      return noteWords(action.text);
  }
}
