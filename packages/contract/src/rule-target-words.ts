import type { RuleTarget, SignatureKind } from './shipping-rules.ts';

/**
 * The words of the order fields rules set, apart from the rest of the rules' words (rule-condition-words.ts,
 * rule-action-words.ts): the order view reads only these, and the web's bundle keeps the rest with the rule editor.
 */

/** The order fields rules set, as a sentence names them ("Rules decide the insured value and box"). */
export const RULE_TARGET_WORDS: Record<RuleTarget, string> = {
  shipMethod: 'shipping method',
  carrierService: 'carrier service',
  packageType: 'package type',
  boxSize: 'box',
  insuredValue: 'insured value',
  signature: 'signature',
  holdUntil: 'hold',
  tags: 'tag',
  notes: 'note',
};

export const signatureWords = (kind: SignatureKind) => `${kind} signature`;

/** Words as a sentence, a heading or a choice starts them: "Adult signature". */
export const capitalised = (text: string) => (text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text);
