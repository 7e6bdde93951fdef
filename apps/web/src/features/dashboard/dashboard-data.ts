/**
 * The dashboard answer (spec 3, "Dashboard response"), read defensively: each of the three datasets may arrive as a
 * JSON string or already parsed, and anything that does not have the expected shape is dropped rather than shown as
 * made-up numbers. Revenue stays in integer minor units of `currency`; the screen formats it.
 */

/** One tile's figures; `xLabels` is the tile title ('Received Orders', ...). */
export interface SalesCountEntry {
  xLabels: string;
  Current: number | null;
  Previous: number | null;
  /** Change against the previous period in percent; null when there is nothing to compare with. */
  Percentage: number | null;
}

/** Revenue per category (hour or day of the period), previous period against current. */
export interface SalesByDate {
  Categories: string[];
  Previous: number[];
  Current: number[];
}

/** One pie slice: a channel and its revenue. */
export interface ChannelRevenue {
  id: string;
  label: string;
  value: number;
}

export interface DashboardRange {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

/**
 * What the tiles' Previous counts: the previous period up to the point the current one has reached, and its name in
 * words ('Mon–Wed 14:00 last week').
 */
export interface DashboardComparison {
  from: string;
  to: string;
  label: string;
}

export interface DashboardStatistics {
  timeZone: string | null;
  currency: string | null;
  range: DashboardRange | null;
  /** Null when the answer carries none (an older server): the tiles then just say "the previous period". */
  comparison: DashboardComparison | null;
  salesCount: SalesCountEntry[];
  /** The parcel tiles (delivered on time, late, exceptions), read as the order tiles. */
  deliveryCounts: SalesCountEntry[];
  salesByDate: SalesByDate;
  salesByChannel: ChannelRevenue[];
}

export const EMPTY_SALES_BY_DATE: SalesByDate = { Categories: [], Previous: [], Current: [] };

export const EMPTY_STATISTICS: DashboardStatistics = {
  timeZone: null,
  currency: null,
  range: null,
  comparison: null,
  salesCount: [],
  deliveryCounts: [],
  salesByDate: EMPTY_SALES_BY_DATE,
  salesByChannel: [],
};

/** A dataset as sent: JSON text is parsed; text that does not parse is `undefined` (read as an empty list). */
export function parseDataset(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** A finite number, or numeric text (PostgreSQL sends bigint counts and numeric sums as text); otherwise null. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function salesCountFrom(value: unknown): SalesCountEntry[] {
  const parsed = parseDataset(value);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((raw): SalesCountEntry[] => {
    const entry = record(raw);
    if (!entry || typeof entry.xLabels !== 'string') return [];
    return [
      {
        xLabels: entry.xLabels,
        Current: toNumber(entry.Current),
        Previous: toNumber(entry.Previous),
        Percentage: toNumber(entry.Percentage),
      },
    ];
  });
}

export function salesByDateFrom(value: unknown): SalesByDate {
  const entry = record(parseDataset(value));
  if (!entry || !Array.isArray(entry.Categories)) return EMPTY_SALES_BY_DATE;
  const Categories = entry.Categories.map((category) => String(category ?? ''));
  // One value per category: a short or missing series is read as no revenue, never shifted onto other categories.
  const series = (values: unknown) =>
    Categories.map((_category, index) => (Array.isArray(values) ? (toNumber(values[index]) ?? 0) : 0));
  return { Categories, Previous: series(entry.Previous), Current: series(entry.Current) };
}

export function salesByChannelFrom(value: unknown): ChannelRevenue[] {
  const parsed = parseDataset(value);
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  return parsed.flatMap((raw, index): ChannelRevenue[] => {
    const point = record(raw);
    const amount = toNumber(point?.value);
    if (!point || amount === null) return [];
    const label = typeof point.label === 'string' && point.label.trim() ? point.label : 'Unknown channel';
    let id = typeof point.id === 'string' || typeof point.id === 'number' ? String(point.id) : label;
    // The pie needs unique ids; two slices with one id would share a colour and a label.
    if (seen.has(id)) id = `${id}#${index}`;
    seen.add(id);
    return [{ id, label, value: amount }];
  });
}

function rangeFrom(value: unknown): DashboardRange | null {
  const range = record(value);
  const keys = ['from', 'to', 'previousFrom', 'previousTo'] as const;
  if (!range || !keys.every((key) => typeof range[key] === 'string')) return null;
  return {
    from: range.from as string,
    to: range.to as string,
    previousFrom: range.previousFrom as string,
    previousTo: range.previousTo as string,
  };
}

function comparisonFrom(value: unknown): DashboardComparison | null {
  const comparison = record(value);
  const keys = ['from', 'to', 'label'] as const;
  if (!comparison || !keys.every((key) => typeof comparison[key] === 'string') || !comparison.label) return null;
  return { from: comparison.from as string, to: comparison.to as string, label: comparison.label as string };
}

/** The envelope's `data` as DashboardStatistics; a body without `data` reads as empty statistics. */
export function statisticsFrom(response: unknown): DashboardStatistics {
  const data = record(record(response)?.data);
  if (!data) return EMPTY_STATISTICS;
  return {
    timeZone: typeof data.timeZone === 'string' && data.timeZone ? data.timeZone : null,
    currency: typeof data.currency === 'string' && /^[A-Z]{3}$/.test(data.currency) ? data.currency : null,
    range: rangeFrom(data.range),
    comparison: comparisonFrom(data.comparedWith),
    salesCount: salesCountFrom(data.salesCount),
    deliveryCounts: salesCountFrom(data.deliveryCounts),
    salesByDate: salesByDateFrom(data.salesByDate),
    salesByChannel: salesByChannelFrom(data.salesByChannel),
  };
}
