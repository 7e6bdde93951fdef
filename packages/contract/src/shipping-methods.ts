import Type from 'typebox';
import { literalUnion, Nullable, schema } from './schema-kit.ts';
import { CarrierSchema } from './carriers.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { IdSchema, INT32_MAX } from './ids.ts';
import { ArchivedAt, ArchivedFlag } from './setup-deletion.ts';

/**
 * Shipping methods and their mappings on the wire (spec 3, 7.5). A shipping method is the seller's own name for a way
 * to ship ("Standard", "Express"). Store mappings say which requested services of a store mean it ("Free Shipping"
 * on the Shopify store); carrier mappings say which carrier service fulfils it, optionally per destination. An order
 * resolves: store + requested service -> shipping method -> carrier service and package type (docs/shipping.md).
 */
const Id = IdSchema;
const Page = {
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  filters: Type.Optional(Type.String({ maxLength: 2000, description: 'JSON object field -> value (op@value)' })),
};

/** A requested service as written on orders: up to 200 characters, compared without case and outer spaces. */
export const REQUESTED_SERVICE_MAX = 200;
const RequestedService = Type.String({ minLength: 1, maxLength: REQUESTED_SERVICE_MAX });
const MethodName = Type.String({ minLength: 1, maxLength: 100 });

/** Where a carrier mapping applies: to every order, or only to orders shipped within / out of the warehouse's country. */
export const MAPPING_DESTINATIONS = ['any', 'domestic', 'international'] as const;
export type MappingDestination = (typeof MAPPING_DESTINATIONS)[number];

export const ShipMethodSchema = Type.Object({
  id: Id,
  name: Type.String(),
  /** Open orders (Draft and Sales Orders) that resolve to it. */
  openOrders: Type.Integer(),
  /** Whether a carrier service fulfils it (for every destination or some). */
  mapped: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  archivedAt: ArchivedAt,
});
export type ShipMethod = Type.Static<typeof ShipMethodSchema>;

/** A requested service that open orders ask for and no shipping method covers yet: what needs mapping. */
const UnmappedServiceSchema = Type.Object({
  requestedService: Type.String(),
  openOrders: Type.Integer(),
  stores: Type.Array(Type.Object({ id: Nullable(Id), name: Type.String() })),
});
export type UnmappedService = Type.Static<typeof UnmappedServiceSchema>;

export const SHIP_METHOD_FILTER_FIELDS = { name: ['eq', 'like'] } as const;

export const ShipMethodListQuerySchema = schema(() =>
  Type.Object({ ...Page, ...ArchivedFlag }, { additionalProperties: false }),
);
export type ShipMethodListQuery = Type.Static<typeof ShipMethodListQuerySchema>;

export const ShipMethodListSchema = Type.Object({
  rows: Type.Array(ShipMethodSchema),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
  /** Every requested service no method covers, most asked for first. */
  unmapped: Type.Array(UnmappedServiceSchema),
});
export type ShipMethodList = Type.Static<typeof ShipMethodListSchema>;

export const ShipMethodInputSchema = Type.Object({ name: MethodName }, { additionalProperties: false });
export type ShipMethodInput = Type.Static<typeof ShipMethodInputSchema>;

export const CarrierMappingSchema = Type.Object({
  id: Id,
  shipMethodId: Id,
  shipMethodName: Type.String(),
  destination: literalUnion(MAPPING_DESTINATIONS),
  carrier: CarrierSchema,
  /** The service code of the carrier catalogue. */
  carrierMethod: Type.String(),
  carrierMethodName: Type.String(),
  packageType: Nullable(Type.String()),
  /** The account labels are bought with; null: the default account of that carrier. */
  carrierAccountId: Nullable(Id),
});
export type CarrierMapping = Type.Static<typeof CarrierMappingSchema>;

export const CarrierMappingListQuerySchema = schema(() =>
  Type.Object({ ship_method: Type.Optional(Id), ...Page }, { additionalProperties: false }),
);

export const CarrierMappingListSchema = Type.Object({
  rows: Type.Array(CarrierMappingSchema),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
});
export type CarrierMappingList = Type.Static<typeof CarrierMappingListSchema>;

export const CarrierMappingInputSchema = Type.Object(
  {
    shipMethodId: Id,
    destination: Type.Optional(literalUnion(MAPPING_DESTINATIONS)),
    carrier: CarrierSchema,
    carrierMethod: Type.String({ minLength: 1, maxLength: 100 }),
    packageType: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    carrierAccountId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type CarrierMappingInput = Type.Static<typeof CarrierMappingInputSchema>;

/** The data of a store mapping (spec: "id plus data"): which requested services of which store mean the method. */
const StoreMappingDataSchema = Type.Object(
  {
    shipMethodId: Id,
    /** null: every store (and orders entered by hand). */
    storeId: Nullable(Id),
    /** Empty only on a change: the mapping is emptied (means nothing until services are given again). */
    services: Type.Array(RequestedService, { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type StoreMappingData = Type.Static<typeof StoreMappingDataSchema>;

export const StoreMappingSchema = Type.Object({
  id: Id,
  data: Type.Object({ shipMethodId: Id, storeId: Nullable(Id), services: Type.Array(Type.String()) }),
  shipMethodName: Type.String(),
  storeName: Nullable(Type.String()),
});
export type StoreMapping = Type.Static<typeof StoreMappingSchema>;

export const StoreMappingListQuerySchema = schema(() =>
  Type.Object({ ship_method: Type.Optional(Id), ...Page }, { additionalProperties: false }),
);
export const StoreMappingListSchema = Type.Object({
  rows: Type.Array(StoreMappingSchema),
  page: Type.Integer(),
  size: Type.Integer(),
  total: Type.Integer(),
});
export type StoreMappingList = Type.Static<typeof StoreMappingListSchema>;

export const StoreMappingInputSchema = Type.Object({ data: StoreMappingDataSchema }, { additionalProperties: false });

/** How an order ships, as resolved (or chosen by hand); null parts are not mapped yet. */
export const OrderShippingSchema = Type.Object({
  shipMethod: Nullable(Type.Object({ id: Id, name: Type.String() })),
  carrier: Nullable(CarrierSchema),
  carrierMethod: Nullable(Type.String()),
  carrierMethodName: Nullable(Type.String()),
  packageType: Nullable(Type.String()),
  /** A person chose it on this order: mapping changes leave it as it is. */
  chosenByUser: Type.Boolean(),
});
export type OrderShipping = Type.Static<typeof OrderShippingSchema>;

/**
 * Body of `POST /call/order/{orderId}/updateOrderShipping`: a person chooses how this order ships (a carrier
 * service, optionally its shipping method and package type), which mapping changes then leave alone; or hands it back
 * to the mappings (`automatic: true`). `version` (optional) guards against a stale screen.
 */
export const OrderShippingUpdateSchema = Type.Object(
  {
    automatic: Type.Optional(Type.Boolean()),
    shipMethodId: Type.Optional(Nullable(Id)),
    carrier: Type.Optional(CarrierSchema),
    carrierMethod: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    packageType: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX })),
  },
  { additionalProperties: false },
);
export type OrderShippingUpdate = Type.Static<typeof OrderShippingUpdateSchema>;

/** Progress of re-resolving a tenant's open orders after a mapping changed (realtime `shipping:resolution`). */
export type ShippingResolutionProgress = {
  state: 'running' | 'done';
  done: number;
  total: number;
};
export const SHIPPING_RESOLUTION_EVENT = 'shipping:resolution';
