import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One writer per order (docs/orders.md, "One writer"): outside `features/orders`, no code sets an order's statuses or
 * appends to its timeline; it calls the orders feature's use cases (changeOrder, changeOrders, recordOrderEvents).
 * This scan of the server's source fails naming the file and line of a new writer. Migrations (and the triggers they
 * create) are not writers here: they are SQL files, not scanned.
 */

const SRC = join(import.meta.dirname, '..');
/** The one folder allowed to write, relative to src/. */
const OWNER = 'features/orders/';

type Pattern =
  | 'drizzle insert(orderEvents)'
  | 'drizzle update(orders) of a status'
  | 'drizzle upsert of orders setting a status'
  | 'SQL INSERT INTO order_events'
  | 'SQL UPDATE orders SET status'
  | 'SQL upsert of orders setting a status'
  | 'the orders repository';

interface Finding {
  pattern: Pattern;
  line: number;
}

const STATUS_COLUMN = /\b(?:order|payment|shipment)_status\b/i;
const STATUS_FIELD = /\b(?:orderStatus|paymentStatus|shipmentStatus)\b/;
const TABLE = (name: string) => String.raw`(?:"?public"?\.)?"?${name}"?`;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The text between the parenthesis at `open` and its match. */
function inParens(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** A Drizzle `set` object that names a status, or spreads something that may hold one. */
const setsStatus = (object: string) =>
  STATUS_FIELD.test(object) || STATUS_COLUMN.test(object) || object.includes('...');

/**
 * Whether the SQL assignments after a SET (up to its FROM, WHERE, RETURNING or the end of the text, outside
 * parentheses) assign a status column: `order_status = ...`, or a row form naming one.
 */
function assignsStatus(text: string, from: number): boolean {
  let depth = 0;
  let assignment = '';
  const targets: string[] = [];
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`' || c === ';') break;
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (depth === 0 && /^\s(?:FROM|WHERE|RETURNING)\b/i.test(text.slice(i, i + 11))) break;
    if (depth === 0 && c === ',') {
      targets.push(assignment);
      assignment = '';
    } else assignment += c;
  }
  targets.push(assignment);
  return targets.some((a) => STATUS_COLUMN.test(a.split(/(?<![<>!])=/)[0] ?? ''));
}

/** Every write of an order's statuses or timeline in a source text. */
function orderWrites(text: string): Finding[] {
  const found: Finding[] = [];
  const each = (regex: RegExp, pattern: Pattern, when: (match: RegExpExecArray) => boolean = () => true) => {
    for (const match of text.matchAll(regex)) if (when(match)) found.push({ pattern, line: lineOf(text, match.index) });
  };
  // The Drizzle chain of a statement runs to its `;`.
  const chain = (match: RegExpExecArray) => {
    const end = text.indexOf(';', match.index);
    return text.slice(match.index, end === -1 ? undefined : end);
  };
  const call = (statement: string, name: string) => {
    const at = statement.indexOf(`.${name}(`);
    return at === -1 ? null : inParens(statement, at + name.length + 1);
  };

  each(/\.insert\(\s*orderEvents\s*\)/g, 'drizzle insert(orderEvents)');
  // Its updateOrder and insertEvent write both; index.ts keeps it to the feature, and this keeps index.ts honest.
  each(/\bcreateOrdersRepository\b/g, 'the orders repository');
  each(/\.update\(\s*orders\s*\)/g, 'drizzle update(orders) of a status', (m) => {
    const set = call(chain(m), 'set');
    return set !== null && setsStatus(set);
  });
  each(/\.insert\(\s*orders\s*\)/g, 'drizzle upsert of orders setting a status', (m) => {
    const upsert = call(chain(m), 'onConflictDoUpdate');
    return upsert !== null && setsStatus(upsert);
  });
  each(
    new RegExp(String.raw`\bINSERT\s+INTO\s+${TABLE('order_events')}(?![\w"])`, 'gi'),
    'SQL INSERT INTO order_events',
  );
  each(
    new RegExp(String.raw`\bUPDATE\s+(?:ONLY\s+)?${TABLE('orders')}(?:\s+(?:AS\s+)?(?!SET\b)\w+)?\s+SET\b`, 'gi'),
    'SQL UPDATE orders SET status',
    (m) => assignsStatus(text, m.index + m[0].length),
  );
  each(
    new RegExp(String.raw`\bINSERT\s+INTO\s+${TABLE('orders')}(?![\w"])[^\`]*?\bDO\s+UPDATE\s+SET\b`, 'gi'),
    'SQL upsert of orders setting a status',
    (m) => assignsStatus(text, m.index + m[0].length),
  );
  return found;
}

/** The server's source files (not tests), as paths relative to src/ with forward slashes. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split(sep).join('/'))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));
}

const scan = (path: string) => orderWrites(readFileSync(join(SRC, path), 'utf8'));

describe('one writer of orders', () => {
  it('finds each kind of write in a sample text', () => {
    const samples: Array<[Pattern, string]> = [
      ['drizzle insert(orderEvents)', 'await tx.insert(orderEvents).values({ tenantId, orderId, event: "x" });'],
      [
        'drizzle update(orders) of a status',
        "await tx\n  .update(orders)\n  .set({ shipmentStatus: 'Shipped Complete' })\n  .where(eq(orders.id, id));",
      ],
      ['drizzle update(orders) of a status', 'await tx.update( orders ).set({ ...after, version: 2 }).where(own);'],
      [
        'drizzle upsert of orders setting a status',
        "await tx.insert(orders).values(row).onConflictDoUpdate({ target: [orders.id], set: { orderStatus: 'Canceled' } });",
      ],
      ['the orders repository', "import { createOrdersRepository } from '../orders/index.ts';"],
      ['SQL INSERT INTO order_events', 'sql`INSERT INTO order_events (tenant_id, order_id) SELECT 1, 2`'],
      ['SQL INSERT INTO order_events', 'sql`insert into public."order_events" (tenant_id) values (1)`'],
      [
        'SQL UPDATE orders SET status',
        "sql`UPDATE orders o SET version = 2, order_status = 'Canceled' WHERE o.id = 1`",
      ],
      [
        'SQL UPDATE orders SET status',
        'sql`update public.orders set (payment_status, paid_total) = (r.p, r.t) from r`',
      ],
      [
        'SQL upsert of orders setting a status',
        'sql`INSERT INTO orders (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET shipment_status = excluded.shipment_status`',
      ],
    ];
    for (const [pattern, text] of samples)
      expect(
        orderWrites(text).map((f) => f.pattern),
        text,
      ).toEqual([pattern]);
    expect(orderWrites('\n\nsql`INSERT INTO order_events VALUES (1)`')).toEqual([
      { pattern: 'SQL INSERT INTO order_events', line: 3 },
    ]);
  });

  it('leaves reads and writes of other columns and tables alone', () => {
    const samples = [
      'await tx.select().from(orderEvents).where(eq(orderEvents.orderId, id));',
      'await tx.update(orders).set({ shippingByUser: true, carrier }).where(own);',
      'await tx.insert(orders).values({ orderStatus: "Draft Order" }).onConflictDoNothing();',
      'sql`INSERT INTO order_events_archive SELECT * FROM x`',
      "sql`UPDATE orders o SET search_vector = f(o.id) WHERE o.order_status = 'Sales Order'`",
      'sql`UPDATE orders o SET tags = ARRAY(SELECT t FROM x WHERE order_status = 1), version = o.version + 1`',
      "sql`SELECT id FROM orders WHERE order_status = 'Sales Order'`",
      'sql`UPDATE order_lines SET quantity_shipped = 1`',
      'sql`INSERT INTO orders (order_status) VALUES (1) ON CONFLICT DO NOTHING`',
    ];
    for (const text of samples) expect(orderWrites(text), text).toEqual([]);
  });

  it('finds the writes of the orders feature itself, which it exempts', () => {
    const owned = sourceFiles()
      .filter((path) => path.startsWith(OWNER))
      .flatMap((path) => scan(path).map((finding) => finding.pattern));
    expect(new Set(owned)).toEqual(
      new Set([
        'drizzle insert(orderEvents)',
        'drizzle update(orders) of a status',
        'SQL INSERT INTO order_events',
        'SQL UPDATE orders SET status',
        'the orders repository',
      ]),
    );
  });

  it('finds no code outside the orders feature that writes an order status or a timeline row', () => {
    const files = sourceFiles().filter((path) => !path.startsWith(OWNER));
    expect(files.length).toBeGreaterThan(200);
    const writers = files.flatMap((path) => scan(path).map(({ pattern, line }) => `src/${path}:${line}: ${pattern}`));
    expect(
      writers,
      'call the orders feature instead (changeOrder, changeOrders, recordOrderEvents in features/orders/index.ts)',
    ).toEqual([]);
  });
});
