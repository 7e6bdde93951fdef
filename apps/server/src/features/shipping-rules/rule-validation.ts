import {
  BUILT_IN_CARRIER,
  CARRIER_NAMES,
  RULE_LIMITS,
  RULE_TARGET_WORDS,
  SIGNATURE_KINDS,
  findCarrierService,
  findPackageType,
  isCarrier,
  serviceWords,
  type Carrier,
  type RuleAction,
  type RuleActionType,
  type RuleTarget,
  type ShippingRule,
} from '@shipdesk/contract';
import { ConditionError, isRealDate, readCondition } from './rule-condition-reading.ts';
import { HEAVY, UNPACED, finish, type Pace, type Steps } from './rule-work-clock.ts';

/**
 * What the schema cannot say about a rule set: values that fit their field and operator, ids the tenant has, carriers
 * it can ship with, services and package types the carrier sells, one decision per field in a rule. Errors are keyed
 * by the path of the part at fault (`rules[3].conditions[1].value`) and name the rule as people number them, so the
 * editor can put each message beside its input.
 */

/** The tenant's ids and carriers; another tenant's id is simply not here, and reads as unknown. */
export interface RuleReferences {
  shipMethodIds: ReadonlySet<string>;
  boxSizeIds: ReadonlySet<string>;
  storeIds: ReadonlySet<string>;
  /** The built-in carrier is always connected, whether or not it is listed here. */
  connectedCarriers: ReadonlySet<Carrier>;
}

/** The field each action decides; tags and notes add up and may repeat. */
const ACTION_TARGETS: Record<RuleActionType, RuleTarget> = {
  setShipMethod: 'shipMethod',
  setCarrierService: 'carrierService',
  cheapestService: 'carrierService',
  setBox: 'boxSize',
  setPackageType: 'packageType',
  insure: 'insuredValue',
  requireSignature: 'signature',
  holdUntil: 'holdUntil',
  addTag: 'tags',
  addNote: 'notes',
};
/** Targets more than one action of a rule may add to. */
const ADDED_TO: ReadonlySet<RuleTarget> = new Set(['tags', 'notes']);

const isWhole = (n: unknown, min: number, max: number): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
const isText = (text: unknown, max: number): boolean =>
  typeof text === 'string' && text.trim() !== '' && text.length <= max;

type Problems = Array<[path: string, message: string]>;

/** A carrier the tenant can ship with, or the problem put at `<at>.carrier`. */
function shippable(refs: RuleReferences, carrier: unknown, at: string, out: Problems): carrier is Carrier {
  if (!isCarrier(carrier)) {
    out.push([`${at}.carrier`, `unknown carrier "${String(carrier)}"`]);
    return false;
  }
  if (carrier === BUILT_IN_CARRIER || refs.connectedCarriers.has(carrier)) return true;
  out.push([`${at}.carrier`, `carrier ${CARRIER_NAMES[carrier]} is not connected`]);
  return false;
}

function checkService(refs: RuleReferences, carrier: unknown, code: string, at: string, out: Problems): void {
  if (shippable(refs, carrier, at, out) && !findCarrierService(carrier, code)) {
    out.push([`${at}.serviceCode`, `${CARRIER_NAMES[carrier]} has no service "${code}"`]);
  }
}

function checkAction(action: RuleAction, refs: RuleReferences, at: string, out: Problems): void {
  switch (action.type) {
    case 'setShipMethod':
      if (!refs.shipMethodIds.has(String(action.shipMethodId))) {
        out.push([`${at}.shipMethodId`, `unknown shipping method ${action.shipMethodId}`]);
      }
      return;
    case 'setBox':
      if (!refs.boxSizeIds.has(String(action.boxSizeId)))
        out.push([`${at}.boxSizeId`, `unknown box ${action.boxSizeId}`]);
      return;
    case 'setCarrierService':
      return checkService(refs, action.carrier, action.serviceCode, at, out);
    case 'cheapestService': {
      if (!Array.isArray(action.services) || action.services.length === 0) {
        out.push([`${at}.services`, 'name at least one service to compare']);
        return;
      }
      const seen = new Set<string>();
      action.services.forEach((service, s) => {
        const key = `${service.carrier}\u0000${service.serviceCode}`;
        if (seen.has(key)) {
          const words = serviceWords(service.carrier, service.serviceCode);
          out.push([`${at}.services[${s}]`, `${words} is listed twice`]);
        }
        seen.add(key);
        checkService(refs, service.carrier, service.serviceCode, `${at}.services[${s}]`, out);
      });
      if (action.withinDays !== undefined && !isWhole(action.withinDays, 1, 60)) {
        out.push([`${at}.withinDays`, 'the days must be a whole number from 1 to 60']);
      }
      return;
    }
    case 'setPackageType':
      if (shippable(refs, action.carrier, at, out) && !findPackageType(action.carrier, action.packageType)) {
        out.push([`${at}.packageType`, `${CARRIER_NAMES[action.carrier]} has no package type "${action.packageType}"`]);
      }
      return;
    case 'insure':
      if (!isWhole(action.above, 0, 100_000_000_00)) out.push([`${at}.above`, 'the amount must be 0 or more']);
      return;
    case 'requireSignature':
      if (!SIGNATURE_KINDS.includes(action.kind)) out.push([`${at}.kind`, `unknown signature "${action.kind}"`]);
      return;
    case 'holdUntil':
      if ((action.date === undefined) === (action.days === undefined)) {
        out.push([at, 'give either a date or a number of days, not both']);
      } else if (action.date !== undefined && !isRealDate(action.date)) {
        out.push([`${at}.date`, `${action.date} is not a real date YYYY-MM-DD`]);
      } else if (action.days !== undefined && !isWhole(action.days, 1, 365)) {
        out.push([`${at}.days`, 'the days must be a whole number from 1 to 365']);
      }
      return;
    case 'addTag':
      if (!isText(action.tag, 50)) out.push([`${at}.tag`, 'a tag of 1 to 50 characters is needed']);
      return;
    case 'addNote':
      if (!isText(action.text, RULE_LIMITS.note)) {
        out.push([`${at}.text`, `a note of 1 to ${RULE_LIMITS.note} characters is needed`]);
      }
      return;
    default:
      out.push([`${at}.type`, `unknown action "${(action as { type: unknown }).type}"`]);
  }
}

function* checkRule(rule: ShippingRule, index: number, refs: RuleReferences, out: Problems, pace: Pace): Steps<void> {
  const at = `rules[${index}]`;
  const conditions = Array.isArray(rule.conditions) ? rule.conditions : [];
  const actions = Array.isArray(rule.actions) ? rule.actions : [];
  if (conditions.length > RULE_LIMITS.conditionsPerRule) {
    out.push([
      `${at}.conditions`,
      `at most ${RULE_LIMITS.conditionsPerRule} conditions; this rule has ${conditions.length}`,
    ]);
  }
  for (const [c, condition] of conditions.entries()) {
    try {
      const reading = readCondition(condition);
      const unknownStore = condition.field === 'store' && reading.list?.find((id) => !refs.storeIds.has(id));
      if (unknownStore) out.push([`${at}.conditions[${c}].value`, `unknown store ${unknownStore}`]);
    } catch (error) {
      const part = error instanceof ConditionError ? error.part : 'value';
      out.push([`${at}.conditions[${c}].${part}`, (error as Error).message]);
    }
    // Reading a pattern compiles it.
    if (pace.due(condition.operator === 'matches' ? HEAVY : 1)) yield;
  }
  if (actions.length === 0 || actions.length > RULE_LIMITS.actionsPerRule) {
    out.push([
      `${at}.actions`,
      `a rule needs 1 to ${RULE_LIMITS.actionsPerRule} actions; this one has ${actions.length}`,
    ]);
  }
  const decided = new Map<RuleTarget, number>();
  actions.forEach((action, a) => {
    checkAction(action, refs, `${at}.actions[${a}]`, out);
    const target = ACTION_TARGETS[action.type];
    if (!target || ADDED_TO.has(target)) return;
    const first = decided.get(target);
    if (first !== undefined) {
      out.push([`${at}.actions[${a}]`, `action ${first + 1} already sets the ${RULE_TARGET_WORDS[target]}`]);
    } else decided.set(target, a);
  });
}

/**
 * Errors of a rule set keyed by path, each message naming the rule (`Rule 4 “VIP to Express”: unknown shipping method
 * 42`); an empty object when the set may be saved. Only the first problem of each path is kept. Yields between
 * conditions when `pace` says so: a set may hold 25,000 of them.
 */
export function* validationSteps(
  rules: ShippingRule[],
  refs: RuleReferences,
  pace: Pace,
): Steps<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (rules.length > RULE_LIMITS.rules) {
    errors.rules = `A rule set holds at most ${RULE_LIMITS.rules} rules; this one has ${rules.length}`;
  }
  const firstWithId = new Map<string, number>();
  for (const [index, rule] of rules.entries()) {
    const problems: Problems = [];
    const earlier = firstWithId.get(rule.id);
    if (earlier !== undefined)
      problems.push([`rules[${index}].id`, `the id "${rule.id}" is also rule ${earlier + 1}'s`]);
    else firstWithId.set(rule.id, index);
    yield* checkRule(rule, index, refs, problems, pace);
    for (const [path, message] of problems) errors[path] ??= `Rule ${index + 1} “${rule.name}”: ${message}`;
  }
  return errors;
}

/** The same, at once. */
export function validateRuleSet(rules: ShippingRule[], refs: RuleReferences): Record<string, string> {
  return finish(validationSteps(rules, refs, UNPACED));
}
