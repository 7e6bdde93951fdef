import {
  DEFAULT_ORDER_LIST_PREFERENCES,
  MAX_ORDER_LIST_VIEWS,
  ORDER_LIST_COLUMNS,
  ORDER_LIST_VIEW_NAME_MAX,
  orderListColumnsProblem,
  viewName,
  type OrderListColumn,
  type OrderListDensity,
  type OrderListPageSize,
  type OrderListPreferences,
  type OrderListPreferencesUpdate,
  type OrderListView,
  type OrderListViewFilters,
  type OrderListViewInput,
  type OrderListViewUpdate,
  type OrderSort,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { OrderListPreferencesRow, OrderListViewRow } from '../../db/schema/index.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createOrderViewsRepository, type ViewValues } from './order-views-repository.ts';

const VIEW_NOT_FOUND = 'View not found';
/** How many requested services the list's filter offers (the rest can be typed). */
export const REQUESTED_SERVICES_OFFERED = 200;

/** Columns a stored row names that the list still has (a column may be retired after it was hidden). */
const knownColumns = (columns: readonly string[]) =>
  columns.filter((c): c is OrderListColumn => (ORDER_LIST_COLUMNS as readonly string[]).includes(c));

function toPreferences(row: OrderListPreferencesRow | undefined): OrderListPreferences {
  if (!row) return DEFAULT_ORDER_LIST_PREFERENCES;
  return {
    pageSize: row.pageSize as OrderListPageSize,
    density: row.density as OrderListDensity,
    hiddenColumns: knownColumns(row.hiddenColumns),
  };
}

function toView(row: OrderListViewRow): OrderListView {
  return {
    id: String(row.id),
    name: row.name,
    filters: row.filters,
    sort: row.sort as OrderSort,
    hiddenColumns: knownColumns(row.hiddenColumns),
    pageSize: row.pageSize as OrderListPageSize | null,
    density: row.density as OrderListDensity | null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function checkColumns(hidden: readonly string[] | undefined) {
  const problem = hidden === undefined ? null : orderListColumnsProblem(hidden);
  if (problem) throw badRequest({ hiddenColumns: `hiddenColumns: ${problem}` });
}

/** The name as kept, or a 400 naming the field. */
function checkedName(raw: string): string {
  const name = viewName(raw);
  if (name === '') throw badRequest({ name: 'name must not be blank' });
  if (name.length > ORDER_LIST_VIEW_NAME_MAX) {
    throw badRequest({ name: `name must be at most ${ORDER_LIST_VIEW_NAME_MAX} characters` });
  }
  return name;
}

/** Filters as kept: a text trimmed (and dropped when blank), a date range the right way round. */
function checkedFilters(filters: OrderListViewFilters): OrderListViewFilters {
  const out: OrderListViewFilters = { ...filters };
  for (const key of ['search', 'requestedService'] as const) {
    const text = out[key]?.trim();
    if (text) out[key] = text;
    else delete out[key];
  }
  if (out.from && out.to && out.from > out.to) {
    throw badRequest({ 'filters.to': 'filters.to must not be before filters.from' });
  }
  return out;
}

const duplicate = (name: string) =>
  new HttpError(409, `A view named "${name}" exists already`, {
    errors: { name: `A view named "${name}" exists already` },
    reason: 'duplicate_name',
  });

/**
 * The order list as each user keeps it: their preferences and their saved views. Everything is read and written for
 * the caller only (tenant and token subject); another user's view answers 404, as a missing one does.
 */
export function createOrderViewsService(database: Database) {
  const repo = createOrderViewsRepository();

  return {
    /** `GET /api/v1/orderListPreferences`: the defaults until the user changes one. */
    getPreferences(auth: AuthContext): Promise<OrderListPreferences> {
      return database.withTenant(auth.tenantId, async (tx) =>
        toPreferences(await repo.findPreferences(tx, auth.tenantId, auth.userId)),
      );
    },

    /** `PATCH /api/v1/orderListPreferences`: what is sent changes; the rest stays. */
    updatePreferences(auth: AuthContext, change: OrderListPreferencesUpdate): Promise<OrderListPreferences> {
      checkColumns(change.hiddenColumns);
      return database.withTenant(auth.tenantId, async (tx) =>
        toPreferences(await repo.savePreferences(tx, auth.tenantId, auth.userId, change)),
      );
    },

    /** `GET /api/v1/orderListViews`: the user's views, by name. */
    listViews(auth: AuthContext): Promise<OrderListView[]> {
      return database.withTenant(auth.tenantId, async (tx) =>
        (await repo.listViews(tx, auth.tenantId, auth.userId)).map(toView),
      );
    },

    /** `POST /api/v1/orderListViews`: a new view; 409 when the user has one of that name, 400 at the limit. */
    createView(auth: AuthContext, input: OrderListViewInput): Promise<OrderListView> {
      const name = checkedName(input.name);
      checkColumns(input.hiddenColumns);
      const values: ViewValues = {
        name,
        filters: checkedFilters(input.filters),
        sort: input.sort,
        hiddenColumns: [...input.hiddenColumns],
        pageSize: input.pageSize ?? null,
        density: input.density ?? null,
      };
      return database.withTenant(auth.tenantId, async (tx) => {
        await repo.lockUser(tx, auth.tenantId, auth.userId);
        if (await repo.nameTaken(tx, auth.tenantId, auth.userId, name)) throw duplicate(name);
        if ((await repo.countViews(tx, auth.tenantId, auth.userId)) >= MAX_ORDER_LIST_VIEWS) {
          throw new HttpError(400, `You can keep at most ${MAX_ORDER_LIST_VIEWS} views; delete one first`, {
            errors: { name: `You can keep at most ${MAX_ORDER_LIST_VIEWS} views; delete one first` },
            reason: 'too_many_views',
          });
        }
        return toView(await repo.insertView(tx, auth.tenantId, auth.userId, values));
      });
    },

    /** `PATCH /api/v1/orderListViews/{id}`: rename, or replace what the view holds. */
    updateView(auth: AuthContext, id: number, change: OrderListViewUpdate): Promise<OrderListView> {
      const values: Partial<ViewValues> = {};
      if (change.name !== undefined) values.name = checkedName(change.name);
      if (change.filters !== undefined) values.filters = checkedFilters(change.filters);
      if (change.sort !== undefined) values.sort = change.sort;
      checkColumns(change.hiddenColumns);
      if (change.hiddenColumns !== undefined) values.hiddenColumns = [...change.hiddenColumns];
      if (change.pageSize !== undefined) values.pageSize = change.pageSize;
      if (change.density !== undefined) values.density = change.density;
      return database.withTenant(auth.tenantId, async (tx) => {
        await repo.lockUser(tx, auth.tenantId, auth.userId);
        if (!(await repo.findView(tx, auth.tenantId, auth.userId, id))) throw notFound(VIEW_NOT_FOUND);
        if (values.name !== undefined && (await repo.nameTaken(tx, auth.tenantId, auth.userId, values.name, id))) {
          throw duplicate(values.name);
        }
        const row = await repo.updateView(tx, auth.tenantId, auth.userId, id, values);
        if (!row) throw notFound(VIEW_NOT_FOUND);
        return toView(row);
      });
    },

    /** `DELETE /api/v1/orderListViews/{id}`. */
    deleteView(auth: AuthContext, id: number): Promise<{ id: string }> {
      return database.withTenant(auth.tenantId, async (tx) => {
        if (!(await repo.deleteView(tx, auth.tenantId, auth.userId, id))) {
          throw notFound(VIEW_NOT_FOUND);
        }
        return { id: String(id) };
      });
    },

    /** `GET /call/orderList/requestedServices`: what the list's requested-service filter offers. */
    requestedServices(auth: AuthContext): Promise<string[]> {
      return database.withTenant(auth.tenantId, (tx) =>
        repo.requestedServices(tx, auth.tenantId, REQUESTED_SERVICES_OFFERED),
      );
    },
  };
}
