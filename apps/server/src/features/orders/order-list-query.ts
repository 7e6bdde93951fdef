import { createHash } from 'node:crypto';
import {
  ADDRESS_CHECK_STATUSES,
  ORDER_FILTER_FIELDS,
  ORDER_LIST_FIRST_DAY,
  ORDER_LIST_LAST_DAY,
  ORDER_SORTS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REQUESTED_SERVICE_MAX,
  SHIPMENT_STATUSES,
  SOURCE_TYPES,
  TRACKING_STATUSES,
  addDays,
  dayText,
  localDay,
  parseDay,
  parseFilterValue,
  startOfLocalDay,
  type FilterOperator,
  type OrderSort,
} from '@shipdesk/contract';
import { unstorableField } from '../../domain/storable-values.ts';

/**
 * The order list's query language, checked and normalised without SQL: the allow-listed filters of the contract,
 * the sorts, and the opaque keyset cursor. The repository turns the result into one SQL statement.
 */

/** A point in time: a calendar day (start of that day in the tenant's time zone) or an exact instant. */
export type TimePoint = { day: string } | { instant: string };

export type OrderFilter =
  | {
      kind: 'status';
      column: 'orderStatus' | 'paymentStatus' | 'shipmentStatus';
      op: 'eq' | 'ne' | 'in';
      values: string[];
    }
  | { kind: 'sourceType'; op: 'eq' | 'in'; values: string[] }
  /** `null` is the manual channel (spec "store 1"), written `manual`. */
  | { kind: 'store'; op: 'eq' | 'in'; values: Array<number | null> }
  /** `from` inclusive, `to` exclusive. */
  | { kind: 'time'; column: 'orderDate' | 'createdAt'; from: TimePoint | null; to: TimePoint | null }
  | { kind: 'search'; prefix: string }
  /** The requested service's key: lower-cased, outer spaces dropped (orders.requested_service_key). */
  | { kind: 'requestedService'; key: string }
  /** The status of the order's address check (address_checks). */
  | { kind: 'addressCheck'; values: string[] }
  /** `today`: the tenant's day, set by the service before the query (late: past the promised day). */
  | { kind: 'parcelStatus'; values: string[]; today: string };

interface ParsedOrderQuery {
  filters: OrderFilter[];
  /** Deleted orders are hidden unless asked for (docs/orders.md). */
  hideDeleted: boolean;
  /** Binds cursors to the filters they were made with. */
  fingerprint: string;
}

type Result<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_IN_VALUES = 50;

function nextDay(day: string): string {
  return dayText(addDays(parseDay(day)!, 1));
}

function point(raw: string): TimePoint | null {
  const text = raw.trim();
  if (DAY.test(text))
    return parseDay(text) && text >= ORDER_LIST_FIRST_DAY && text <= ORDER_LIST_LAST_DAY ? { day: text } : null;
  if (INSTANT.test(text)) {
    const d = new Date(text);
    if (Number.isNaN(d.getTime())) return null;
    const instant = d.toISOString();
    return instant >= ORDER_LIST_FIRST_DAY && instant.slice(0, 10) <= ORDER_LIST_LAST_DAY ? { instant } : null;
  }
  return null;
}

/** The first moment after the point's end: the next day's start, or one millisecond later. */
function after(p: TimePoint): TimePoint {
  if ('day' in p) return { day: nextDay(p.day) };
  return { instant: new Date(new Date(p.instant).getTime() + 1).toISOString() };
}

function timeRange(op: FilterOperator, value: string): { from: TimePoint | null; to: TimePoint | null } | null {
  if (op === 'between') {
    const [a, b, ...rest] = value.split(',');
    if (a === undefined || b === undefined || rest.length > 0) return null;
    const from = point(a);
    const to = point(b);
    return from && to ? { from, to: after(to) } : null;
  }
  const p = point(value);
  if (!p) return null;
  if (op === 'eq') return { from: p, to: after(p) };
  if (op === 'gte') return { from: p, to: null };
  if (op === 'lte') return { from: null, to: after(p) };
  return null;
}

const STATUS_VALUES: Record<'orderStatus' | 'paymentStatus' | 'shipmentStatus', readonly string[]> = {
  orderStatus: ORDER_STATUSES,
  paymentStatus: PAYMENT_STATUSES,
  shipmentStatus: SHIPMENT_STATUSES,
};

function list(op: FilterOperator, value: string): string[] {
  return op === 'in'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [value.trim()];
}

/** One filter entry -> a normalised filter, or the message for `errors['filters.<field>']`. */
function parseOne(field: string, raw: string): OrderFilter | string {
  if (!Object.hasOwn(ORDER_FILTER_FIELDS, field)) return `filters.${field} is not a filter of orders`;
  const allowed = ORDER_FILTER_FIELDS[field as keyof typeof ORDER_FILTER_FIELDS] as readonly string[];
  const { operator: op, value } = parseFilterValue(field, raw);
  // A value like "like@x" on a field without `like` must not pass as an equality on "like@x".
  if (!allowed.includes(op))
    return `filters.${field} does not accept the operator "${op}" (allowed: ${allowed.join(', ')})`;
  switch (field) {
    case 'orderStatus':
    case 'paymentStatus':
    case 'shipmentStatus': {
      const values = list(op, value);
      const known = STATUS_VALUES[field];
      const bad = values.find((v) => !known.includes(v));
      if (values.length === 0 || values.length > MAX_IN_VALUES)
        return `filters.${field} needs 1 to ${MAX_IN_VALUES} values`;
      if (bad !== undefined) return `filters.${field} has an unknown value "${bad}"`;
      return { kind: 'status', column: field, op: op as 'eq' | 'ne' | 'in', values };
    }
    case 'sourceType': {
      const values = list(op, value);
      const bad = values.find((v) => !(SOURCE_TYPES as readonly string[]).includes(v));
      if (values.length === 0 || values.length > MAX_IN_VALUES)
        return `filters.${field} needs 1 to ${MAX_IN_VALUES} values`;
      if (bad !== undefined) return `filters.${field} has an unknown value "${bad}"`;
      return { kind: 'sourceType', op: op as 'eq' | 'in', values };
    }
    case 'storeId': {
      const values = list(op, value);
      if (values.length === 0 || values.length > MAX_IN_VALUES)
        return `filters.${field} needs 1 to ${MAX_IN_VALUES} values`;
      const ids: Array<number | null> = [];
      for (const v of values) {
        if (v === 'manual') ids.push(null);
        else if (/^[1-9]\d{0,15}$/.test(v)) ids.push(Number(v));
        else return `filters.${field} must be store ids or "manual"`;
      }
      return { kind: 'store', op: op as 'eq' | 'in', values: ids };
    }
    case 'orderDate':
    case 'created':
    case 'created_at': {
      const range = timeRange(op, value);
      if (!range)
        return (
          `filters.${field} must be a date (YYYY-MM-DD) or an ISO 8601 time${op === 'between' ? ' pair "a,b"' : ''}` +
          `, from ${ORDER_LIST_FIRST_DAY} to ${ORDER_LIST_LAST_DAY}`
        );
      return { kind: 'time', column: field === 'orderDate' ? 'orderDate' : 'createdAt', ...range };
    }
    case 'search': {
      const prefix = value.trim().toLowerCase();
      if (prefix.length === 0 || prefix.length > 100) return `filters.${field} must be 1 to 100 characters`;
      return { kind: 'search', prefix };
    }
    case 'requestedService': {
      const key = value.trim().toLowerCase();
      if (key.length === 0 || key.length > REQUESTED_SERVICE_MAX)
        return `filters.${field} must be 1 to ${REQUESTED_SERVICE_MAX} characters`;
      return { kind: 'requestedService', key };
    }
    case 'addressCheck': {
      const values = list(op, value);
      const bad = values.find((v) => !(ADDRESS_CHECK_STATUSES as readonly string[]).includes(v));
      if (values.length === 0 || values.length > MAX_IN_VALUES)
        return `filters.${field} needs 1 to ${MAX_IN_VALUES} values`;
      if (bad !== undefined) return `filters.${field} has an unknown value "${bad}"`;
      return { kind: 'addressCheck', values };
    }
    case 'parcelStatus': {
      const values = list(op, value);
      const bad = values.find((v) => v !== 'late' && !(TRACKING_STATUSES as readonly string[]).includes(v));
      if (values.length === 0 || values.length > MAX_IN_VALUES)
        return `filters.${field} needs 1 to ${MAX_IN_VALUES} values`;
      if (bad !== undefined)
        return `filters.${field} has an unknown value "${bad}" (${TRACKING_STATUSES.join(', ')}, late)`;
      return { kind: 'parcelStatus', values, today: '' };
    }
    default:
      return `filters.${field} is not a filter of orders`;
  }
}

/** `filters` (JSON text) and `hide` -> normalised filters; every bad entry is named `filters.<field>`. */
export function parseOrderQuery(filtersText: string | undefined, hide: number | undefined): Result<ParsedOrderQuery> {
  let raw: unknown = {};
  if (filtersText !== undefined && filtersText.trim() !== '') {
    try {
      raw = JSON.parse(filtersText);
    } catch {
      return { ok: false, errors: { filters: 'filters must be a JSON object' } };
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, errors: { filters: 'filters must be a JSON object' } };
  }
  const unstorable = unstorableField(raw, 'filters');
  if (unstorable) return { ok: false, errors: unstorable };
  const filters: OrderFilter[] = [];
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    // Falsy values mean "no filter" (spec 5: the web skips them, other clients may not).
    if (value === null || value === undefined || value === '' || value === false || value === 0) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      errors[`filters.${field}`] = `filters.${field} must be a string`;
      continue;
    }
    const parsed = parseOne(field, String(value));
    if (typeof parsed === 'string') errors[`filters.${field}`] = parsed;
    else filters.push(parsed);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const asksForDeleted = filters.some(
    (f) => f.kind === 'status' && f.column === 'orderStatus' && f.op !== 'ne' && f.values.includes('Deleted'),
  );
  const hideDeleted = hide === 1 || !asksForDeleted;
  const canonical = JSON.stringify({
    f: filters.map((f) => JSON.stringify(f)).sort(),
    h: hideDeleted,
  });
  const fingerprint = createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
  return { ok: true, value: { filters, hideDeleted, fingerprint } };
}

/** The instant a calendar day starts in `timeZone` (the tenant's wall clock, across daylight-saving changes). */
export function startOfDay(day: string, timeZone: string): string {
  const date = parseDay(day);
  if (!date) throw new Error(`"${day}" is not a calendar day`);
  return new Date(startOfLocalDay(date, timeZone)).toISOString();
}

/**
 * Turns calendar days into instants in the tenant's time zone, so the database compares plain timestamps (an index
 * range under row-level security, which keeps non-leakproof functions such as AT TIME ZONE out of index scans).
 */
export function resolveDays(filters: readonly OrderFilter[], timeZone: string): OrderFilter[] {
  const resolve = (p: TimePoint | null): TimePoint | null =>
    p && 'day' in p ? { instant: startOfDay(p.day, timeZone) } : p;
  const today = localDay(new Date(), timeZone);
  return filters.map((f) =>
    f.kind === 'time'
      ? { ...f, from: resolve(f.from), to: resolve(f.to) }
      : f.kind === 'parcelStatus'
        ? { ...f, today }
        : f,
  );
}

/** Whether any filter names a calendar day: only those need the tenant's time zone (resolveDays). */
export function needsTimeZone(filters: readonly OrderFilter[]): boolean {
  return filters.some(
    (f) =>
      (f.kind === 'time' && ((f.from && 'day' in f.from) || (f.to && 'day' in f.to))) ||
      (f.kind === 'parcelStatus' && f.values.includes('late')),
  );
}

/**
 * The order statuses a list shows when nothing but the order status narrows it (after the Deleted rule), so that
 * its total is a sum of the tenant's per-status counts; null when another filter (search, dates, store, source,
 * payment or shipment status) narrows it and the orders themselves must be counted.
 */
export function statusesShown(filters: readonly OrderFilter[], hideDeleted: boolean): string[] | null {
  let shown: string[] = [...ORDER_STATUSES];
  for (const f of filters) {
    if (f.kind !== 'status' || f.column !== 'orderStatus') return null;
    shown = shown.filter((s) => f.values.includes(s) !== (f.op === 'ne'));
  }
  return hideDeleted ? shown.filter((s) => s !== 'Deleted') : shown;
}

/** The filters that the status tabs count under: all but the order-status filter. */
export function withoutOrderStatus(filters: readonly OrderFilter[]): OrderFilter[] {
  return filters.filter((f) => !(f.kind === 'status' && f.column === 'orderStatus'));
}

export interface SortSpec {
  sort: OrderSort;
  key: 'id' | 'orderDate' | 'total';
  descending: boolean;
}

export function sortSpec(sort: OrderSort = 'id desc'): SortSpec {
  const [key, dir] = sort.split(' ') as ['id' | 'orderDate' | 'total', 'asc' | 'desc'];
  return { sort, key, descending: dir === 'desc' };
}

const isOrderSort = (value: string): value is OrderSort => (ORDER_SORTS as readonly string[]).includes(value);

/** A keyset position: the row's sort value (ISO time, minor units, or none for `id`) and id. */
export interface Cursor {
  sort: OrderSort;
  direction: 'next' | 'prev';
  key: string | number | null;
  id: number;
  fingerprint: string;
}

export function encodeCursor(cursor: Cursor): string {
  const body = { v: 1, s: cursor.sort, d: cursor.direction, k: cursor.key, i: cursor.id, f: cursor.fingerprint };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** Reads a cursor and checks it belongs to this sort and these filters. */
export function decodeCursor(text: string, sort: OrderSort, fingerprint: string): Result<Cursor> {
  const bad = (message: string): Result<Cursor> => ({ ok: false, errors: { cursor: message } });
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return bad('cursor is not a cursor of this list');
  }
  if (body === null || typeof body !== 'object' || body.v !== 1) return bad('cursor is not a cursor of this list');
  const { s, d, k, i, f } = body;
  if (
    typeof s !== 'string' ||
    !isOrderSort(s) ||
    (d !== 'next' && d !== 'prev') ||
    !Number.isSafeInteger(i) ||
    (i as number) < 1
  ) {
    return bad('cursor is not a cursor of this list');
  }
  if (s !== sort) return bad('cursor was made for another sort order; start again from the first page');
  if (f !== fingerprint) return bad('cursor was made for other filters; start again from the first page');
  const spec = sortSpec(s);
  const keyOk =
    spec.key === 'id'
      ? k === null
      : spec.key === 'total'
        ? Number.isSafeInteger(k)
        : typeof k === 'string' && INSTANT.test(k);
  if (!keyOk) return bad('cursor is not a cursor of this list');
  return { ok: true, value: { sort: s, direction: d, key: k as string | number | null, id: i as number, fingerprint } };
}

/** The count limits of the list: exact up to `exactLimit`, estimated above (docs/orders.md). */
export const EXACT_COUNT_LIMIT = 10_000;
