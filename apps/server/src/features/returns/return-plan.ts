import { and, desc, eq } from 'drizzle-orm';
import {
  CARRIER_NAMES,
  RETURN_PAY_ON_USE,
  findCarrierService,
  needsCustoms,
  type Carrier,
  type LabelFormat,
  type ReturnChoice,
  type ReturnLabelCreate,
  type WarehouseInfo,
} from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { orderAddresses } from '../orders/orders-tables.ts';
import { shippingLabels } from '../labels/labels-tables.ts';
import type { ShipmentAddress, ShipmentParcel } from '../../integrations/carriers/carrier-types.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import { createConfigsRepository, tenantUnitSystem } from '../settings/index.ts';
import {
  defaultPackageType,
  idText,
  parcelRefusal,
  servicesFor,
  shipFrom,
  shipTo,
  type LabelAccount,
  type LabelCarriers,
} from '../labels/index.ts';
import { createReturnsRepository } from './returns-repository.ts';

const repo = createReturnsRepository();

/** An outbound label that stands: what the buyer may send back, and the return's defaults. */
interface OutboundLabel {
  deliveryId: number;
  carrier: Carrier;
  carrierAccountId: number | null;
  serviceCode: string;
  serviceName: string;
  packageType: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  trackingNumber: string;
  format: string;
}

/** A refusal of a return label for this order, as defaults show it and a purchase answers it (409). */
class ReturnRefusal extends HttpError {
  constructor(message: string, reason: string) {
    super(409, message, { reason });
  }
}

/** Everything a return label of the order is made from, read in the caller's transaction. */
interface ReturnContext {
  order: OrderRow;
  outbound: OutboundLabel[];
  /** The buyer (the order's ship-to) and the returns address; a refusal when either is missing or they cross a border. */
  from: ShipmentAddress | null;
  to: ShipmentAddress | null;
  toSource: 'returns_address' | 'warehouse' | 'none';
  buyerEmail: string | null;
  accounts: LabelAccount[];
  refusal: ReturnRefusal | null;
}

function configAddress(w: WarehouseInfo | null | undefined): ShipmentAddress | null {
  if (!w?.address1 || !w.city || !w.postalCode || !w.country) return null;
  return {
    name: w.name,
    company: w.company || null,
    street1: w.address1,
    street2: w.address2 || null,
    city: w.city,
    state: w.state || null,
    postalCode: w.postalCode,
    country: w.country.toUpperCase(),
    phone: w.phone || null,
    email: w.email || null,
    residential: false,
  };
}

async function outboundLabels(tx: Executor, tenantId: string, orderId: number): Promise<OutboundLabel[]> {
  const rows = await tx
    .select({
      deliveryId: shippingLabels.deliveryId,
      carrier: shippingLabels.carrier,
      carrierAccountId: shippingLabels.carrierAccountId,
      serviceCode: shippingLabels.serviceCode,
      serviceName: shippingLabels.serviceName,
      packageType: shippingLabels.packageType,
      weight: shippingLabels.weight,
      length: shippingLabels.length,
      width: shippingLabels.width,
      height: shippingLabels.height,
      trackingNumber: shippingLabels.trackingNumber,
      format: shippingLabels.format,
    })
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.tenantId, tenantId),
        eq(shippingLabels.orderId, orderId),
        eq(shippingLabels.status, 'active'),
      ),
    )
    .orderBy(desc(shippingLabels.id));
  return rows.map((r) => ({
    ...r,
    carrier: r.carrier as Carrier,
    length: +r.length,
    width: +r.width,
    height: +r.height,
  }));
}

/** Reads what a return label of `order` needs and says why none can be made, if so. */
export async function returnContext(
  tx: Executor,
  carriers: LabelCarriers,
  tenantId: string,
  order: OrderRow,
): Promise<ReturnContext> {
  const configs = createConfigsRepository(tx);
  const returnsAddress = configAddress(
    (await configs.find(tenantId, 'returns_address', tx))?.options as WarehouseInfo | null,
  );
  const to = returnsAddress ?? (await shipFrom(tx, tenantId));
  const toSource = returnsAddress ? 'returns_address' : to ? 'warehouse' : 'none';
  const [address] = await tx
    .select()
    .from(orderAddresses)
    .where(
      and(
        eq(orderAddresses.tenantId, tenantId),
        eq(orderAddresses.orderId, order.id),
        eq(orderAddresses.type, 'shipping'),
      ),
    );
  // The buyer ships from home: carriers price a pickup there as residential unless it names a company.
  const from = address ? shipTo(address) : null;
  const outbound = await outboundLabels(tx, tenantId, order.id);
  const accounts = (await carriers.quotingAccounts(tx, tenantId)).filter((a) => a.adapter().buyReturnLabel);
  let refusal: ReturnRefusal | null = null;
  if (!to) {
    refusal = new ReturnRefusal(
      'Set a returns address (Settings > Returns address) or your ship-from address (Settings > Warehouse) first: ' +
        'return labels bring parcels there',
      'no_returns_address',
    );
  } else if (!from || !from.street1 || !from.city || !from.postalCode) {
    refusal = new ReturnRefusal(
      "The order's shipping address is incomplete: a return label starts there",
      'incomplete_shipping_address',
    );
  } else if (needsCustoms(from, to)) {
    refusal = new ReturnRefusal(
      `A return from ${from.country} to ${to.country} crosses a customs border; Shipdesk makes return labels within ` +
        'one country',
      'international_return',
    );
  }
  return {
    order,
    outbound,
    from,
    to,
    toSource,
    buyerEmail: address?.email || order.customerEmail || null,
    accounts,
    refusal,
  };
}

/** Every service a return can be bought on: each account's domestic services whose carrier makes returns. */
export function returnChoices(context: ReturnContext): ReturnChoice[] {
  return context.accounts.flatMap((account) =>
    servicesFor(account.carrier, 'domestic').map((service) => ({
      carrier: account.carrier,
      carrierAccountId: idText(account.accountId),
      accountName: account.name,
      serviceCode: service.code,
      serviceName: service.name,
      payOnUse: RETURN_PAY_ON_USE[account.carrier],
    })),
  );
}

/** The RMA a new return of the order gets unless the seller types one: RMA-<order number>-<n>. */
export async function nextRma(tx: Executor, tenantId: string, order: OrderRow): Promise<string> {
  const n = (await repo.countForOrder(tx, tenantId, order.id)) + 1;
  const number = order.orderNumber.replace(/[^A-Za-z0-9-]/g, '').slice(0, 20) || String(order.id);
  return `RMA-${number}-${n}`;
}

/** What the form proposes, and what a purchase buys for the fields it leaves out. */
interface ReturnChoices {
  delivery: OutboundLabel | null;
  account: LabelAccount;
  carrier: Carrier;
  serviceCode: string;
  serviceName: string;
  parcel: ShipmentParcel;
  format: LabelFormat;
}

/**
 * The body's choices checked and completed from the outbound label (its carrier, service and parcel) and the
 * tenant's accounts; a choice that cannot be bought is a 400 naming its field.
 */
export async function chooseReturn(
  tx: Executor,
  carriers: LabelCarriers,
  tenantId: string,
  context: ReturnContext,
  body: ReturnLabelCreate,
): Promise<ReturnChoices> {
  const deliveryId = body.deliveryId === undefined ? null : Number(body.deliveryId);
  const delivery =
    deliveryId === null ? (context.outbound[0] ?? null) : context.outbound.find((l) => l.deliveryId === deliveryId);
  if (delivery === undefined) {
    throw badRequest({ deliveryId: `Order ${context.order.orderNumber} has no labelled delivery ${deliveryId}` });
  }
  const carrier: Carrier =
    body.carrier ??
    (delivery && context.accounts.some((a) => a.carrier === delivery.carrier)
      ? delivery.carrier
      : (context.accounts.find((a) => a.accountId !== null)?.carrier ?? context.accounts[0]!.carrier));
  const accountId =
    body.carrierAccountId !== undefined
      ? body.carrierAccountId === null
        ? null
        : Number(body.carrierAccountId)
      : delivery?.carrier === carrier
        ? delivery.carrierAccountId
        : null;
  const account = await carriers.purchasingAccount(tx, tenantId, carrier, accountId).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 400) {
      throw badRequest({ carrierAccountId: error.message.replace(/^.*?: /, '') });
    }
    throw error;
  });
  if (!account.adapter().buyReturnLabel) {
    throw badRequest({ carrier: `${CARRIER_NAMES[carrier]} return labels cannot be bought here` });
  }
  const domestic = servicesFor(carrier, 'domestic');
  const serviceCode =
    body.serviceCode ??
    (delivery?.carrier === carrier && domestic.some((s) => s.code === delivery.serviceCode)
      ? delivery.serviceCode
      : domestic[0]!.code);
  const service = findCarrierService(carrier, serviceCode);
  if (!service || service.scope !== 'domestic') {
    throw badRequest({ serviceCode: `${CARRIER_NAMES[carrier]} has no domestic service ${serviceCode} for returns` });
  }
  const parcel: ShipmentParcel = {
    weightGrams: body.weight ?? delivery?.weight ?? 0,
    lengthIn: body.length ?? delivery?.length ?? 12,
    widthIn: body.width ?? delivery?.width ?? 9,
    heightIn: body.height ?? delivery?.height ?? 4,
    packageType: delivery?.carrier === carrier ? delivery.packageType : defaultPackageType(carrier),
  };
  if (parcel.weightGrams < 1) throw badRequest({ weight: "Enter the parcel's weight" });
  const refusal = parcelRefusal(carrier, parcel, await tenantUnitSystem(tx, tenantId));
  if (refusal) throw badRequest({ [refusal.field === 'packageType' ? 'weight' : refusal.field]: refusal.message });
  const format: LabelFormat = body.format ?? (delivery?.format === 'zpl' ? 'zpl' : 'pdf');
  return { delivery, account, carrier, serviceCode, serviceName: service.name, parcel, format };
}
