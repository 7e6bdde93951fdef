import { describe, expect, it } from 'vitest';
import type { ShippingRule } from '@shipdesk/contract';
import { newActionForm, toAction } from './action-form';
import { conditionToForm, newConditionForm, toCondition, withField, withOperator } from './condition-form';
import { duplicateRule, moveRule, sameRules } from './rule-draft';
import { diffRules } from './rule-diff';
import { ruleErrors } from './rule-errors';
import { formToRule, newRuleForm, ruleToForm, serverErrorsToForm } from './rule-form';
import { HEAVY, VIP, rule } from './testing';

const usd = { currency: 'USD', units: 'imperial' } as const;
const metric = { currency: 'EUR', units: 'metric' } as const;

describe('building a condition: field, then operator, then value', () => {
  it('converts a weight typed in the tenant’s units (or the other system’s) to grams', () => {
    const form = withOperator(withField(newConditionForm(), 'weight'), 'gt');
    expect(toCondition({ ...form, text: '2' }, usd)).toEqual({
      ok: true,
      value: { field: 'weight', operator: 'gt', value: 907 },
    });
    expect(toCondition({ ...form, text: '8 oz' }, usd)).toMatchObject({ value: { value: 227 } });
    expect(toCondition({ ...form, text: '2 lb 3 oz' }, usd)).toMatchObject({ value: { value: 992 } });
    expect(toCondition({ ...form, text: '1.2 kg' }, usd)).toMatchObject({ value: { value: 1200 } });
    // A bare number is in the system's main unit: kilograms for a metric tenant.
    expect(toCondition({ ...form, text: '2' }, metric)).toMatchObject({ value: { value: 2000 } });
    expect(toCondition({ ...form, text: '850 g' }, metric)).toMatchObject({ value: { value: 850 } });
    expect(toCondition({ ...form, text: 'two' }, usd)).toEqual({
      ok: false,
      message: 'Enter a weight such as 2 lb 3 oz or 35 oz',
    });
    expect(toCondition({ ...form, text: '-1 kg' }, metric)).toEqual({
      ok: false,
      message: 'A weight cannot be negative',
    });
  });

  it('takes a size in the tenant’s unit: centimetres for a metric tenant, inches on the wire', () => {
    const form = withOperator(withField(newConditionForm(), 'longestSide'), 'gt');
    expect(toCondition({ ...form, text: '50.8' }, metric)).toMatchObject({ value: { value: 20 } });
    expect(toCondition({ ...form, text: '20' }, usd)).toMatchObject({ value: { value: 20 } });
    expect(toCondition({ ...form, text: '12 in' }, metric)).toMatchObject({ value: { value: 12 } });
  });

  it('sends a stored weight or size back exactly while its text is as shown, whatever the rounding', () => {
    // 1021 g reads '2 lb 4 oz' (36.01 oz), which typed afresh would be 1021 g too; 1000 g reads '2 lb 3.3 oz' (1001 g).
    const weight = conditionToForm({ field: 'weight', operator: 'between', value: [1000, 9072] }, usd);
    expect(weight).toMatchObject({ text: '2 lb 3.3 oz', to: '20 lb' });
    expect(toCondition(weight, usd)).toMatchObject({ value: { value: [1000, 9072] } });
    expect(toCondition({ ...weight, text: '2 lb 3.3 oz ' }, usd)).toMatchObject({ value: { value: [1000, 9072] } });
    expect(toCondition({ ...weight, text: '2 lb 3.4 oz' }, usd)).toMatchObject({ value: { value: [1004, 9072] } });
    // 12.34 in reads 31.3 cm, which is 12.32 in: untouched, it stays 12.34.
    const side = conditionToForm({ field: 'girth', operator: 'lte', value: 12.34 }, metric);
    expect(side.text).toBe('31.3');
    expect(toCondition(side, metric)).toMatchObject({ value: { value: 12.34 } });
    expect(toCondition({ ...side, text: '31.3' }, metric)).toMatchObject({ value: { value: 12.34 } });
    expect(toCondition({ ...side, text: '31.4' }, metric)).toMatchObject({ value: { value: 12.36 } });
    // A range made from a single value keeps its start; the end cleared is asked for.
    const single = conditionToForm({ field: 'weight', operator: 'gt', value: 1000 }, usd);
    expect(toCondition(withOperator(single, 'between'), usd)).toEqual({
      ok: false,
      message: 'To: enter a weight',
    });
    expect(toCondition({ ...withOperator(single, 'between'), to: '5 lb' }, usd)).toMatchObject({
      value: { value: [1000, 2268] },
    });
  });

  it('converts money to the currency’s minor units, and refuses more decimals than it has', () => {
    const form = withOperator(withField(newConditionForm(), 'total'), 'gte');
    expect(toCondition({ ...form, text: '1,250.5' }, usd)).toMatchObject({ value: { value: 125050 } });
    expect(toCondition({ ...form, text: '0.29' }, usd)).toMatchObject({ value: { value: 29 } });
    expect(toCondition({ ...form, text: '1200' }, { currency: 'JPY', units: 'metric' })).toMatchObject({
      value: { value: 1200 },
    });
    expect(toCondition({ ...form, text: '12.5' }, { currency: 'JPY', units: 'metric' })).toEqual({
      ok: false,
      message: 'JPY has no decimals',
    });
  });

  it('builds a range, and refuses one that runs backwards', () => {
    const form = withOperator(withField(newConditionForm(), 'weight'), 'between');
    expect(toCondition({ ...form, text: '1', to: '5' }, usd)).toMatchObject({ value: { value: [454, 2268] } });
    expect(toCondition({ ...form, text: '5', to: '1' }, usd)).toEqual({
      ok: false,
      message: 'The first value must not be after the second',
    });
    const dates = withOperator(withField(newConditionForm(), 'orderDate'), 'between');
    expect(toCondition({ ...dates, text: '2025-11-28', to: '2025-12-01' }, usd)).toMatchObject({
      value: { value: ['2025-11-28', '2025-12-01'] },
    });
  });

  it('sends lists upper-cased where they are codes, and says which choice is missing', () => {
    const states = withField(newConditionForm(), 'state');
    expect(states.operator).toBe('in');
    expect(toCondition({ ...states, list: ['ak', ' HI ', 'AK'] }, usd)).toMatchObject({
      value: { field: 'state', operator: 'in', value: ['AK', 'HI'] },
    });
    expect(toCondition(states, usd)).toEqual({ ok: false, message: 'Choose at least one state' });
    expect(toCondition({ ...withField(newConditionForm(), 'store'), list: [] }, usd)).toEqual({
      ok: false,
      message: 'Choose at least one store',
    });
  });

  it('takes a list of prefixes for a postal code, one text for a requested service, none for empty', () => {
    const postal = withField(newConditionForm(), 'postalCode');
    expect(toCondition({ ...postal, list: ['995'] }, usd)).toMatchObject({ value: { value: ['995'] } });
    const service = withOperator(withField(newConditionForm(), 'requestedService'), 'startsWith');
    expect(toCondition({ ...service, text: 'Express' }, usd)).toMatchObject({ value: { value: 'Express' } });
    expect(toCondition(withOperator(service, 'empty'), usd)).toEqual({
      ok: true,
      value: { field: 'requestedService', operator: 'empty' },
    });
    expect(toCondition({ ...withOperator(service, 'matches'), text: '(' }, usd)).toEqual({
      ok: false,
      message: 'This is not a valid pattern',
    });
  });

  it('refuses on the field the patterns JavaScript runs and the server does not: back-references, look-around', () => {
    const matches = withOperator(withField(newConditionForm(), 'sku'), 'matches');
    const check = (text: string) => toCondition({ ...matches, text }, usd);
    for (const text of ['^(a)\\1$', '(?<n>a)\\k<n>']) {
      expect(check(text)).toEqual({
        ok: false,
        message: 'Back-references (\\1, \\k<name>) are not supported in rules',
      });
    }
    for (const text of ['^bat(?=-)', 'bat(?!-x)', '(?<=x)bat', '(?<!x)bat']) {
      expect(check(text)).toMatchObject({ ok: false, message: expect.stringMatching(/^Look-ahead and look-behind/) });
    }
    expect(check('\\u00e9')).toMatchObject({ ok: false, message: expect.stringMatching(/\\x\{00e9\}/) });
    // What only looks like them: escaped, or inside a class.
    for (const text of ['^(a|a)*$', '\\\\1', '[(?=]x', '\\(?=', '[]\\]1]', '^(?:ab)+\\d{3}$']) {
      expect(check(text), text).toMatchObject({ ok: true });
    }
  });

  it('keeps what was typed when the operator changes, and clears it when the field does', () => {
    const sku = withOperator({ ...withField(newConditionForm(), 'sku'), text: '' }, 'contains');
    const typed = { ...sku, text: 'BAT' };
    expect(withOperator(typed, 'in').list).toEqual(['BAT']);
    expect(withField(typed, 'weight')).toMatchObject({ field: 'weight', operator: 'gt', text: '', list: [] });
  });

  it('reads a stored condition back in the tenant’s units', () => {
    expect(conditionToForm({ field: 'weight', operator: 'lt', value: 227 }, usd)).toMatchObject({ text: '8 oz' });
    expect(conditionToForm({ field: 'weight', operator: 'lt', value: 1021 }, usd)).toMatchObject({
      text: '2 lb 4 oz',
    });
    expect(conditionToForm({ field: 'weight', operator: 'lt', value: 1021 }, metric)).toMatchObject({
      text: '1.021 kg',
    });
    expect(conditionToForm({ field: 'longestSide', operator: 'gt', value: 22.5 }, usd)).toMatchObject({
      text: '22.5',
    });
    expect(conditionToForm({ field: 'total', operator: 'gt', value: 5000 }, usd)).toMatchObject({ text: '50.00' });
  });
});

describe('building actions and a whole rule', () => {
  it('builds each action from its fields', () => {
    expect(toAction({ ...newActionForm('setCarrierService'), service: 'usps:PRIORITY_MAIL' }, usd)).toEqual({
      ok: true,
      value: { type: 'setCarrierService', carrier: 'usps', serviceCode: 'PRIORITY_MAIL' },
    });
    expect(
      toAction(
        { ...newActionForm('cheapestService'), services: ['usps:PRIORITY_MAIL', 'ups:03'], withinDays: '2' },
        usd,
      ),
    ).toMatchObject({
      value: { withinDays: 2, services: [{ carrier: 'usps' }, { carrier: 'ups', serviceCode: '03' }] },
    });
    expect(toAction({ ...newActionForm('insure'), above: '100' }, usd)).toMatchObject({ value: { above: 10000 } });
    expect(toAction({ ...newActionForm('holdUntil'), holdDays: '0' }, usd)).toEqual({
      ok: false,
      message: 'From 1 to 365 days',
    });
    expect(toAction(newActionForm('setShipMethod'), usd)).toEqual({ ok: false, message: 'Choose a shipping method' });
  });

  it('puts every message at its place and builds nothing while one is there', () => {
    const form = newRuleForm();
    const condition = withField(newConditionForm(), 'country');
    const built = formToRule({ ...form, conditions: [condition] }, usd);
    expect(built).toEqual({
      ok: false,
      errors: {
        name: 'Give the rule a name',
        [`c:${condition.key}`]: 'Choose at least one country',
        [`a:${form.actions[0]!.key}`]: 'Choose a shipping method',
      },
    });
  });

  it('round-trips a rule through the editor unchanged', () => {
    const original = rule({ conditions: [...rule().conditions, { field: 'total', operator: 'gt', value: 12345 }] });
    const built = formToRule(ruleToForm(original, usd), usd);
    expect(built).toEqual({ ok: true, rule: original });
  });

  it('places the server’s messages about a rule under its rows', () => {
    const form = ruleToForm(rule(), usd);
    expect(
      serverErrorsToForm(
        { 'conditions.1.value': 'Weight must be a number', name: 'Name is taken', 'actions.0.serviceCode': 'Unknown' },
        form,
      ),
    ).toEqual({
      [`c:${form.conditions[1]!.key}`]: 'Weight must be a number',
      name: 'Name is taken',
      [`a:${form.actions[0]!.key}`]: 'Unknown',
    });
  });
});

describe('the draft, its errors and its history', () => {
  const rules: ShippingRule[] = [rule(), HEAVY, VIP];

  it('moves and duplicates rules without touching the list it was given', () => {
    expect(moveRule(rules, 2, 0).map((r) => r.id)).toEqual(['r_vip', 'r_remote', 'r_heavy']);
    expect(rules.map((r) => r.id)).toEqual(['r_remote', 'r_heavy', 'r_vip']);
    const copied = duplicateRule(rules, 0);
    expect(copied[1]).toMatchObject({ name: 'Alaska and Hawaii by air (copy)', conditions: rules[0]!.conditions });
    expect(copied[1]!.id).not.toBe('r_remote');
    expect(sameRules(rules, structuredClone(rules))).toBe(true);
  });

  it('sorts the server’s field errors by rule id, whatever way the path is spelled', () => {
    expect(
      ruleErrors(
        {
          'rules[1].conditions[0].value': 'Too heavy',
          'rules.2.name': 'rules.2.name must NOT have more than 100 characters',
          '/rules/1/actions/0/shipMethodId': 'No such method',
          rules: 'At most 500 rules',
        },
        rules,
      ),
    ).toEqual({
      byRule: {
        r_heavy: { 'conditions.0.value': 'Too heavy', 'actions.0.shipMethodId': 'No such method' },
        r_vip: { name: 'Must NOT have more than 100 characters' },
      },
      general: ['At most 500 rules'],
    });
  });

  it('tells a version from the draft rule by rule: added, removed, changed fields, moved', () => {
    const renamed = { ...HEAVY, name: 'Very heavy', conditions: [{ ...HEAVY.conditions[0]!, value: 13608 }] };
    const added = rule({ id: 'r_new', name: 'Weekend hold' });
    const diff = diffRules(rules, [VIP, rule(), renamed, added]);
    expect(diff.added.map((a) => a.rule.id)).toEqual(['r_new']);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toEqual([
      { id: 'r_vip', name: 'VIP tag', position: 1, fields: [{ label: 'Position', before: '#3', after: '#1' }] },
      {
        id: 'r_heavy',
        name: 'Very heavy',
        position: 3,
        fields: [
          { label: 'Name', before: 'Heavy parcels', after: 'Very heavy' },
          { label: 'Conditions', before: 'When weight is at least 20 lb', after: 'When weight is at least 30 lb' },
        ],
      },
    ]);
    expect(diff.unchanged).toBe(1);
    expect(diffRules(rules, [rule(), HEAVY]).removed.map((r) => r.rule.id)).toEqual(['r_vip']);
  });
});
