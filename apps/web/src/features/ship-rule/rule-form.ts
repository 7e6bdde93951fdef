import { RULE_LIMITS, type RuleAction, type RuleCondition, type ShippingRule } from '@shipdesk/contract';
import { actionToForm, newActionForm, toAction, type ActionForm } from './action-form';
import { conditionToForm, toCondition, type ConditionForm, type FormContext } from './condition-form';
import { REPEATABLE_ACTIONS } from './rule-fields';

/** A rule as the editor dialog holds it. */
export interface RuleForm {
  id: string;
  name: string;
  enabled: boolean;
  match: 'all' | 'any';
  stop: boolean;
  conditions: ConditionForm[];
  actions: ActionForm[];
}

/**
 * Messages of the editor, each where it belongs: `name`, `actions` (the list as a whole), `rule` (what names no
 * single place), and one per row under `c:<row key>` and `a:<row key>`.
 */
export type FormErrors = Record<string, string>;

export const conditionErrorKey = (form: Pick<ConditionForm, 'key'>) => `c:${form.key}`;
export const actionErrorKey = (form: Pick<ActionForm, 'key'>) => `a:${form.key}`;

/** A rule id of the editor's making: kept across versions so the history can follow the rule. */
export function newRuleId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 16)
      : Math.random().toString(36).slice(2, 18);
  return `r_${random}`;
}

export function newRuleForm(): RuleForm {
  return {
    id: newRuleId(),
    name: '',
    enabled: true,
    match: 'all',
    stop: false,
    conditions: [],
    actions: [newActionForm()],
  };
}

export function ruleToForm(rule: ShippingRule, ctx: FormContext): RuleForm {
  return {
    id: rule.id,
    name: rule.name,
    enabled: rule.enabled,
    match: rule.match,
    stop: rule.stop,
    conditions: rule.conditions.map((condition) => conditionToForm(condition, ctx)),
    actions: rule.actions.map((action) => actionToForm(action, ctx)),
  };
}

type BuiltRule = { ok: true; rule: ShippingRule } | { ok: false; errors: FormErrors };

/** The wire rule of the editor, or every message that keeps it from being one (each at its place). */
export function formToRule(form: RuleForm, ctx: FormContext): BuiltRule {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'Give the rule a name';
  else if (name.length > 100) errors.name = 'At most 100 characters';
  if (form.conditions.length > RULE_LIMITS.conditionsPerRule) {
    errors.rule = `At most ${RULE_LIMITS.conditionsPerRule} conditions`;
  }
  const conditions: RuleCondition[] = [];
  for (const row of form.conditions) {
    const built = toCondition(row, ctx);
    if (built.ok) conditions.push(built.value);
    else errors[conditionErrorKey(row)] = built.message;
  }
  if (form.actions.length === 0) errors.actions = 'Add at least one action: what the rule does';
  else if (form.actions.length > RULE_LIMITS.actionsPerRule) {
    errors.actions = `At most ${RULE_LIMITS.actionsPerRule} actions`;
  }
  const actions: RuleAction[] = [];
  const seen = new Set<string>();
  for (const row of form.actions) {
    const built = toAction(row, ctx);
    if (!built.ok) errors[actionErrorKey(row)] = built.message;
    else if (seen.has(row.type) && !REPEATABLE_ACTIONS.has(row.type)) {
      errors[actionErrorKey(row)] = 'The rule does this already in an action above';
    } else actions.push(built.value);
    seen.add(row.type);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    rule: { id: form.id, name, enabled: form.enabled, match: form.match, conditions, actions, stop: form.stop },
  };
}

/**
 * The server's messages about one rule (paths relative to it, as `ruleErrors` gives them) at their places in the
 * editor: `conditions.1.value` under the second condition's row, `actions.0.shipMethodId` under the first action's.
 */
export function serverErrorsToForm(messages: Readonly<Record<string, string>>, form: RuleForm): FormErrors {
  const errors: FormErrors = {};
  const put = (key: string, message: string) => {
    errors[key] = errors[key] ? `${errors[key]}; ${message}` : message;
  };
  for (const [path, message] of Object.entries(messages)) {
    const [head, index] = path.split('.');
    const row =
      head === 'conditions'
        ? form.conditions[Number(index)]
        : head === 'actions'
          ? form.actions[Number(index)]
          : undefined;
    if (row && index !== undefined) put(head === 'conditions' ? `c:${row.key}` : `a:${row.key}`, message);
    else if (head === 'name') put('name', message);
    else if (head === 'actions') put('actions', message);
    else put('rule', message);
  }
  return errors;
}
