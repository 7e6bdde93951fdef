import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../../src/security/route-policy.ts';
import { partsOf, requiredOnly } from './route-requests.ts';
import type { JsonSchema } from './schema-arbitrary.ts';

/** One step into a request: a property, or an array's element (`[]`), with the schema of what it leads to. */
interface Step {
  key: string;
  schema: JsonSchema;
}

/** A field of a query or a body that names a row, found in the route's schema. */
export interface IdField {
  part: 'query' | 'body';
  steps: Step[];
  /** The seeded row it names (a key of `Seeds`). */
  kind: string;
  /** A list of ids (`orderIds`) rather than one. */
  many: boolean;
}

/**
 * The seeded row each id-like field names, by its name. A new id-like field whose name is not here fails the suite
 * until it is added (and seeded), as a new kind of id in a path does.
 */
const KINDS: Record<string, string> = {
  orderId: 'orderId',
  order_id: 'orderId',
  orderIds: 'orderId',
  deliveryId: 'deliveryId',
  lineId: 'lineId',
  labelId: 'labelId',
  labelIds: 'labelId',
  boxSizeId: 'orderBoxSizes',
  carrierAccountId: 'carrierAccounts',
  accountId: 'carrierAccounts',
  shipMethodId: 'shipMethods',
  storeId: 'storeId',
};

/**
 * Id-like names that do not name a tenant's row: a role; a rule's id, made by the editor inside its set; a saved
 * view's store filter, a value the list filters by (another tenant's store finds nothing, as a missing one); ids of
 * accounts outside Shipdesk.
 */
const NOT_ROWS = new Set([
  'roleId',
  'rules.[].id',
  'filters.storeId',
  // Amazon notifications: an AWS access key id and Amazon's merchant token, names of the seller's outside accounts.
  'awsAccessKeyId',
  'sellerId',
]);

const looksLikeId = (key: string) => key === 'id' || /(Id|Ids|_id)$/.test(key);
const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

function collect(
  route: RouteEntry,
  part: IdField['part'],
  schema: JsonSchema | undefined,
  steps: Step[],
  out: IdField[],
) {
  if (!schema) return;
  // A union's branches are followed each with its own schema as the step's, so what is made on the way fits it.
  for (const branch of schema.anyOf ?? schema.oneOf ?? []) {
    const within = steps.length ? [...steps.slice(0, -1), { key: steps.at(-1)!.key, schema: branch }] : [];
    collect(route, part, branch, within, out);
  }
  if (typeOf(schema) === 'array' && schema.items) {
    collect(route, part, schema.items, [...steps, { key: '[]', schema: schema.items }], out);
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const at = [...steps, { key, schema: child }];
    const name = at.map((s) => s.key).join('.');
    if (looksLikeId(key) && !NOT_ROWS.has(name)) {
      const kind = KINDS[key];
      if (!kind)
        throw new Error(`No seeded kind for ${part}.${name} of ${route.method} ${route.url} (add it to KINDS)`);
      const many = typeOf(child) === 'array';
      out.push({ part, steps: at, kind, many });
    } else {
      collect(route, part, child, at, out);
    }
  }
}

/** Every field of the route's query and body that names a row. */
export function idFields(route: RouteEntry): IdField[] {
  const { querystring, body } = partsOf(route);
  const out: IdField[] = [];
  collect(route, 'query', querystring, [], out);
  collect(route, 'body', body, [], out);
  return out;
}

export const fieldName = (field: IdField) => `${field.part}.${field.steps.map((s) => s.key).join('.')}`;

/** An element of a list fits a union's branch when it has the branch's constants (`type: 'setBox'`). */
function fits(value: unknown, branch: JsonSchema): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const constants = Object.entries(branch.properties ?? {}).filter(([, s]) => s.const !== undefined);
  return constants.every(([key, s]) => (value as Record<string, unknown>)[key] === s.const);
}

/**
 * `request` with `field` set to `id`; the objects on the way are made from their schemas' required parts where the
 * request has none, and a list on the way gets the field in its first element that fits (or becomes that one element).
 */
export function withId(request: InjectOptions, field: IdField, id: string): InjectOptions {
  const root: Record<string, unknown> = structuredClone(
    ((field.part === 'query' ? request.query : request.payload) ?? {}) as Record<string, unknown>,
  );
  let at: Record<string, unknown> | unknown[] = root;
  field.steps.forEach((step, i) => {
    const next = field.steps[i + 1];
    if (!next) {
      (at as Record<string, unknown>)[step.key] = field.many ? [id] : id;
      return;
    }
    const made = (): unknown => (next.key === '[]' ? [] : requiredOnly(step.schema));
    if (step.key === '[]') {
      const list = at as unknown[];
      let element: unknown = list.find((value) => fits(value, step.schema));
      if (!element) list.splice(0, list.length, (element = made()));
      at = element as Record<string, unknown>;
      return;
    }
    const container = at as Record<string, unknown>;
    const current = container[step.key];
    if (current === null || typeof current !== 'object' || Array.isArray(current) !== (next.key === '[]')) {
      container[step.key] = made();
    }
    at = container[step.key] as Record<string, unknown>;
  });
  return field.part === 'query' ? { ...request, query: root as Record<string, string> } : { ...request, payload: root };
}
