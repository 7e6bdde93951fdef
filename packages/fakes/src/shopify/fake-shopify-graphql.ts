/**
 * Just enough GraphQL for the fake Shopify (tests and the demo only): parses operations and fragments, computes
 * Shopify's requested and actual query cost (objects 1, scalars 0, connections 2 + first x node, mutations 10),
 * and answers only the fields a query selected from resolver objects, as a real GraphQL server would. Unknown
 * fields are errors, so a client asking for something the fake does not model finds out in its tests.
 */

export class GraphqlError extends Error {
  readonly code: string;
  readonly extra: Record<string, unknown>;
  constructor(message: string, code: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.extra = extra;
  }
}

type ValueNode =
  | { kind: 'variable'; name: string }
  | { kind: 'constant'; value: unknown }
  | { kind: 'list'; items: ValueNode[] }
  | { kind: 'object'; fields: Record<string, ValueNode> };

export interface FieldNode {
  kind: 'field';
  alias: string | null;
  name: string;
  args: Record<string, ValueNode>;
  selections: SelectionNode[] | null;
}

type SelectionNode = FieldNode | { kind: 'spread'; name: string } | { kind: 'inline'; selections: SelectionNode[] };

interface VariableDefinition {
  name: string;
  type: string;
  defaultValue: ValueNode | null;
}

interface OperationNode {
  type: 'query' | 'mutation';
  name: string | null;
  variables: VariableDefinition[];
  selections: SelectionNode[];
}

export interface DocumentNode {
  operations: OperationNode[];
  fragments: Map<string, SelectionNode[]>;
}

interface Token {
  kind: 'punct' | 'number' | 'name' | 'string' | 'end';
  value: string;
  at: number;
}

const TOKEN =
  /[\s,\uFEFF]+|#[^\n\r]*|(\.\.\.|[!$&()[\]{}:=@|])|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([_A-Za-z][_0-9A-Za-z]*)|("(?:[^"\\\n]|\\.)*")/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw parseError(text, at, text[at] ?? '');
    if (match[1]) tokens.push({ kind: 'punct', value: match[1], at });
    else if (match[2]) tokens.push({ kind: 'number', value: match[2], at });
    else if (match[3]) tokens.push({ kind: 'name', value: match[3], at });
    else if (match[4]) tokens.push({ kind: 'string', value: JSON.parse(match[4]) as string, at });
  }
  tokens.push({ kind: 'end', value: '', at: text.length });
  return tokens;
}

function parseError(text: string, at: number, near: string): GraphqlError {
  const before = text.slice(0, at).split('\n');
  const line = before.length;
  const column = (before[before.length - 1]?.length ?? 0) + 1;
  return new GraphqlError(`Parse error on "${near || 'end of document'}" at [${line}, ${column}]`, 'parseError', {
    locations: [{ line, column }],
  });
}

export function parseDocument(text: string): DocumentNode {
  const tokens = tokenize(text);
  let index = 0;
  const peek = () => tokens[index]!;
  const fail = (): never => {
    throw parseError(text, peek().at, peek().value);
  };
  const next = () => tokens[index++]!;
  const isPunct = (value: string) => peek().kind === 'punct' && peek().value === value;
  const expectPunct = (value: string) => (isPunct(value) ? next() : fail());
  const expectName = () => (peek().kind === 'name' ? next().value : fail());

  function value(): ValueNode {
    const token = peek();
    if (isPunct('$')) {
      next();
      return { kind: 'variable', name: expectName() };
    }
    if (isPunct('[')) {
      next();
      const items: ValueNode[] = [];
      while (!isPunct(']')) items.push(value());
      next();
      return { kind: 'list', items };
    }
    if (isPunct('{')) {
      next();
      const fields: Record<string, ValueNode> = {};
      while (!isPunct('}')) {
        const name = expectName();
        expectPunct(':');
        fields[name] = value();
      }
      next();
      return { kind: 'object', fields };
    }
    next();
    if (token.kind === 'number') return { kind: 'constant', value: Number(token.value) };
    if (token.kind === 'string') return { kind: 'constant', value: token.value };
    if (token.kind === 'name') {
      if (token.value === 'true' || token.value === 'false') return { kind: 'constant', value: token.value === 'true' };
      return { kind: 'constant', value: token.value === 'null' ? null : token.value };
    }
    index--;
    return fail();
  }

  function directives(): void {
    while (isPunct('@')) {
      next();
      expectName();
      if (isPunct('(')) arguments_();
    }
  }

  function arguments_(): Record<string, ValueNode> {
    const args: Record<string, ValueNode> = {};
    expectPunct('(');
    while (!isPunct(')')) {
      const name = expectName();
      expectPunct(':');
      args[name] = value();
    }
    next();
    return args;
  }

  function selectionSet(): SelectionNode[] {
    expectPunct('{');
    const selections: SelectionNode[] = [];
    while (!isPunct('}')) {
      if (isPunct('...')) {
        next();
        if (peek().kind === 'name' && peek().value !== 'on') {
          selections.push({ kind: 'spread', name: next().value });
          directives();
        } else {
          if (peek().value === 'on') {
            next();
            expectName();
          }
          directives();
          selections.push({ kind: 'inline', selections: selectionSet() });
        }
        continue;
      }
      let name = expectName();
      let alias: string | null = null;
      if (isPunct(':')) {
        next();
        alias = name;
        name = expectName();
      }
      const args = isPunct('(') ? arguments_() : {};
      directives();
      selections.push({ kind: 'field', alias, name, args, selections: isPunct('{') ? selectionSet() : null });
    }
    next();
    if (selections.length === 0) fail();
    return selections;
  }

  function typeReference(): string {
    if (isPunct('[')) {
      next();
      const inner = typeReference();
      expectPunct(']');
      return `[${inner}]${isPunct('!') ? next().value : ''}`;
    }
    const name = expectName();
    return isPunct('!') ? `${name}${next().value}` : name;
  }

  const document: DocumentNode = { operations: [], fragments: new Map() };
  while (peek().kind !== 'end') {
    if (isPunct('{')) {
      document.operations.push({ type: 'query', name: null, variables: [], selections: selectionSet() });
      continue;
    }
    const keyword = expectName();
    if (keyword === 'fragment') {
      const name = expectName();
      if (expectName() !== 'on') fail();
      expectName();
      directives();
      document.fragments.set(name, selectionSet());
      continue;
    }
    if (keyword !== 'query' && keyword !== 'mutation') {
      index--;
      fail();
    }
    const name = peek().kind === 'name' ? next().value : null;
    const variables: VariableDefinition[] = [];
    if (isPunct('(')) {
      next();
      while (!isPunct(')')) {
        expectPunct('$');
        const variable = expectName();
        expectPunct(':');
        const type = typeReference();
        let defaultValue: ValueNode | null = null;
        if (isPunct('=')) {
          next();
          defaultValue = value();
        }
        variables.push({ name: variable, type, defaultValue });
      }
      next();
    }
    directives();
    document.operations.push({
      type: keyword === 'mutation' ? 'mutation' : 'query',
      name,
      variables,
      selections: selectionSet(),
    });
  }
  if (document.operations.length === 0) throw new GraphqlError('No operations given', 'parseError');
  return document;
}

/** A prepared operation: which one, its variables, its fields with fragments inlined, and its requested cost. */
export interface PreparedOperation {
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

export function argumentsOf(field: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
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

export interface Connection<T> {
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
