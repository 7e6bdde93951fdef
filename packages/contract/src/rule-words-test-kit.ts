import type { RuleWordsContext } from './rule-condition-words.ts';

/** Names as a tenant has them; money as the server's fast words and the web's Intl both write USD in English. */
export const wordsContext: RuleWordsContext = {
  money: (minor) => `$${(minor / 100).toFixed(2)}`,
  store: (id) => ({ '6': 'Etsy', '12': 'Northloop Supply' })[id],
  shipMethod: (id) => ({ '1': 'Express', '3': 'Standard' })[id],
  box: (id) => ({ '5': 'Small mailer' })[id],
  hazardClass: (code) => ({ DRY_ICE: 'Dry ice' })[code],
};
