import type { Path } from 'react-hook-form';
import {
  HAND_SET_TARGETS,
  minorToDecimal,
  type HandSetTarget,
  type Order,
  type OrderRuleSettingsUpdate,
  type SignatureKind,
  parseMoney,
} from '@shipdesk/contract';

/**
 * The form of an order's shipping settings besides its service: for each of insurance, signature, hold and box,
 * whether the shipping rules decide it or a person sets it by hand, and the value set by hand. An empty value set by
 * hand is "none" (no insurance, no signature, no hold, no box), chosen by a person.
 */

export type SettingMode = 'rules' | 'hand';

export interface RuleSettingsFormValues {
  modes: Record<HandSetTarget, SettingMode>;
  /** In the order currency's major units ('12.50'); '' for no insurance. */
  insuredValue: string;
  signature: '' | SignatureKind;
  /** `YYYY-MM-DD`; '' for no hold. */
  holdUntil: string;
  /** '' for no box. */
  boxSizeId: string;
}

/** The fields the server names in its refusals, each the form's field of the same name. */
export const RULE_SETTINGS_FIELDS: Path<RuleSettingsFormValues>[] = [
  'insuredValue',
  'signature',
  'holdUntil',
  'boxSizeId',
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The form opens on what the order holds now; the fields a person set by hand open as "Set by hand". */
export function ruleSettingsFormDefaults(order: Pick<Order, 'ruleSettings' | 'currency'>): RuleSettingsFormValues {
  const { insuredValue, signature, holdUntil, boxSizeId, handSet } = order.ruleSettings;
  const modes = Object.fromEntries(
    HAND_SET_TARGETS.map((target) => [target, handSet.includes(target) ? 'hand' : 'rules']),
  ) as Record<HandSetTarget, SettingMode>;
  return {
    modes,
    insuredValue: insuredValue === null ? '' : minorToDecimal(insuredValue, order.currency),
    signature: signature ?? '',
    holdUntil: holdUntil ?? '',
    boxSizeId: boxSizeId ?? '',
  };
}

export function validateRuleSettingsForm(values: RuleSettingsFormValues, currency: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.modes.insuredValue === 'hand' && values.insuredValue.trim() !== '') {
    const parsed = parseMoney(values.insuredValue, currency);
    if (!parsed.ok) errors.insuredValue = parsed.message;
  }
  if (values.modes.holdUntil === 'hand' && values.holdUntil !== '' && !DATE.test(values.holdUntil)) {
    errors.holdUntil = 'Enter a date such as 2025-12-01';
  }
  return errors;
}

/** The value set by hand of each field, as the API takes it (null: none). The form was validated. */
function handValues(values: RuleSettingsFormValues, currency: string) {
  const money = values.insuredValue.trim() === '' ? null : parseMoney(values.insuredValue, currency);
  return {
    insuredValue: money?.ok ? money.minor : null,
    signature: values.signature || null,
    holdUntil: values.holdUntil || null,
    boxSizeId: values.boxSizeId || null,
  };
}

/**
 * The body of the change: the fields set by hand that are new or differ from the order's, the fields handed back to
 * the rules (those that were set by hand), and the order's version so a stale screen is refused. Null when nothing
 * changed.
 */
export function toOrderRuleSettingsUpdate(
  values: RuleSettingsFormValues,
  order: Pick<Order, 'ruleSettings' | 'currency' | 'version'>,
): OrderRuleSettingsUpdate | null {
  const { ruleSettings } = order;
  const wanted = handValues(values, order.currency);
  const body: OrderRuleSettingsUpdate = {};
  const automatic: HandSetTarget[] = [];
  const wasByHand = (target: HandSetTarget) => ruleSettings.handSet.includes(target);
  const changed = (target: HandSetTarget, now: unknown, before: unknown) =>
    values.modes[target] === 'hand' && (!wasByHand(target) || now !== before);
  for (const target of HAND_SET_TARGETS) {
    if (values.modes[target] === 'rules' && wasByHand(target)) automatic.push(target);
  }
  if (changed('insuredValue', wanted.insuredValue, ruleSettings.insuredValue)) body.insuredValue = wanted.insuredValue;
  if (changed('signature', wanted.signature, ruleSettings.signature)) body.signature = wanted.signature;
  if (changed('holdUntil', wanted.holdUntil, ruleSettings.holdUntil)) body.holdUntil = wanted.holdUntil;
  if (changed('boxSize', wanted.boxSizeId, ruleSettings.boxSizeId)) body.boxSizeId = wanted.boxSizeId;
  if (automatic.length > 0) body.automatic = automatic;
  if (Object.keys(body).length === 0) return null;
  return { ...body, version: order.version };
}
