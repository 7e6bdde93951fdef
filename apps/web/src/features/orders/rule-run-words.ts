import type { RuleApplyResult } from '@shipdesk/contract';

// Apart from the order view's words for the rules (order-rule-words.ts): the order list reports runs, and loads only this.

const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/**
 * What a run of the rules did: "Shipping rules ran on 12 orders; 5 changed". Nothing evaluated: no saved set. A run
 * stopped at its time budget says on how many orders it ran, in the server's words.
 */
export function runResultWords(result: RuleApplyResult, single: boolean): string {
  if (result.stopped) return `${result.stopped}.`;
  if (result.evaluated === 0) return 'No shipping rules are saved yet, so none ran.';
  if (single)
    return result.changed > 0 ? 'Shipping rules ran; the order changed.' : 'Shipping rules ran; nothing changed.';
  return `Shipping rules ran on ${orders(result.evaluated)}; ${result.changed} changed`;
}
