import Type from 'typebox';
import { CarrierSchema } from './carriers.ts';
import { IdSchema as Id } from './ids.ts';
import { MAX_MINOR_UNITS } from './money.ts';
import { Nullable, literalUnion, schema } from './schema-kit.ts';

/**
 * Shipping rules (spec 2.2 `/ship_rule`, 7.4). A tenant has one rule set per store and one for all stores; an order
 * runs its store's set, then the all-stores set. Rules run in order: a rule whose conditions hold applies its
 * actions; the first rule that sets a field decides it (a later one is recorded as overruled), tags and notes add up;
 * a matched rule with `stop` ends the evaluation, the all-stores set included. A value a person set by hand on the
 * order wins over every rule, and a labelled delivery is never touched. docs/shipping-rules.md has the whole model.
 */

/** The scope of a rule set in paths: a store's id, or `all` for the set every store's orders run after their own. */
export const ALL_STORES_SCOPE = 'all';
export const RuleSetScopeSchema = Type.String({ pattern: '^(all|[1-9][0-9]{0,17})$', maxLength: 18 });

/** Limits (a rule set over them is a 400 naming the rule and the field). */
export const RULE_LIMITS = {
  rules: 500,
  conditionsPerRule: 50,
  actionsPerRule: 20,
  listValues: 500,
  text: 200,
  pattern: 200,
  note: 1000,
  dryRunDefault: 1_000,
  dryRunMax: 10_000,
  /** Orders one `apply` call evaluates; a larger tab is refused with its count. */
  applyMax: 10_000,
} as const;

/**
 * The order facts a condition can test, each with the operators it accepts and the value it takes. Weights in grams,
 * money in the order's minor units, lengths in inches; dates and times in the tenant's time zone.
 */
export const RULE_FIELDS = {
  store: { operators: ['in', 'notIn'], value: 'ids' },
  requestedService: {
    operators: ['eq', 'ne', 'in', 'notIn', 'contains', 'startsWith', 'matches', 'empty'],
    value: 'text',
  },
  country: { operators: ['in', 'notIn'], value: 'texts' },
  state: { operators: ['in', 'notIn'], value: 'texts' },
  postalCode: { operators: ['startsWith', 'notStartsWith', 'matches'], value: 'texts' },
  residential: { operators: ['is'], value: 'boolean' },
  weight: { operators: ['gt', 'gte', 'lt', 'lte', 'between'], value: 'number' },
  longestSide: { operators: ['gt', 'gte', 'lt', 'lte', 'between'], value: 'number' },
  girth: { operators: ['gt', 'gte', 'lt', 'lte', 'between'], value: 'number' },
  total: { operators: ['gt', 'gte', 'lt', 'lte', 'between'], value: 'number' },
  itemCount: { operators: ['eq', 'gt', 'gte', 'lt', 'lte', 'between'], value: 'number' },
  sku: { operators: ['in', 'notIn', 'contains', 'startsWith', 'matches'], value: 'texts' },
  category: { operators: ['in', 'notIn'], value: 'texts' },
  hazardous: { operators: ['is'], value: 'boolean' },
  hazardClass: { operators: ['in', 'notIn'], value: 'texts' },
  tags: { operators: ['hasAny', 'hasAll', 'hasNone'], value: 'texts' },
  orderDate: { operators: ['before', 'after', 'between'], value: 'date' },
  orderWeekday: { operators: ['in', 'notIn'], value: 'weekdays' },
  orderTime: { operators: ['before', 'after', 'between'], value: 'time' },
} as const;
export type RuleField = keyof typeof RULE_FIELDS;
export const RULE_FIELD_NAMES = Object.keys(RULE_FIELDS) as RuleField[];
const RULE_OPERATORS = [
  'eq',
  'ne',
  'in',
  'notIn',
  'contains',
  'startsWith',
  'notStartsWith',
  'matches',
  'empty',
  'is',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'hasAny',
  'hasAll',
  'hasNone',
  'before',
  'after',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/**
 * A test of one fact. `value` by the field's kind and the operator: a list for in/notIn/hasAny/hasAll/hasNone and the
 * text fields' startsWith (any of the prefixes); a pair [from, to] (both included) for between; a number for
 * gt/gte/lt/lte/eq on numbers; a date `YYYY-MM-DD` or a time `HH:MM`; a boolean for `is`; a regular expression's
 * source for `matches` (RE2: no back-references or look-around); none for `empty`. Text compares ignore case and
 * outer spaces.
 */
const RuleConditionSchema = schema(() =>
  Type.Object(
    {
      field: literalUnion(RULE_FIELD_NAMES),
      operator: literalUnion(RULE_OPERATORS),
      value: Type.Optional(
        Type.Union([
          Type.String({ maxLength: RULE_LIMITS.text }),
          Type.Number(),
          Type.Boolean(),
          Type.Array(Type.Union([Type.String({ maxLength: RULE_LIMITS.text }), Type.Number()]), {
            maxItems: RULE_LIMITS.listValues,
          }),
        ]),
      ),
    },
    { additionalProperties: false },
  ),
);
export type RuleCondition = Type.Static<typeof RuleConditionSchema>;

export const SIGNATURE_KINDS = ['standard', 'adult'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

const ServiceRef = Type.Object(
  { carrier: CarrierSchema, serviceCode: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

/** What a matched rule does. Money in minor units. */
const RuleActionSchema = schema(() =>
  Type.Union([
    Type.Object({ type: Type.Literal('setShipMethod'), shipMethodId: Id }, { additionalProperties: false }),
    Type.Object(
      {
        type: Type.Literal('setCarrierService'),
        carrier: CarrierSchema,
        serviceCode: ServiceRef.properties.serviceCode,
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        type: Type.Literal('cheapestService'),
        services: Type.Array(ServiceRef, { minItems: 1, maxItems: 50 }),
        /** Only services whose estimate arrives within this many days; none: any. */
        withinDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })),
      },
      { additionalProperties: false },
    ),
    Type.Object({ type: Type.Literal('setBox'), boxSizeId: Id }, { additionalProperties: false }),
    Type.Object(
      {
        type: Type.Literal('setPackageType'),
        carrier: CarrierSchema,
        packageType: Type.String({ minLength: 1, maxLength: 100 }),
      },
      { additionalProperties: false },
    ),
    /** Insures the shipment for the order's total when the total is above `above` (minor units of the order's currency). */
    Type.Object(
      { type: Type.Literal('insure'), above: Type.Integer({ minimum: 0, maximum: MAX_MINOR_UNITS }) },
      { additionalProperties: false },
    ),
    Type.Object(
      { type: Type.Literal('requireSignature'), kind: literalUnion(SIGNATURE_KINDS) },
      { additionalProperties: false },
    ),
    /** Holds the order until a date (`YYYY-MM-DD`, the tenant's zone) or for a number of days after its order date. */
    Type.Object(
      {
        type: Type.Literal('holdUntil'),
        date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
        days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      { type: Type.Literal('addTag'), tag: Type.String({ minLength: 1, maxLength: 50 }) },
      { additionalProperties: false },
    ),
    Type.Object(
      { type: Type.Literal('addNote'), text: Type.String({ minLength: 1, maxLength: RULE_LIMITS.note }) },
      { additionalProperties: false },
    ),
  ]),
);
export type RuleAction = Type.Static<typeof RuleActionSchema>;
export type RuleActionType = RuleAction['type'];

const ShippingRuleSchema = schema(() =>
  Type.Object(
    {
      /** Made by the editor, kept across versions so a rule can be followed through its history. */
      id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
      name: Type.String({ minLength: 1, maxLength: 100 }),
      enabled: Type.Boolean(),
      /** `all`: every condition holds; `any`: at least one. No conditions: the rule always matches. */
      match: literalUnion(['all', 'any'] as const),
      conditions: Type.Array(RuleConditionSchema, { maxItems: RULE_LIMITS.conditionsPerRule }),
      actions: Type.Array(RuleActionSchema, { minItems: 1, maxItems: RULE_LIMITS.actionsPerRule }),
      /** When this rule matches, no later rule runs. */
      stop: Type.Boolean(),
    },
    { additionalProperties: false },
  ),
);
export type ShippingRule = Type.Static<typeof ShippingRuleSchema>;

export const RuleSetSchema = Type.Object({
  /** `all` or the store's id (the path's `{id}`). */
  scope: Type.String(),
  storeId: Nullable(Id),
  storeName: Type.String({ description: '"All stores" for the all-stores set' }),
  /** 0 while never saved. */
  version: Type.Integer(),
  rules: Type.Array(ShippingRuleSchema),
  updatedAt: Nullable(Type.String()),
  updatedBy: Nullable(Type.String()),
});
export type RuleSet = Type.Static<typeof RuleSetSchema>;

/** `GET /call/shippingRuleSet/list`: the all-stores set first, then one per store (saved or not). */
export const RuleSetListSchema = Type.Object({ ruleSets: Type.Array(RuleSetSchema) });
export type RuleSetList = Type.Static<typeof RuleSetListSchema>;

/** `PUT /api/v1/shippingRuleByStore/{id}`: the whole set; `version` is the one the edit started from (409 if stale). */
export const RuleSetInputSchema = schema(() =>
  Type.Object(
    {
      version: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
      rules: Type.Array(ShippingRuleSchema, { maxItems: RULE_LIMITS.rules }),
    },
    { additionalProperties: false },
  ),
);
export type RuleSetInput = Type.Static<typeof RuleSetInputSchema>;

/** `GET /call/shippingRuleSet/{id}/versions`: newest first. */
const RuleSetVersionSchema = Type.Object({
  version: Type.Integer(),
  ruleCount: Type.Integer(),
  updatedAt: Type.String(),
  updatedBy: Nullable(Type.String()),
});
export const RuleSetVersionListSchema = Type.Object({ versions: Type.Array(RuleSetVersionSchema) });
export type RuleSetVersionList = Type.Static<typeof RuleSetVersionListSchema>;

/**
 * The order fields rules set, as the "why" and the dry-run name them. `keptByLabel`: what a label has paid for (how
 * and in what it ships, its insurance and signature), which a labelled delivery keeps whatever the rules say; a hold,
 * tags and notes still follow the rules.
 */
export const RULE_TARGET_FIELDS = {
  shipMethod: { keptByLabel: true },
  carrierService: { keptByLabel: true },
  packageType: { keptByLabel: true },
  boxSize: { keptByLabel: true },
  insuredValue: { keptByLabel: true },
  signature: { keptByLabel: true },
  holdUntil: { keptByLabel: false },
  tags: { keptByLabel: false },
  notes: { keptByLabel: false },
} as const;
export type RuleTarget = keyof typeof RULE_TARGET_FIELDS;
export const RULE_TARGETS = Object.keys(RULE_TARGET_FIELDS) as RuleTarget[];

/**
 * What an action did on one order. `value` and `before` in plain words (a method's name, "$210.00"); `outcome`:
 * `set` (it changed the order), `same` (it already had that value), `overruled` (an earlier rule set the field),
 * `kept` (a person set it by hand on this order), `labelled` (a labelled delivery is never touched), `failed` (with
 * `message`, e.g. no rate within the days asked).
 */
const RuleActionResultSchema = Type.Object({
  target: literalUnion(RULE_TARGETS),
  value: Type.String(),
  before: Nullable(Type.String()),
  outcome: literalUnion(['set', 'same', 'overruled', 'kept', 'labelled', 'failed'] as const),
  message: Type.Optional(Type.String()),
});
export type RuleActionResult = Type.Static<typeof RuleActionResultSchema>;

const RuleResultSchema = Type.Object({
  ruleId: Type.String(),
  name: Type.String(),
  scope: Type.String(),
  matched: Type.Boolean(),
  /** Plain words for each condition that did not hold (a rule that did not match). */
  failedConditions: Type.Array(Type.String()),
  actions: Type.Array(RuleActionResultSchema),
  stopped: Type.Boolean(),
  /** A rule that threw at evaluation: reported, the order imported anyway. */
  error: Type.Optional(Type.String()),
});
export type RuleResult = Type.Static<typeof RuleResultSchema>;

/** One application of the rule sets to an order (the order view's "why", a timeline row each). */
const RuleApplicationSchema = Type.Object({
  id: Id,
  orderId: Id,
  at: Type.String(),
  trigger: literalUnion(['import', 'created', 'manual'] as const),
  /** The versions that ran: scope -> version. */
  versions: Type.Record(Type.String(), Type.Integer()),
  rules: Type.Array(RuleResultSchema),
  changed: Type.Boolean(),
});
export type RuleApplication = Type.Static<typeof RuleApplicationSchema>;

/** `GET /call/order/{orderId}/shippingRules`: newest first, up to 20. */
export const RuleApplicationListSchema = Type.Object({ applications: Type.Array(RuleApplicationSchema) });
export type RuleApplicationList = Type.Static<typeof RuleApplicationListSchema>;

/** `POST /call/shippingRuleSet/{id}/dryRun`: the draft against the tenant's last `limit` orders, nothing saved. */
export const RuleDryRunInputSchema = schema(() =>
  Type.Object(
    {
      rules: Type.Array(ShippingRuleSchema, { maxItems: RULE_LIMITS.rules }),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RULE_LIMITS.dryRunMax })),
    },
    { additionalProperties: false },
  ),
);
export type RuleDryRunInput = Type.Static<typeof RuleDryRunInputSchema>;

const RuleFieldChangeSchema = Type.Object({
  target: literalUnion(RULE_TARGETS),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
  ruleId: Type.String(),
});
export type RuleFieldChange = Type.Static<typeof RuleFieldChangeSchema>;

export const RuleDryRunSchema = Type.Object({
  evaluated: Type.Integer(),
  /** Orders whose fields would change under the draft compared with the saved set. */
  changedCount: Type.Integer(),
  /** The first 500 of them. */
  changed: Type.Array(
    Type.Object({ orderId: Id, orderNumber: Type.String(), changes: Type.Array(RuleFieldChangeSchema) }),
  ),
  /** Per rule of the draft: how many orders it matched. */
  matches: Type.Record(Type.String(), Type.Integer()),
  neverMatched: Type.Array(Type.String()),
  /** Rules that could match but never ran on any order an earlier "stop here" rule had ended. */
  shadowed: Type.Array(Type.Object({ ruleId: Type.String(), by: Type.String() })),
  failed: Type.Array(Type.Object({ ruleId: Type.String(), orderId: Id, message: Type.String() })),
  ms: Type.Number(),
  /** Present when the rules' work went past its time budget: where it stopped; the figures are of the orders before. */
  stopped: Type.Optional(Type.String()),
});
export type RuleDryRun = Type.Static<typeof RuleDryRunSchema>;

/** `POST /call/shippingRules/apply`: runs the saved sets on these orders, or on every order of a status tab. */
export const RuleApplyInputSchema = schema(() =>
  Type.Object(
    {
      orderIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: RULE_LIMITS.applyMax })),
      orderStatus: Type.Optional(Type.String({ maxLength: 40 })),
    },
    { additionalProperties: false },
  ),
);
export type RuleApplyInput = Type.Static<typeof RuleApplyInputSchema>;
export const RuleApplyResultSchema = Type.Object({
  evaluated: Type.Integer(),
  changed: Type.Integer(),
  /** Present when the rules' work went past its time budget: which orders it reached, and what to do. */
  stopped: Type.Optional(Type.String()),
});
export type RuleApplyResult = Type.Static<typeof RuleApplyResultSchema>;

/** The rule-settable fields besides the service a person may set by hand on an order (the rules then keep off). */
export const HAND_SET_TARGETS = [
  'boxSize',
  'insuredValue',
  'signature',
  'holdUntil',
] as const satisfies readonly RuleTarget[];
export type HandSetTarget = (typeof HAND_SET_TARGETS)[number];

/** What a rule set decides for an order's rule-settable fields (null: left as it is). */
export const RuleSettingsSchema = Type.Object({
  insuredValue: Nullable(Type.Integer()),
  signature: Nullable(literalUnion(SIGNATURE_KINDS)),
  holdUntil: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  boxSizeId: Nullable(Id),
  /** The fields a person set by hand: the rules leave them as they are. */
  handSet: Type.Array(literalUnion(HAND_SET_TARGETS)),
});
export type RuleSettings = Type.Static<typeof RuleSettingsSchema>;
