import { DEFAULT_LOCALE, HAZARD_CLASSES, currencyDigits, type RuleWordsContext } from '@shipdesk/contract';
import type { RuleNames } from './rule-facts.ts';

/**
 * The context of the contract's rule words (rule-condition-words.ts, rule-action-words.ts) on the server: the
 * tenant's names and the order's currency. Money is written here, fast, because the words are stored with every
 * order's "why"; the web writes the same amounts through Intl.
 */

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
function moneyWords(minorUnits: number, currency: string): string {
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

const HAZARD_NAMES = new Map(HAZARD_CLASSES.map((h) => [h.code, h.name]));

/**
 * The words' context for an order: the tenant's names, money in the order's currency, hazard classes by name,
 * weights and sizes in the tenant's units (when the caller read them).
 */
export function ruleWordsContext(names: RuleNames, currency: string): RuleWordsContext {
  return {
    money: (minor) => moneyWords(minor, currency),
    store: (id) => names.store(id),
    shipMethod: (id) => names.shipMethod(id),
    box: (id) => names.box(id),
    hazardClass: (code) => HAZARD_NAMES.get(code),
    units: names.units,
  };
}
