import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type RuleWordsContext, type UnitSystem } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';

/**
 * Rules in plain words are the contract's (conditionsSentence, actionsSentence: the server's "why" speaks the same):
 * this gives them the names the screen loaded, money in the tenant's currency and locale, weights and sizes in its
 * units.
 */
export interface LoadedNames {
  currency: string;
  locale: string;
  units: UnitSystem;
  stores: ReadonlyMap<string, string>;
  shipMethods: ReadonlyMap<string, string>;
  boxes: ReadonlyMap<string, string>;
  hazardClasses: ReadonlyMap<string, string>;
}

export function wordsContext(loaded: LoadedNames): RuleWordsContext {
  return {
    money: (minor) => formatMoney(minor, loaded.currency, loaded.locale),
    store: (id) => loaded.stores.get(id),
    shipMethod: (id) => loaded.shipMethods.get(id),
    box: (id) => loaded.boxes.get(id),
    hazardClass: (code) => loaded.hazardClasses.get(code),
    units: loaded.units,
  };
}

/** Nothing loaded yet: ids read as ids ("store #12"), money in the default currency, the default units. */
export const EMPTY_WORDS_CONTEXT = wordsContext({
  currency: DEFAULT_CURRENCY,
  locale: DEFAULT_LOCALE,
  units: 'imperial',
  stores: new Map(),
  shipMethods: new Map(),
  boxes: new Map(),
  hazardClasses: new Map(),
});
