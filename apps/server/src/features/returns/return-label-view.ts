import {
  trackingUrl,
  type Carrier,
  type ReturnAddress,
  type ReturnEmailStatus,
  type ReturnLabel,
} from '@shipdesk/contract';
import type { ShipmentAddress } from '../../integrations/carriers/carrier-types.ts';
import type { ReturnRow } from './returns-tables.ts';

/** An address as a return label shows it (no phone, e-mail or residential flag). */
export function returnAddress(address: ShipmentAddress): ReturnAddress {
  return {
    name: address.name,
    company: address.company,
    street1: address.street1,
    street2: address.street2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
  };
}

/** A recorded return label on the wire. */
export function toReturnLabel(row: ReturnRow): ReturnLabel {
  const trackingNumber = row.trackingNumber ?? '';
  return {
    id: String(row.id),
    orderId: String(row.orderId),
    deliveryId: row.deliveryId === null ? null : String(row.deliveryId),
    carrier: row.carrier as Carrier,
    carrierAccountId: row.carrierAccountId === null ? null : String(row.carrierAccountId),
    serviceCode: row.serviceCode,
    serviceName: row.serviceName,
    rma: row.rma,
    trackingNumber,
    trackingUrl: trackingNumber ? trackingUrl(row.carrier, trackingNumber) : null,
    payOnUse: row.payOnUse ?? false,
    amount: row.amount ?? 0,
    currency: row.currency ?? 'USD',
    format: row.format as ReturnLabel['format'],
    weight: row.weight,
    length: Number(row.length),
    width: Number(row.width),
    height: Number(row.height),
    from: row.fromAddress,
    to: row.toAddress,
    status: (row.status === 'buying' ? 'active' : row.status) as ReturnLabel['status'],
    email: {
      status: row.emailStatus as ReturnEmailStatus,
      to: row.emailTo,
      sentAt: row.emailSentAt?.toISOString() ?? null,
      message: row.emailMessage,
    },
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidMessage: row.voidMessage,
  };
}
