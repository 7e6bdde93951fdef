import { needsCustoms, type LabelRate, type ShipLabelDefaults, type ShipLabelQuery } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { findOrder, tenantTimeZone } from '../orders/index.ts';
import { tenantUnitSystem } from '../settings/index.ts';
import { customsContents, draftCustoms } from './label-customs.ts';
import { draftParcel, parcelProblem, queryOptions, shipmentOptions } from './label-parcel.ts';
import type { LabelEvent } from './label-purchase-service.ts';
import { idText, type LabelCarriers } from './label-rates.ts';
import { WAREHOUSE_MISSING, shipDateIn, shipFrom, shipTo } from './label-shipment.ts';
import { checkedShipTo } from '../address-checks/index.ts';
import { createLabelsRepository } from './labels-repository.ts';

/**
 * A shipping rule's "cheapest of these services (arriving within N days)": of the rates quoted now, the cheapest that
 * qualifies becomes the marked one, first in the list; none qualifying leaves the rates as they were.
 */
export function preferCheapest(
  rates: LabelRate[],
  choice: { services: Array<{ carrier: string; serviceCode: string }>; withinDays?: number },
): LabelRate[] {
  const qualifies = (rate: LabelRate) =>
    choice.services.some((s) => s.carrier === rate.carrier && s.serviceCode === rate.serviceCode) &&
    (choice.withinDays === undefined || (rate.deliveryDays !== null && rate.deliveryDays <= choice.withinDays));
  const best = rates.filter(qualifies).sort((a, b) => a.amount - b.amount)[0];
  if (!best) return rates;
  return [best, ...rates.filter((rate) => rate !== best)].map((rate) => ({ ...rate, mapped: rate === best }));
}

/**
 * What the label form starts with (fsmFlow defaults of shipLabel / zpl): the delivery, its parcel and the rates of
 * every connected carrier service that can take it. The order is read in one short transaction; the carriers are
 * asked after it, all at once.
 */
export function createLabelDefaults(deps: { database: Database; carriers: LabelCarriers }) {
  const repo = createLabelsRepository();

  return async function defaults(
    auth: AuthContext,
    orderId: number,
    event: LabelEvent,
    query: ShipLabelQuery,
  ): Promise<ShipLabelDefaults> {
    const { tenantId } = auth;
    // Not read-only: a tenant without box sizes gets the starter set here, as its box sizes page would.
    const read = await deps.database.withTenant(tenantId, async (tx) => {
      const order = (await findOrder(tx, tenantId, orderId))!;
      const delivery = query.deliveryId
        ? await repo.findDelivery(tx, tenantId, Number(query.deliveryId))
        : await repo.nextPlannedDelivery(tx, tenantId, order.id);
      if (!delivery || delivery.orderId !== order.id) {
        throw badRequest({
          deliveryId: `Order ${order.orderNumber} has no delivery ${query.deliveryId ?? ''}`.trim(),
        });
      }
      if (delivery.status !== 'planned') {
        throw new HttpError(409, 'This delivery has a label already', { reason: 'delivery_labelled' });
      }
      const {
        boxSizeId,
        deliveryId: _d,
        rates: _r,
        insuredValue: _i,
        insuranceProvider: _p,
        signature: _s,
        ...parcelQuery
      } = query;
      const parcel = await draftParcel(tx, repo, tenantId, delivery, order, {
        ...parcelQuery,
        ...(boxSizeId !== undefined ? { boxSizeId: Number(boxSizeId) } : {}),
      });
      const address = await repo.shippingAddress(tx, tenantId, order.id);
      const from = await shipFrom(tx, tenantId);
      const to = address ? shipTo(address, (await checkedShipTo(tx, tenantId, order.id)).residential) : null;
      return {
        // Only a parcel crossing a customs border reads its lines' customs facts.
        contents: from && to && needsCustoms(from, to) ? await customsContents(tx, tenantId, delivery.id) : [],
        order,
        delivery,
        parcel,
        from,
        to,
        shipDate: shipDateIn(await tenantTimeZone(tx, tenantId)),
        units: await tenantUnitSystem(tx, tenantId),
        accounts: await deps.carriers.quotingAccounts(tx, tenantId),
      };
    });
    const { order, delivery, parcel, from, to, units } = read;
    const options = queryOptions(order, query);
    const customs =
      from && to ? draftCustoms(read.contents, { order, from, to, parcelWeight: parcel.weight, units }) : null;
    const problem = !from ? WAREHOUSE_MISSING : !to ? 'The order has no shipping address' : parcelProblem(parcel);
    const answer: ShipLabelDefaults = {
      deliveryId: String(delivery.id),
      parcel: {
        boxSizeId: idText(parcel.boxSizeId),
        packageType: parcel.packageType,
        weight: parcel.weight,
        length: parcel.length ?? 0,
        width: parcel.width ?? 0,
        height: parcel.height ?? 0,
      },
      format: event === 'zpl' ? 'zpl' : 'pdf',
      options,
      rates: [],
      rateErrors: [],
      parcelProblem: problem,
      customs,
    };
    if (problem || !from || !to || query.rates === false) return answer;
    const quoted = await deps.carriers.quote(
      read.accounts,
      {
        from,
        to,
        parcel: {
          weightGrams: parcel.weight,
          lengthIn: parcel.length!,
          widthIn: parcel.width!,
          heightIn: parcel.height!,
          packageType: parcel.packageType ?? '',
        },
        shipDate: read.shipDate,
        reference: order.orderNumber,
        units: read.units,
        ...shipmentOptions(options),
      },
      { carrier: order.carrier, serviceCode: order.carrierMethod },
    );
    if (order.cheapestServices && !order.shippingByUser) {
      quoted.rates = preferCheapest(quoted.rates, order.cheapestServices);
    }
    return { ...answer, ...quoted };
  };
}
