import { and, eq } from 'drizzle-orm';
import { ORDER_STATUSES } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { statusesShown, withoutOrderStatus, type OrderFilter } from './order-list-query.ts';
import type { OrdersRepository } from './orders-repository.ts';

export interface ListCounts {
  total: number;
  totalIsEstimate: boolean;
  statusCounts: Record<string, number>;
  /** A search: how its page is read (ListPageQuery), from how many it matches. */
  searchPage?: { manyMatches: boolean };
}

/**
 * A search the planner expects to match more orders than this is not counted: its total and tabs are estimates.
 * Counting reads every match from the table (the index cannot say which are visible), about 1 us each, and a
 * search's request should answer in 10 ms (docs/orders.md, "Counts").
 */
const SEARCH_COUNT_LIMIT = 2_000;

/** A search that is counted (expected to match few) is exact up to this many matches, estimated above. */
const SEARCH_EXACT_LIMIT = 5_000;

/**
 * How a search's page is read (ListPageQuery). Matching more than FEW_MATCHES and at least MANY_MATCHES_SHARE of the
 * tenant's orders: found by walking the sort's index and testing each order, about 1 / share orders per row of the
 * page (`manyMatches`), where reading every match would cost more. Otherwise every match is read through the
 * search's index and sorted. Two common words that go together ("new york") match many more orders than the planner
 * expects, so the counts decide, not the planner.
 */
const FEW_MATCHES = 2_000;
const MANY_MATCHES_SHARE = 0.01;

const sum = (counts: Record<string, number>, statuses: readonly string[] = ORDER_STATUSES) =>
  statuses.reduce((n, status) => n + (counts[status] ?? 0), 0);

/**
 * The list's total and tab counts (docs/orders.md, "Counts"). Narrowed by the order status alone: both from the
 * tenant's per-status counts, exact at any size, one small query. A search: its matches per status in one pass when
 * the planner expects few, else estimates. Otherwise the orders are counted: exactly up to the limit, the planner's
 * estimate above; the tabs under the same filters but the order status.
 */
export function createListCounts(repo: OrdersRepository, exactLimit: number) {
  /** The least of the planner's estimates of each word of the search alone (under the same other filters). */
  async function wordsEstimate(tx: Executor, tenantId: string, filters: readonly OrderFilter[]) {
    const others = withoutOrderStatus(filters).filter((f) => f.kind !== 'search');
    const words = filters.flatMap((f) => (f.kind === 'search' ? f.prefix.split(/\s+/).filter(Boolean) : []));
    const estimates = await Promise.all(
      words.map((word) =>
        repo.searchEstimate(tx, repo.filterSql(tenantId, [...others, { kind: 'search', prefix: word }], false)),
      ),
    );
    return Math.min(...estimates, Number.MAX_SAFE_INTEGER);
  }

  /** A search's counts: every tab and the total from one read of its matches, or estimated from the planner's. */
  async function searchCounts(tx: Executor, tenantId: string, filters: readonly OrderFilter[], hideDeleted: boolean) {
    // The list shows, of the tabs' orders, those of the statuses its order-status filter and Deleted rule let through.
    const shown = statusesShown(
      filters.filter((f) => f.kind === 'status' && f.column === 'orderStatus'),
      hideDeleted,
    )!;
    const tabWhere = repo.filterSql(tenantId, withoutOrderStatus(filters), false);
    // Started together: one round trip on PostgreSQL.
    const [expected, tenantCounts] = await Promise.all([
      repo.searchEstimate(tx, tabWhere),
      repo.statusCounts(tx, tenantId),
    ]);
    const tenantOrders = sum(tenantCounts);
    const page = (total: number) => ({
      manyMatches: total > FEW_MATCHES && total >= MANY_MATCHES_SHARE * tenantOrders,
    });
    let matches = expected;
    if (expected <= SEARCH_COUNT_LIMIT) {
      const limit = Math.min(exactLimit, SEARCH_EXACT_LIMIT);
      const statusCounts = await repo.searchStatusCounts(tx, tabWhere, limit);
      const counted = sum(statusCounts);
      if (counted <= limit) {
        const total = sum(statusCounts, shown);
        return { total, totalIsEstimate: false, statusCounts, searchPage: page(total) };
      }
      // More than the planner expected: words that go together ("new york", which it takes for independent). The
      // least of the words' own estimates bounds their matches, and is close for such words.
      matches = Math.max(counted, await wordsEstimate(tx, tenantId, filters));
    }
    // Estimated: the matches (no more than the tenant's orders) spread over the statuses as the tenant's orders are.
    matches = Math.min(matches, tenantOrders);
    const statusCounts: Record<string, number> = Object.fromEntries(
      ORDER_STATUSES.map((s) => [s, tenantOrders > 0 ? Math.round((matches * tenantCounts[s]!) / tenantOrders) : 0]),
    );
    const total = sum(statusCounts, shown);
    return { total, totalIsEstimate: true, statusCounts, searchPage: page(total) };
  }

  return async function counts(
    tx: Executor,
    tenantId: string,
    filters: readonly OrderFilter[],
    hideDeleted: boolean,
  ): Promise<ListCounts> {
    const shown = statusesShown(filters, hideDeleted);
    if (shown) {
      const statusCounts = await repo.statusCounts(tx, tenantId);
      return { total: sum(statusCounts, shown), totalIsEstimate: false, statusCounts };
    }
    if (filters.some((f) => f.kind === 'search')) return searchCounts(tx, tenantId, filters, hideDeleted);
    const where = repo.filterSql(tenantId, filters, hideDeleted);
    const tabWhere = repo.filterSql(tenantId, withoutOrderStatus(filters), false);
    // Started together, and the estimates together after them: each group is one round trip on PostgreSQL.
    const [counted, statusCounts] = await Promise.all([
      repo.countUpTo(tx, where, exactLimit),
      repo.countByStatus(tx, tabWhere, exactLimit),
    ]);
    const totalIsEstimate = counted > exactLimit;
    const overLimit = ORDER_STATUSES.filter((status) => (statusCounts[status] ?? 0) > exactLimit);
    const [total, ...tabEstimates] = await Promise.all([
      totalIsEstimate ? repo.estimate(tx, where).then((n) => Math.max(n, exactLimit + 1)) : counted,
      ...overLimit.map((status) => repo.estimate(tx, and(tabWhere, eq(orders.orderStatus, status))!)),
    ]);
    overLimit.forEach((status, i) => (statusCounts[status] = Math.max(tabEstimates[i]!, exactLimit + 1)));
    return { total, totalIsEstimate, statusCounts };
  };
}
