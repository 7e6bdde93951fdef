import type { ShippingRule } from '@shipdesk/contract';

/**
 * A rule set like a busy seller's, for the pull benchmark (`--rules N`): destinations, weights, totals, tags, SKUs and
 * categories tested in turn, actions that tag, insure, ask for signatures and set a shipping method. Most rules match
 * some of the fake shop's orders, none stops the evaluation, so every order runs every rule (the most work).
 */
export function benchRuleSet(count: number, shipMethodId: string): ShippingRule[] {
  const states = ['AK', 'HI', 'CA', 'NY', 'TX', 'WA', 'FL', 'IL', 'OR', 'NV'];
  const rules: ShippingRule[] = [];
  for (let i = 0; i < count; i++) {
    const shape = i % 6;
    const base = { id: `bench-${i}`, name: `Bench rule ${i + 1}`, enabled: true, stop: false } as const;
    if (shape === 0) {
      rules.push({
        ...base,
        match: 'all',
        conditions: [
          { field: 'state', operator: 'in', value: [states[i % states.length]!, states[(i + 3) % states.length]!] },
          { field: 'weight', operator: 'gt', value: 400 + i * 10 },
        ],
        actions: [{ type: 'setShipMethod', shipMethodId }],
      });
    } else if (shape === 1) {
      rules.push({
        ...base,
        match: 'all',
        conditions: [{ field: 'total', operator: 'gte', value: 5_000 + i * 100 }],
        actions: [
          { type: 'insure', above: 5_000 },
          { type: 'requireSignature', kind: 'standard' },
        ],
      });
    } else if (shape === 2) {
      rules.push({
        ...base,
        match: 'any',
        conditions: [
          { field: 'tags', operator: 'hasAny', value: ['vip', `wholesale-${i}`] },
          { field: 'itemCount', operator: 'gte', value: 4 },
        ],
        actions: [{ type: 'addTag', tag: `rule-${i}` }],
      });
    } else if (shape === 3) {
      rules.push({
        ...base,
        match: 'all',
        conditions: [{ field: 'sku', operator: 'startsWith', value: [`SKU-${i % 10}`] }],
        actions: [{ type: 'addTag', tag: `sku-${i}` }],
      });
    } else if (shape === 4) {
      rules.push({
        ...base,
        match: 'all',
        conditions: [
          { field: 'country', operator: 'notIn', value: ['US'] },
          { field: 'postalCode', operator: 'startsWith', value: [String(i % 10)] },
        ],
        actions: [{ type: 'holdUntil', days: 2 }],
      });
    } else {
      rules.push({
        ...base,
        match: 'all',
        conditions: [
          { field: 'category', operator: 'in', value: ['apparel', 'home'] },
          { field: 'orderWeekday', operator: 'in', value: ['sat', 'sun'] },
        ],
        actions: [{ type: 'addTag', tag: 'weekend' }],
      });
    }
  }
  return rules;
}
