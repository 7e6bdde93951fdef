/**
 * The reading half of the fake Shopify's GraphQL (tests and the demo only): a document's operations, variables and
 * fragments parsed into selections, and the errors a GraphQL server answers a malformed one with. What a query costs
 * and what it answers is fake-shopify-graphql-executor.ts.
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

export type ValueNode =
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

export type SelectionNode =
  FieldNode | { kind: 'spread'; name: string } | { kind: 'inline'; selections: SelectionNode[] };

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

/** The tokens of a document and where the parser stands in them. */
interface Cursor {
  peek(): Token;
  next(): Token;
  /** One token back (to report an error at the token just read). */
  back(): void;
  fail(): never;
  isPunct(value: string): boolean;
  expectPunct(value: string): Token;
  expectName(): string;
}

function cursorOver(text: string): Cursor {
  const list = tokenize(text);
  let index = 0;
  const peek = () => list[index]!;
  const fail = (): never => {
    throw parseError(text, peek().at, peek().value);
  };
  const next = () => list[index++]!;
  const isPunct = (value: string) => peek().kind === 'punct' && peek().value === value;
  return {
    peek,
    next,
    back: () => void index--,
    fail,
    isPunct,
    expectPunct: (value) => (isPunct(value) ? next() : fail()),
    expectName: () => (peek().kind === 'name' ? next().value : fail()),
  };
}

function value(tokens: Cursor): ValueNode {
  const token = tokens.peek();
  if (tokens.isPunct('$')) {
    tokens.next();
    return { kind: 'variable', name: tokens.expectName() };
  }
  if (tokens.isPunct('[')) {
    tokens.next();
    const items: ValueNode[] = [];
    while (!tokens.isPunct(']')) items.push(value(tokens));
    tokens.next();
    return { kind: 'list', items };
  }
  if (tokens.isPunct('{')) {
    tokens.next();
    const fields: Record<string, ValueNode> = {};
    while (!tokens.isPunct('}')) {
      const name = tokens.expectName();
      tokens.expectPunct(':');
      fields[name] = value(tokens);
    }
    tokens.next();
    return { kind: 'object', fields };
  }
  tokens.next();
  if (token.kind === 'number') return { kind: 'constant', value: Number(token.value) };
  if (token.kind === 'string') return { kind: 'constant', value: token.value };
  if (token.kind === 'name') {
    if (token.value === 'true' || token.value === 'false') return { kind: 'constant', value: token.value === 'true' };
    return { kind: 'constant', value: token.value === 'null' ? null : token.value };
  }
  tokens.back();
  return tokens.fail();
}

function directives(tokens: Cursor): void {
  while (tokens.isPunct('@')) {
    tokens.next();
    tokens.expectName();
    if (tokens.isPunct('(')) arguments_(tokens);
  }
}

function arguments_(tokens: Cursor): Record<string, ValueNode> {
  const args: Record<string, ValueNode> = {};
  tokens.expectPunct('(');
  while (!tokens.isPunct(')')) {
    const name = tokens.expectName();
    tokens.expectPunct(':');
    args[name] = value(tokens);
  }
  tokens.next();
  return args;
}

function selectionSet(tokens: Cursor): SelectionNode[] {
  tokens.expectPunct('{');
  const selections: SelectionNode[] = [];
  while (!tokens.isPunct('}')) {
    if (tokens.isPunct('...')) {
      tokens.next();
      if (tokens.peek().kind === 'name' && tokens.peek().value !== 'on') {
        selections.push({ kind: 'spread', name: tokens.next().value });
        directives(tokens);
      } else {
        if (tokens.peek().value === 'on') {
          tokens.next();
          tokens.expectName();
        }
        directives(tokens);
        selections.push({ kind: 'inline', selections: selectionSet(tokens) });
      }
      continue;
    }
    let name = tokens.expectName();
    let alias: string | null = null;
    if (tokens.isPunct(':')) {
      tokens.next();
      alias = name;
      name = tokens.expectName();
    }
    const args = tokens.isPunct('(') ? arguments_(tokens) : {};
    directives(tokens);
    selections.push({
      kind: 'field',
      alias,
      name,
      args,
      selections: tokens.isPunct('{') ? selectionSet(tokens) : null,
    });
  }
  tokens.next();
  if (selections.length === 0) tokens.fail();
  return selections;
}

function typeReference(tokens: Cursor): string {
  if (tokens.isPunct('[')) {
    tokens.next();
    const inner = typeReference(tokens);
    tokens.expectPunct(']');
    return `[${inner}]${tokens.isPunct('!') ? tokens.next().value : ''}`;
  }
  const name = tokens.expectName();
  return tokens.isPunct('!') ? `${name}${tokens.next().value}` : name;
}

export function parseDocument(text: string): DocumentNode {
  const tokens = cursorOver(text);
  const document: DocumentNode = { operations: [], fragments: new Map() };
  while (tokens.peek().kind !== 'end') {
    if (tokens.isPunct('{')) {
      document.operations.push({ type: 'query', name: null, variables: [], selections: selectionSet(tokens) });
      continue;
    }
    const keyword = tokens.expectName();
    if (keyword === 'fragment') {
      const name = tokens.expectName();
      if (tokens.expectName() !== 'on') tokens.fail();
      tokens.expectName();
      directives(tokens);
      document.fragments.set(name, selectionSet(tokens));
      continue;
    }
    if (keyword !== 'query' && keyword !== 'mutation') {
      tokens.back();
      tokens.fail();
    }
    const name = tokens.peek().kind === 'name' ? tokens.next().value : null;
    const variables: VariableDefinition[] = [];
    if (tokens.isPunct('(')) {
      tokens.next();
      while (!tokens.isPunct(')')) {
        tokens.expectPunct('$');
        const variable = tokens.expectName();
        tokens.expectPunct(':');
        const type = typeReference(tokens);
        let defaultValue: ValueNode | null = null;
        if (tokens.isPunct('=')) {
          tokens.next();
          defaultValue = value(tokens);
        }
        variables.push({ name: variable, type, defaultValue });
      }
      tokens.next();
    }
    directives(tokens);
    document.operations.push({
      type: keyword === 'mutation' ? 'mutation' : 'query',
      name,
      variables,
      selections: selectionSet(tokens),
    });
  }
  if (document.operations.length === 0) throw new GraphqlError('No operations given', 'parseError');
  return document;
}
