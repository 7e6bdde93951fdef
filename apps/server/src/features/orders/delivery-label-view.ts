import {
  customsTotal,
  trackingUrl,
  type BoughtCustoms,
  type Carrier,
  type CustomsForm,
  type InsuranceProvider,
  type LabelSignature,
  type ShippingLabel,
} from '@shipdesk/contract';
import type { LabelRow } from '../../db/schema/index.ts';

/** The declaration as it is kept on a label (ShipmentCustoms, JSON): the fields its summary reads. */
interface KeptCustoms {
  contentsType: BoughtCustoms['contentsType'];
  incoterm: BoughtCustoms['incoterm'];
  invoiceNumber: string;
  currency: string;
  lines: Array<{ valueMinor: number }>;
}

function boughtCustoms(row: LabelRow): BoughtCustoms | null {
  const kept = row.customs as KeptCustoms | null;
  if (!kept || !row.customsForm) return null;
  return {
    form: row.customsForm as CustomsForm,
    hasDocument: row.hasCustomsDocument,
    contentsType: kept.contentsType,
    incoterm: kept.incoterm,
    invoiceNumber: kept.invoiceNumber,
    totalValue: customsTotal(kept.lines.map((line) => ({ value: line.valueMinor }))),
    currency: kept.currency,
    lines: kept.lines.length,
  };
}

/** A label as the API answers it (never its document: that has its own path). */
export function toLabel(row: LabelRow): ShippingLabel {
  return {
    id: String(row.id),
    deliveryId: String(row.deliveryId),
    orderId: String(row.orderId),
    carrier: row.carrier as Carrier,
    carrierAccountId: row.carrierAccountId === null ? null : String(row.carrierAccountId),
    serviceCode: row.serviceCode,
    serviceName: row.serviceName,
    packageType: row.packageType,
    weight: row.weight,
    length: Number(row.length),
    width: Number(row.width),
    height: Number(row.height),
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    format: row.format as ShippingLabel['format'],
    amount: row.amount,
    currency: row.currency,
    status: row.status as ShippingLabel['status'],
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidMessage: row.voidMessage,
    trackingPush: {
      status: row.trackingPushStatus as ShippingLabel['trackingPush']['status'],
      attempts: row.trackingPushAttempts,
      message: row.trackingPushMessage,
      pushedAt: row.trackingPushedAt?.toISOString() ?? null,
    },
    // Null for a label bought before they were recorded (migration 0023): docs/label-options.md.
    options: {
      insuredValue: row.insuredValue,
      insuredCurrency: row.insuredValue === null ? null : row.insuredCurrency,
      insuranceProvider: row.insuredValue === null ? null : (row.insuranceProvider as InsuranceProvider | null),
      signature: row.signature as LabelSignature | null,
    },
    customs: boughtCustoms(row),
  };
}
