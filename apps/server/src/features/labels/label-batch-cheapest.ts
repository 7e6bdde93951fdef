import { checkedShipTo } from '../address-checks/index.ts';
import { cheapestWords, isCarrier, type Carrier, type LabelPurchase } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { ShipmentAddress } from '../../integrations/carriers/carrier-types.ts';
import { tenantTimeZone } from '../orders/index.ts';
import { tenantUnitSystem } from '../settings/index.ts';
import type { CheapestChoice } from './label-batch-choice.ts';
import { orderOptions, shipmentOptions } from './label-parcel.ts';
import type { LabelAccount, LabelCarriers } from './label-rates.ts';
import { shipDateIn, shipFrom, shipTo } from './label-shipment.ts';
import type { LabelsRepository } from './labels-repository.ts';

/** What quoting a rule's services needs, read in the transaction that decides the item (one fewer per item). */
interface CheapestContext {
  accounts: LabelAccount[];
  from: ShipmentAddress | null;
  to: ShipmentAddress | null;
  shipDate: string;
  units: Awaited<ReturnType<typeof tenantUnitSystem>>;
}

export async function cheapestContext(
  tx: Executor,
  carriers: LabelCarriers,
  repo: LabelsRepository,
  tenantId: string,
  orderId: number,
  choice: CheapestChoice,
): Promise<CheapestContext> {
  const accounts: LabelAccount[] = [];
  for (const carrier of new Set(choice.services.map((s) => s.carrier).filter(isCarrier))) {
    // A carrier without an account is no candidate (the rule named it; the seller has not connected it).
    const account = await carriers.purchasingAccount(tx, tenantId, carrier, null).catch(() => null);
    if (account) accounts.push(account);
  }
  const address = await repo.shippingAddress(tx, tenantId, orderId);
  return {
    accounts,
    from: await shipFrom(tx, tenantId),
    to: address ? shipTo(address, (await checkedShipTo(tx, tenantId, orderId)).residential) : null,
    shipDate: shipDateIn(await tenantTimeZone(tx, tenantId)),
    units: await tenantUnitSystem(tx, tenantId),
  };
}

/**
 * A batch's answer to a rule's "cheapest of these services (arriving within N days)": the services are quoted now,
 * with the parcel and the options the label will carry (so a service that cannot carry them is not a candidate, and
 * each price includes them), and the cheapest that qualifies is bought. None qualifying fails the item with the
 * carriers' reasons.
 */
export async function cheapestPurchase(
  carriers: LabelCarriers,
  read: CheapestContext,
  purchase: LabelPurchase,
  choice: CheapestChoice,
  currency: string,
): Promise<{ purchase: LabelPurchase } | { problem: string }> {
  const wanted = choice.services.filter((s): s is { carrier: Carrier; serviceCode: string } => isCarrier(s.carrier));
  const named = cheapestWords(choice.services, choice.withinDays);
  if (!read.from || !read.to) return { purchase }; // the purchase itself refuses it, in its own words
  if (read.accounts.length === 0) return { problem: `No connected carrier offers ${named}: connect one` };
  const { packageType: _p, ...parcel } = purchase.parcel;
  const options = purchase.options;
  const quoted = await carriers.quote(
    read.accounts,
    {
      from: read.from,
      to: read.to,
      parcel: {
        weightGrams: parcel.weight,
        lengthIn: parcel.length,
        widthIn: parcel.width,
        heightIn: parcel.height,
        packageType: '',
      },
      shipDate: read.shipDate,
      reference: '',
      units: read.units,
      ...shipmentOptions(orderOptions({ insuredValue: null, signature: null, currency }, options)),
    },
    { carrier: null, serviceCode: null },
  );
  const best = quoted.rates
    .filter(
      (rate) =>
        wanted.some((s) => s.carrier === rate.carrier && s.serviceCode === rate.serviceCode) &&
        (choice.withinDays === undefined || (rate.deliveryDays !== null && rate.deliveryDays <= choice.withinDays)),
    )
    .sort((a, b) => a.amount - b.amount)[0];
  if (!best) {
    const reasons = quoted.rateErrors.map((e) => e.message).join('; ');
    return { problem: `None of ${named} can take this parcel${reasons ? `: ${reasons}` : ''}` };
  }
  return {
    purchase: {
      ...purchase,
      carrier: best.carrier,
      carrierAccountId: best.carrierAccountId,
      serviceCode: best.serviceCode,
      // The purchase's parcel keeps its box; the package type is the chosen carrier's default.
      parcel,
    },
  };
}
