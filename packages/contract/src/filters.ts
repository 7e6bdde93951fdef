/** Filter grammar (ARCHITECTURE.md, API; spec section 5): field -> value, value may be `op@value`. */
const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'in', 'between'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Date fields that the web always sends as `eq@value`. */
const DATE_FILTER_FIELDS = ['created', 'created_at', 'orderDate'] as const;

type FilterInput = Record<string, string | number | boolean | null | undefined>;

/** Serialise filters the way spec section 5 says: skip falsy values, prefix date fields with `eq@`. */
export function serializeFilters(filters: FilterInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(filters)) {
    if (!value) continue;
    const text = String(value);
    out[field] = (DATE_FILTER_FIELDS as readonly string[]).includes(field) ? `eq@${text}` : text;
  }
  return out;
}

interface ParsedFilter {
  field: string;
  operator: FilterOperator;
  value: string;
}

/** Split `op@value`; a value without a known operator prefix is an equality. */
export function parseFilterValue(field: string, raw: string): ParsedFilter {
  const at = raw.indexOf('@');
  if (at > 0) {
    const op = raw.slice(0, at);
    if ((FILTER_OPERATORS as readonly string[]).includes(op)) {
      return { field, operator: op as FilterOperator, value: raw.slice(at + 1) };
    }
  }
  return { field, operator: 'eq', value: raw };
}
