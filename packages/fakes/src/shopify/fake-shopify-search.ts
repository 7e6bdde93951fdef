import { GraphqlError } from './fake-shopify-graphql-parser.ts';

/**
 * How the fake Shopify reads the `orders` arguments it pages by: the date terms of Shopify's search syntax, the
 * opaque cursors (the last id and sort value, base64 JSON, as Shopify's look when decoded) and order ids given
 * either as a number or a GID.
 */

export interface Bound {
  field: 'updated_at' | 'created_at';
  op: '>' | '>=' | '<' | '<=';
  seconds: number;
}

/** `updated_at:>='2026-01-01T00:00:00Z' created_at:<2026-02-01`: the date terms; others are ignored like Shopify's unknown ones. */
export function parseSearch(query: unknown): Bound[] {
  if (typeof query !== 'string') return [];
  const bounds: Bound[] = [];
  for (const term of query.match(/\S+:(?:'[^']*'|"[^"]*"|\S+)/g) ?? []) {
    const match = /^(updated_at|created_at):(>=|<=|>|<)?['"]?([^'"]+)['"]?$/.exec(term);
    if (!match) continue;
    const time = Date.parse(match[3]!);
    if (Number.isNaN(time)) continue;
    const op = (match[2] ?? '>=') as Bound['op'];
    bounds.push({ field: match[1] as Bound['field'], op, seconds: Math.floor(time / 1000) });
  }
  return bounds;
}

export function passes(bound: Bound, createdAt: number, updatedAt: number): boolean {
  const value = bound.field === 'updated_at' ? updatedAt : createdAt;
  switch (bound.op) {
    case '>':
      return value > bound.seconds;
    case '>=':
      return value >= bound.seconds;
    case '<':
      return value < bound.seconds;
    case '<=':
      return value <= bound.seconds;
  }
}

export interface Cursor {
  last_id: number;
  last_value: number;
}

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64');

export function decodeCursor(text: unknown): Cursor | null {
  if (text === null || text === undefined) return null;
  try {
    const parsed = JSON.parse(Buffer.from(String(text), 'base64').toString('utf8')) as Partial<Cursor>;
    if (typeof parsed.last_id === 'number' && typeof parsed.last_value === 'number') return parsed as Cursor;
  } catch {
    // answered below
  }
  throw new GraphqlError('Invalid cursor for current pagination sort.', 'BAD_USER_INPUT');
}

/** Which of the fake's orders an id names: legacy id ("5801340001234", a number) or GID. */
export function legacyIdFrom(id: string | number): number | null {
  const text = String(id);
  const match = /^(?:gid:\/\/shopify\/Order\/)?(\d+)$/.exec(text);
  return match ? Number(match[1]) : null;
}
