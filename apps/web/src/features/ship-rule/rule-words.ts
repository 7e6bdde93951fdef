import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type RuleWordsContext } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';

/**
 * Rules in plain words are the contract's (conditionsSentence, actionsSentence: the server's "why" speaks the same):
 * this gives them the names the screen loaded and money in the tenant's currency and locale.
 */
export interface LoadedNames {
  currency: string;
  locale: string;
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
  };
}

/** Nothing loaded yet: ids read as ids ("store #12"), money in the default currency. */
export const EMPTY_WORDS_CONTEXT = wordsContext({
  currency: DEFAULT_CURRENCY,
  locale: DEFAULT_LOCALE,
  stores: new Map(),
  shipMethods: new Map(),
  boxes: new Map(),
  hazardClasses: new Map(),
});
