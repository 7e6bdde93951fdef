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
