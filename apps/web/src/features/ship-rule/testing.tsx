import {
  CARRIER_CATALOGUE,
  HAZARD_CLASSES,
  Role,
  type ConfigEntry,
  type RuleDryRun,
  type RuleSet,
  type ShipMethod,
  type ShippingRule,
} from '@shipdesk/contract';
import { initialUserData } from '@/lib/state/user-data-slice';
import { mockFetch, renderRoutes, type RecordedRequest } from '@/lib/testing/render-with-store';
import { ShipRulePage } from './ship-rule-page';

/** Test-only fixtures and a fake of the shipping-rules API, answering from state the test can change. */

const ok = (data: unknown, status = 200) => Response.json({ code: status, success: true, data }, { status });
export const refused = (
  status: number,
  message: string,
  extra: { reason?: string; errors?: Record<string, string> } = {},
) => Response.json({ code: status, success: false, message, ...extra }, { status });

export const sent = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url.split('?')[0] === url);

export function rule(overrides: Partial<ShippingRule> = {}): ShippingRule {
  return {
    id: 'r_remote',
    name: 'Alaska and Hawaii by air',
    enabled: true,
    match: 'all',
    conditions: [
      { field: 'state', operator: 'in', value: ['AK', 'HI'] },
      { field: 'weight', operator: 'gt', value: 907 },
    ],
    actions: [{ type: 'setCarrierService', carrier: 'usps', serviceCode: 'PRIORITY_MAIL' }],
    stop: true,
    ...overrides,
  };
}

export const HEAVY = rule({
  id: 'r_heavy',
  name: 'Heavy parcels',
  conditions: [{ field: 'weight', operator: 'gte', value: 9072 }],
  actions: [{ type: 'setShipMethod', shipMethodId: '3' }],
  stop: false,
});
export const VIP = rule({
  id: 'r_vip',
  name: 'VIP tag',
  conditions: [{ field: 'tags', operator: 'hasAny', value: ['VIP'] }],
  actions: [{ type: 'insure', above: 10000 }],
  stop: false,
});

export function ruleSet(overrides: Partial<RuleSet> = {}): RuleSet {
  return {
    scope: 'all',
    storeId: null,
    storeName: 'All stores',
    version: 4,
    rules: [rule(), HEAVY, VIP],
    updatedAt: '2025-03-01T19:22:05Z',
    updatedBy: 'Ana Ruiz',
    ...overrides,
  };
}

const STORE_SET = ruleSet({
  scope: '12',
  storeId: '12',
  storeName: 'Northloop Supply',
  version: 0,
  rules: [],
  updatedAt: null,
  updatedBy: null,
});

function shipMethod(id: string, name: string): ShipMethod {
  return { id, name, openOrders: 0, mapped: true, createdAt: '2025-02-01T12:00:00Z' };
}

export const DRY_RUN: RuleDryRun = {
  evaluated: 1000,
  changedCount: 2,
  changed: [
    {
      orderId: '501',
      orderNumber: 'SHP-1001',
      changes: [
        { target: 'carrierService', before: 'USPS Ground Advantage', after: 'USPS Priority Mail', ruleId: 'r_remote' },
        { target: 'insuredValue', before: null, after: '$210.00', ruleId: 'r_vip' },
      ],
    },
    {
      orderId: '502',
      orderNumber: 'SHP-1002',
      changes: [{ target: 'shipMethod', before: 'Standard', after: 'Express', ruleId: 'r_heavy' }],
    },
  ],
  matches: { r_remote: 1, r_heavy: 1, r_vip: 0 },
  neverMatched: ['r_vip'],
  shadowed: [],
  failed: [{ ruleId: 'r_heavy', orderId: '503', message: 'No rate within 2 days' }],
  ms: 812,
};

/** What the fake answers; a test changes it before or while the page runs. */
export interface FakeRulesApi {
  sets: RuleSet[];
  shipMethods: ShipMethod[];
  versions: Record<number, RuleSet>;
  /** The answer to the next PUT; by default the set saved with its version bumped. */
  onSave?: (scope: string, body: { version: number; rules: ShippingRule[] }) => Response;
  dryRun: RuleDryRun;
  /** The list answers 503 while this is set. */
  listDown?: boolean;
  /** The tenant's config entries (`units`, ...); none by default: imperial, USD. */
  configs: ConfigEntry[];
}

export function fakeRulesApi(): { api: FakeRulesApi; requests: RecordedRequest[] } {
  const api: FakeRulesApi = {
    sets: [ruleSet(), STORE_SET],
    shipMethods: [shipMethod('3', 'Standard'), shipMethod('4', 'Express')],
    versions: {},
    dryRun: DRY_RUN,
    configs: [],
  };
  const requests = mockFetch((request) => {
    const { method, url } = request;
    const path = url.split('?')[0] ?? url;
    if (method === 'GET' && path === '/call/shippingRuleSet/list') {
      return api.listDown ? refused(503, 'The rules are resting') : ok({ ruleSets: api.sets });
    }
    const put = /^\/api\/v1\/shippingRuleByStore\/(\w+)$/.exec(path);
    if (method === 'PUT' && put) {
      const body = request.body as { version: number; rules: ShippingRule[] };
      if (api.onSave) return api.onSave(put[1]!, body);
      const current = api.sets.find((s) => s.scope === put[1])!;
      const saved = { ...current, version: current.version + 1, rules: body.rules, updatedBy: 'You' };
      api.sets = api.sets.map((s) => (s.scope === saved.scope ? saved : s));
      return ok(saved);
    }
    const versions = /^\/call\/shippingRuleSet\/(\w+)\/versions$/.exec(path);
    if (method === 'GET' && versions) {
      const list = Object.values(api.versions)
        .sort((a, b) => b.version - a.version)
        .map((v) => ({
          version: v.version,
          ruleCount: v.rules.length,
          updatedAt: v.updatedAt,
          updatedBy: v.updatedBy,
        }));
      return ok({ versions: list });
    }
    const version = /^\/call\/shippingRuleSet\/(\w+)\/versions\/(\d+)$/.exec(path);
    if (method === 'GET' && version) return ok(api.versions[Number(version[2])]);
    if (method === 'POST' && /^\/call\/shippingRuleSet\/\w+\/dryRun$/.test(path)) return ok(api.dryRun);
    if (method === 'GET' && path === '/call/shippingRuleSet/getHazardous') return ok({ classes: HAZARD_CLASSES });
    if (method === 'GET' && path === '/call/shippingRuleSet/getCategory') {
      return ok({ categories: [{ name: 'Batteries', orderLines: 40 }] });
    }
    if (method === 'GET' && path === '/call/shippingRuleSet/getPackageSizes') {
      return ok({
        packageTypes: CARRIER_CATALOGUE.usps.packageTypes.map((p) => ({ carrier: 'usps', ...p })),
        boxSizes: [
          { id: '5', name: 'Small mailer', length: 12, width: 9, height: 4, emptyWeight: 120, maxWeight: 4500 },
        ],
      });
    }
    if (method === 'GET' && path === '/api/v1/shipMethods') {
      return ok({ rows: api.shipMethods, page: 1, size: 500, total: api.shipMethods.length, unmapped: [] });
    }
    if (method === 'GET' && path === '/call/carriers/catalogue') {
      return ok({ carriers: [CARRIER_CATALOGUE.usps, CARRIER_CATALOGUE.local] });
    }
    if (method === 'GET' && path === '/api/v1/configs') return ok(api.configs);
    return refused(404, 'Not Found');
  });
  return { api, requests };
}

/** The page at /ship_rule (or `url`), with a second route to leave to. */
export function renderShipRule(url = '/ship_rule', roleId: number = Role.Admin) {
  return renderRoutes(
    [
      { path: '/ship_rule', element: <ShipRulePage /> },
      { path: '/orders', element: <p>Orders page</p> },
    ],
    url,
    { userData: { ...initialUserData, user_role_id: roleId } },
  );
}
