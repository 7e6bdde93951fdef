import { DEFAULT_TIME_ZONE, type OrderListQuery } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import {
  EXACT_COUNT_LIMIT,
  needsTimeZone,
  parseOrderQuery,
  resolveDays,
  sortSpec,
  type Cursor,
  type OrderFilter,
  type SortSpec,
} from './order-list-query.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createListCounts } from './order-list-counts.ts';
import type { ListPageQuery, SummaryRow } from './order-list-repository.ts';
import { BOM, csvHeader, csvRow, wallClockText } from './orders-export-csv.ts';
import { createOrdersExportRepository } from './orders-export-repository.ts';
import { createOrdersRepository } from './orders-repository.ts';

/** Reads that answer a request: the database refuses writes in them. */
const READ_ONLY = { readOnly: true } as const;

export interface OrdersExportOptions {
  /** Orders read per transaction (one keyset page of the list's query); tests lower it. */
  batchSize?: number;
  /** As the list's: filtered totals are exact up to this many rows, estimated above. */
  exactCountLimit?: number;
}

interface OrdersExport {
  /** The list's total for the same filters (what the web shows progress against). */
  total: number;
  totalIsEstimate: boolean;
  /** `orders-2026-11-26.csv`: the tenant's date today. */
  fileName: string;
  /** The CSV text, a batch of rows at a time, read only as fast as the client takes it. */
  chunks: AsyncGenerator<string>;
}

const DEFAULT_BATCH_SIZE = 500;

/** Where the next page starts: after `row` in the sort order (the list's keyset, order-list-query.ts). */
function after(spec: SortSpec, row: SummaryRow, fingerprint: string): Cursor {
  return {
    sort: spec.sort,
    direction: 'next',
    id: row.id,
    key: spec.key === 'id' ? null : spec.key === 'total' ? row.total : row.orderDate.toISOString(),
    fingerprint,
  };
}

/**
 * `GET /call/orders/export.csv`: every order of the list's filters and sort, as CSV (docs/orders.md, "Export").
 * The filters are the list's (parseOrderQuery, the list repository's WHERE and keyset pages): the export reads the
 * list page after page by its cursor, each page in its own short read-only transaction, and writes its rows as they
 * come, so neither the server's memory nor a database connection is held by a large export or a slow client.
 */
export function createOrdersExportService(database: Database, options: OrdersExportOptions = {}) {
  const repo = createOrdersRepository();
  const exportRepo = createOrdersExportRepository();
  const counts = createListCounts(repo, options.exactCountLimit ?? EXACT_COUNT_LIMIT);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;

  async function* chunks(
    tenantId: string,
    page: Omit<ListPageQuery, 'cursor' | 'reverse' | 'offset' | 'limit'>,
    fingerprint: string,
    time: (at: Date) => string,
  ): AsyncGenerator<string> {
    yield BOM + csvHeader();
    let cursor: Cursor | null = null;
    for (;;) {
      const from = cursor;
      const text = await database.withTenant(
        tenantId,
        async (tx) => {
          const rows = await repo.listPage(tx, tenantId, {
            ...page,
            cursor: from,
            reverse: false,
            offset: 0,
            limit: batchSize,
          });
          const details = await exportRepo.details(
            tx,
            tenantId,
            rows.map((r) => r.id),
          );
          return { rows, csv: rows.map((r) => csvRow(r, details.get(r.id), time)).join('') };
        },
        READ_ONLY,
      );
      if (text.csv) yield text.csv;
      const last = text.rows.at(-1);
      if (!last || text.rows.length < batchSize) return;
      cursor = after(page.spec, last, fingerprint);
    }
  }

  return {
    /** Checks the query (400 naming the field, as the list) and counts it; the rows are read as `chunks` is. */
    async start(auth: AuthContext, query: Pick<OrderListQuery, 'filters' | 'hide' | 'order'>): Promise<OrdersExport> {
      const parsed = parseOrderQuery(query.filters, query.hide);
      if (!parsed.ok) throw badRequest(parsed.errors);
      const { hideDeleted, fingerprint } = parsed.value;
      const spec = sortSpec(query.order);
      const tenantId = auth.tenantId;
      const { filters, timeZone, counted } = await database.withTenant(
        tenantId,
        async (tx) => {
          const zone = (await repo.timeZone(tx, tenantId)) ?? DEFAULT_TIME_ZONE;
          const resolved: OrderFilter[] = needsTimeZone(parsed.value.filters)
            ? resolveDays(parsed.value.filters, zone)
            : parsed.value.filters;
          return { filters: resolved, timeZone: zone, counted: await counts(tx, tenantId, resolved, hideDeleted) };
        },
        READ_ONLY,
      );
      const time = wallClockText(timeZone);
      const page = { filters, hideDeleted, spec, ...counted.searchPage };
      return {
        total: counted.total,
        totalIsEstimate: counted.totalIsEstimate,
        fileName: `orders-${time(new Date()).slice(0, 10)}.csv`,
        chunks: chunks(tenantId, page, fingerprint, time),
      };
    },
  };
}
