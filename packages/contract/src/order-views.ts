import Type from 'typebox';
import { literalUnion, schema, Nullable } from './schema-kit.ts';
import { IdSchema } from './ids.ts';
import { PAYMENT_STATUSES, SHIPMENT_STATUSES } from './enums.ts';
import { REQUESTED_SERVICE_MAX } from './shipping-methods.ts';
import { TRACKING_STATUSES } from './tracking.ts';
import { ORDER_SORTS, OrderStatusSchema, PaymentStatusSchema, ShipmentStatusSchema } from './orders.ts';

/**
 * The order list as each user keeps it (docs/orders.md, "The list as you keep it"): their page size, row density and
 * hidden columns (`/api/v1/orderListPreferences`), and their saved views, each a named filter + sort + columns
 * (`/api/v1/orderListViews`). Both belong to one user of one tenant; nobody else sees or changes them.
 */

/** The page sizes the list offers; the spec's default (DEFAULT_PAGE_SIZE, 10) first. */
export const ORDER_LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export type OrderListPageSize = (typeof ORDER_LIST_PAGE_SIZES)[number];

/** Row heights: `standard` rows may take two lines (channel under the number, e-mail under the name); `compact` one. */
export const ORDER_LIST_DENSITIES = ['standard', 'compact'] as const;
export type OrderListDensity = (typeof ORDER_LIST_DENSITIES)[number];

/** The list's columns, in the order they are shown. The order number always stays: it is how a row is named. */
export const ORDER_LIST_COLUMNS = [
  'orderNumber',
  'orderDate',
  'customer',
  'shipTo',
  'items',
  'total',
  'orderStatus',
  'paymentStatus',
  'shipmentStatus',
  'parcelStatus',
  'service',
] as const;
export type OrderListColumn = (typeof ORDER_LIST_COLUMNS)[number];
export const ORDER_LIST_FIXED_COLUMNS: readonly OrderListColumn[] = ['orderNumber'];

/** Saved views a user may keep, and how long a view's name may be. */
export const MAX_ORDER_LIST_VIEWS = 50;
export const ORDER_LIST_VIEW_NAME_MAX = 60;

const PageSizeSchema = schema(() =>
  Type.Unsafe<OrderListPageSize>(Type.Union(ORDER_LIST_PAGE_SIZES.map((size) => Type.Literal(size)))),
);
const DensitySchema = literalUnion(ORDER_LIST_DENSITIES);
/**
 * Hidden, not shown, columns are kept, so that a column added later appears for everyone. The fixed columns are
 * refused by `orderListColumnsProblem` (with a message that says why), not by the schema.
 */
const HiddenColumnsSchema = schema(() =>
  Type.Array(literalUnion(ORDER_LIST_COLUMNS), {
    maxItems: ORDER_LIST_COLUMNS.length,
    uniqueItems: true,
  }),
);

export const OrderListPreferencesSchema = Type.Object({
  pageSize: PageSizeSchema,
  density: DensitySchema,
  hiddenColumns: Type.Array(literalUnion(ORDER_LIST_COLUMNS)),
});
export type OrderListPreferences = Type.Static<typeof OrderListPreferencesSchema>;

export const DEFAULT_ORDER_LIST_PREFERENCES: OrderListPreferences = {
  pageSize: 10,
  density: 'standard',
  // Delivery (docs/tracking.md) is one click away in the column chooser: the other ten fit a 1440-pixel screen.
  hiddenColumns: ['parcelStatus'],
};

/** Body of `PATCH /api/v1/orderListPreferences`: what changes; the rest stays as stored. */
export const OrderListPreferencesUpdateSchema = Type.Object(
  {
    pageSize: Type.Optional(PageSizeSchema),
    density: Type.Optional(DensitySchema),
    hiddenColumns: Type.Optional(HiddenColumnsSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type OrderListPreferencesUpdate = Type.Static<typeof OrderListPreferencesUpdateSchema>;

const DaySchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const StatusesOf = <T extends Type.TSchema>(item: T, count: number) =>
  Type.Array(item, { minItems: 1, maxItems: count, uniqueItems: true });

/**
 * A view's filters, as the list's controls hold them (not the `filters` grammar of GET /api/v1/orders, which the web
 * derives from them): the status tab, the search, the order-date range, the store (`manual`: orders added by hand),
 * payment and shipment statuses (any of), and the requested service (the channel's text, compared case-insensitively).
 */
const OrderListViewFiltersSchema = schema(() =>
  Type.Object(
    {
      orderStatus: Type.Optional(OrderStatusSchema),
      search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      from: Type.Optional(DaySchema),
      to: Type.Optional(DaySchema),
      storeId: Type.Optional(Type.Union([IdSchema, Type.Literal('manual')])),
      paymentStatus: Type.Optional(StatusesOf(PaymentStatusSchema, PAYMENT_STATUSES.length)),
      shipmentStatus: Type.Optional(StatusesOf(ShipmentStatusSchema, SHIPMENT_STATUSES.length)),
      requestedService: Type.Optional(Type.String({ minLength: 1, maxLength: REQUESTED_SERVICE_MAX })),
      /** The list's Address filter (docs/address-checks.md): `review` is corrected or ambiguous. */
      addressCheck: Type.Optional(literalUnion(['verified', 'review', 'invalid', 'not_checked'] as const)),
      /** The list's Delivery filter (docs/tracking.md): a parcel status, or `late`. */
      parcelStatus: Type.Optional(literalUnion([...TRACKING_STATUSES.filter((s) => s !== 'voided'), 'late'] as const)),
    },
    { additionalProperties: false },
  ),
);
export type OrderListViewFilters = Type.Static<typeof OrderListViewFiltersSchema>;

const ViewNameSchema = Type.String({ minLength: 1, maxLength: ORDER_LIST_VIEW_NAME_MAX });

export const OrderListViewSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  filters: OrderListViewFiltersSchema,
  sort: literalUnion(ORDER_SORTS),
  hiddenColumns: Type.Array(literalUnion(ORDER_LIST_COLUMNS)),
  /** Null: the view leaves the user's own page size (or density) as it is. */
  pageSize: Nullable(PageSizeSchema),
  density: Nullable(DensitySchema),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type OrderListView = Type.Static<typeof OrderListViewSchema>;

/** Body of `POST /api/v1/orderListViews`. The name is trimmed; names are unique per user, ignoring case. */
export const OrderListViewInputSchema = Type.Object(
  {
    name: ViewNameSchema,
    filters: OrderListViewFiltersSchema,
    sort: literalUnion(ORDER_SORTS),
    hiddenColumns: HiddenColumnsSchema,
    pageSize: Type.Optional(Nullable(PageSizeSchema)),
    density: Type.Optional(Nullable(DensitySchema)),
  },
  { additionalProperties: false },
);
export type OrderListViewInput = Type.Static<typeof OrderListViewInputSchema>;

/** Body of `PATCH /api/v1/orderListViews/{id}`: a rename, or the view's contents replaced, or both. */
export const OrderListViewUpdateSchema = Type.Object(
  {
    name: Type.Optional(ViewNameSchema),
    filters: Type.Optional(OrderListViewFiltersSchema),
    sort: Type.Optional(literalUnion(ORDER_SORTS)),
    hiddenColumns: Type.Optional(HiddenColumnsSchema),
    pageSize: Type.Optional(Nullable(PageSizeSchema)),
    density: Type.Optional(Nullable(DensitySchema)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type OrderListViewUpdate = Type.Static<typeof OrderListViewUpdateSchema>;

/** Why these hidden columns cannot be kept, or null when they can. */
export function orderListColumnsProblem(hidden: readonly string[]): string | null {
  const fixed = hidden.find((column) => (ORDER_LIST_FIXED_COLUMNS as readonly string[]).includes(column));
  if (fixed !== undefined) return `the column "${fixed}" cannot be hidden`;
  const unknown = hidden.find((column) => !(ORDER_LIST_COLUMNS as readonly string[]).includes(column));
  return unknown === undefined ? null : `"${unknown}" is not a column of the order list`;
}

/** A view's name as it is kept (outer spaces dropped), and the key names are compared by. */
export const viewName = (name: string) => name.trim().replace(/\s+/g, ' ');
