import {
  GraphqlError,
  type DocumentNode,
  type FieldNode,
  type SelectionNode,
  type ValueNode,
} from './fake-shopify-graphql-parser.ts';

/**
 * The answering half of the fake Shopify's GraphQL (tests and the demo only): Shopify's requested and actual query
 * cost (objects 1, scalars 0, connections 2 + first x node, mutations 10), and only the fields a query selected,
 * answered from resolver objects as a real GraphQL server would. Unknown fields are errors, so a client asking for
 * something the fake does not model finds out in its tests.
 */

/** A prepared operation: which one, its variables, its fields with fragments inlined, and its requested cost. */
interface PreparedOperation {
  type: 'query' | 'mutation';
  name: string | null;
  fields: FieldNode[];
  variables: Record<string, unknown>;
  fragments: Map<string, SelectionNode[]>;
  requestedCost: number;
}

function evaluate(node: ValueNode, variables: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'variable':
      return variables[node.name] ?? null;
    case 'constant':
      return node.value;
    case 'list':
      return node.items.map((item) => evaluate(item, variables));
    case 'object':
      return Object.fromEntries(Object.entries(node.fields).map(([k, v]) => [k, evaluate(v, variables)]));
  }
}

function argumentsOf(field: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(field.args).map(([k, v]) => [k, evaluate(v, variables)]));
}

/** Selections with fragments inlined, kept per selection set: a page of orders expands the same ones per node. */
const expanded = new WeakMap<SelectionNode[], FieldNode[]>();

function fieldsOf(selections: SelectionNode[], fragments: Map<string, SelectionNode[]>, seen = 0): FieldNode[] {
  const known = expanded.get(selections);
  if (known) return known;
  if (seen > 20) throw new GraphqlError('Fragments nest too deep (a cycle?)', 'fragmentCycle');
  const out: FieldNode[] = [];
  for (const selection of selections) {
    if (selection.kind === 'field') out.push(selection);
    else if (selection.kind === 'inline') out.push(...fieldsOf(selection.selections, fragments, seen + 1));
    else {
      const fragment = fragments.get(selection.name);
      if (!fragment)
        throw new GraphqlError(`Fragment ${selection.name} was used, but not defined`, 'useAndDefineFragment');
      out.push(...fieldsOf(fragment, fragments, seen + 1));
    }
  }
  expanded.set(selections, out);
  return out;
}

function isConnection(field: FieldNode): boolean {
  return 'first' in field.args || 'last' in field.args;
}

/** The fields selected on each node of a connection, through `nodes { }` or `edges { node { } }`. */
function nodeFieldsOf(field: FieldNode, fragments: Map<string, SelectionNode[]>): FieldNode[] {
  const out: FieldNode[] = [];
  for (const child of fieldsOf(field.selections ?? [], fragments)) {
    if (child.name === 'nodes') out.push(...fieldsOf(child.selections ?? [], fragments));
    if (child.name === 'edges') {
      for (const edgeField of fieldsOf(child.selections ?? [], fragments)) {
        if (edgeField.name === 'node') out.push(...fieldsOf(edgeField.selections ?? [], fragments));
      }
    }
  }
  return out;
}

function requestedCostOf(fields: FieldNode[], op: Pick<PreparedOperation, 'variables' | 'fragments'>): number {
  let cost = 0;
  for (const field of fields) {
    if (!field.selections) continue;
    if (isConnection(field)) {
      const args = argumentsOf(field, op.variables);
      const size = Number(args.first ?? args.last ?? 0);
      cost += 2 + size * (1 + requestedCostOf(nodeFieldsOf(field, op.fragments), op));
    } else {
      cost += 1 + requestedCostOf(fieldsOf(field.selections, op.fragments), op);
    }
  }
  return cost;
}

/** Cost of what was actually answered: connections count the nodes returned, null objects cost nothing. */
export function actualCostOf(prepared: PreparedOperation, data: Record<string, unknown>): number {
  if (prepared.type === 'mutation') return prepared.requestedCost;
  const walk = (fields: FieldNode[], source: unknown): number => {
    if (typeof source !== 'object' || source === null) return 0;
    let cost = 0;
    for (const field of fields) {
      const value = (source as Record<string, unknown>)[field.alias ?? field.name];
      if (!field.selections || value === null || value === undefined) continue;
      if (isConnection(field)) {
        const connection = value as { nodes?: unknown[]; edges?: Array<{ node: unknown }> };
        const nodes = connection.nodes ?? connection.edges?.map((e) => e.node) ?? [];
        const nodeFields = nodeFieldsOf(field, prepared.fragments);
        cost += 2 + nodes.reduce<number>((sum, node) => sum + 1 + walk(nodeFields, node), 0);
      } else if (Array.isArray(value)) {
        const children = fieldsOf(field.selections, prepared.fragments);
        cost += value.reduce<number>((sum, item) => sum + 1 + walk(children, item), 0);
      } else {
        cost += 1 + walk(fieldsOf(field.selections, prepared.fragments), value);
      }
    }
    return cost;
  };
  return walk(prepared.fields, data);
}

export function prepareOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
): PreparedOperation {
  const operation = operationName
    ? document.operations.find((o) => o.name === operationName)
    : document.operations.length === 1
      ? document.operations[0]
      : undefined;
  if (!operation) {
    throw new GraphqlError(
      operationName ? `No operation named "${operationName}"` : 'An operation name is required',
      'operationNotFound',
    );
  }
  const values: Record<string, unknown> = {};
  for (const definition of operation.variables) {
    const given = variables[definition.name];
    if (given !== undefined && given !== null) values[definition.name] = given;
    else if (definition.defaultValue) values[definition.name] = evaluate(definition.defaultValue, {});
    else if (definition.type.endsWith('!')) {
      throw new GraphqlError(
        `Variable $${definition.name} of type ${definition.type} was provided invalid value`,
        'INVALID_VARIABLE',
      );
    } else values[definition.name] = null;
  }
  const base = { variables: values, fragments: document.fragments };
  const fields = fieldsOf(operation.selections, document.fragments);
  const requestedCost = operation.type === 'mutation' ? 10 * fields.length : requestedCostOf(fields, base);
  return { type: operation.type, name: operation.name, fields, ...base, requestedCost };
}

const CONNECTION = Symbol('connection');

interface Connection<T> {
  [CONNECTION]: true;
  nodes: T[];
  cursors: string[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

export function connection<T>(nodes: T[], cursors: string[], hasNextPage: boolean, hasPreviousPage: boolean) {
  return {
    [CONNECTION]: true as const,
    nodes,
    cursors,
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: cursors[0] ?? null,
      endCursor: cursors[cursors.length - 1] ?? null,
    },
  } satisfies Connection<T>;
}

function isConnectionValue(value: unknown): value is Connection<unknown> {
  return typeof value === 'object' && value !== null && CONNECTION in value;
}

const encodeOffset = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64');

function decodeOffset(cursor: unknown): number {
  if (typeof cursor !== 'string') return -1;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { offset?: unknown };
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // falls through to the error below
  }
  throw new GraphqlError(`Invalid cursor for current pagination sort.`, 'BAD_USER_INPUT');
}

/** A nested list (an order's line items) answered as a connection with first/after. */
function sliceList(list: unknown[], args: Record<string, unknown>): Connection<unknown> {
  const first = Number(args.first ?? args.last);
  if (!Number.isInteger(first) || first < 0 || first > 250) {
    throw new GraphqlError('The first argument must be between 0 and 250', 'BAD_USER_INPUT');
  }
  const start = args.after ? decodeOffset(args.after) + 1 : 0;
  const nodes = list.slice(start, start + first);
  const cursors = nodes.map((_, i) => encodeOffset(start + i));
  return connection(nodes, cursors, start + first < list.length, start > 0);
}

/**
 * The answer to `fields` from `source`: plain values are answered as they are, functions are called with the
 * field's arguments (resolvers), lists under first/last become connections.
 */
export function project(
  fields: FieldNode[],
  source: Record<string, unknown>,
  prepared: PreparedOperation,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const key = field.alias ?? field.name;
    const typeName = typeof source.__typename === 'string' ? source.__typename : 'Object';
    if (field.name === '__typename') {
      out[key] = typeName;
      continue;
    }
    let value = source[field.name];
    if (typeof value === 'function')
      value = (value as (args: Record<string, unknown>) => unknown)(argumentsOf(field, prepared.variables));
    if (value === undefined) {
      throw new GraphqlError(`Field '${field.name}' doesn't exist on type '${typeName}'`, 'undefinedField');
    }
    if (!field.selections) {
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        throw new GraphqlError(
          `Field must have selections (field '${field.name}' returns ${typeName})`,
          'selectionMismatch',
        );
      }
      out[key] = value;
      continue;
    }
    if (value === null) {
      out[key] = null;
      continue;
    }
    if (isConnection(field)) {
      const page = isConnectionValue(value)
        ? value
        : sliceList(Array.isArray(value) ? value : [], argumentsOf(field, prepared.variables));
      const view: Record<string, unknown> = {
        __typename: `${typeName}Connection`,
        nodes: page.nodes,
        edges: () => page.nodes.map((node, i) => ({ __typename: 'Edge', cursor: page.cursors[i], node })),
        pageInfo: { __typename: 'PageInfo', ...page.pageInfo },
      };
      out[key] = project(fieldsOf(field.selections, prepared.fragments), view, prepared);
      continue;
    }
    const children = fieldsOf(field.selections, prepared.fragments);
    out[key] = Array.isArray(value)
      ? value.map((item) => project(children, item as Record<string, unknown>, prepared))
      : project(children, value as Record<string, unknown>, prepared);
  }
  return out;
}
