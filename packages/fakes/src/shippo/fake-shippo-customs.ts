import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { labelPdf } from '../usps/fake-usps-documents.ts';
import type {
  ShippoAddress,
  ShippoCustomsDeclaration,
  ShippoCustomsItem,
  ShippoMessage,
  ShippoShipment,
} from './fake-shippo-wire.ts';

/**
 * The fake Shippo's customs declarations (integrations-shipping.md §1.4): `POST /customs/declarations/`, or the same
 * object inline as a shipment's `customs_declaration`, checked as Shippo documents it and refused with Django REST
 * framework's field-keyed messages (an item's errors at its place in `items`). A purchase between two countries needs
 * one; a courier's international label comes with a commercial invoice, drawn here.
 */

const CONTENTS_TYPES = [
  'DOCUMENTS',
  'GIFT',
  'SAMPLE',
  'MERCHANDISE',
  'HUMANITARIAN_DONATION',
  'RETURN_MERCHANDISE',
  'OTHER',
];
const NON_DELIVERY_OPTIONS = ['ABANDON', 'RETURN'];
const INCOTERMS = ['DDP', 'DDU', 'FCA', 'DAP', 'eDAP'];
const EEL_PFCS = ['NOEEI_30_37_a', 'NOEEI_30_37_h', 'NOEEI_30_37_f', 'NOEEI_30_36', 'AES_ITN'];
const MASS_UNITS = ['g', 'oz', 'lb', 'kg'];
/** The carriers whose international labels come with a commercial invoice; postal ones print the form on the label. */
const INVOICING_CARRIERS = new Set(['ups', 'fedex', 'dhl_express']);

const REQUIRED = ['This field is required.'];
const choice = (value: unknown) => [`"${String(value)}" is not a valid choice.`];
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const positive = (value: unknown) => typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) && Number(value) > 0;

type Body = Record<string, unknown>;

function itemErrors(item: Body): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!text(item.description)) errors.description = REQUIRED;
  if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1) {
    errors.quantity = ['Ensure this value is greater than or equal to 1.'];
  }
  if (!positive(item.net_weight)) errors.net_weight = ['Ensure the net weight is a positive number.'];
  if (!MASS_UNITS.includes(String(item.mass_unit))) errors.mass_unit = choice(item.mass_unit);
  if (!positive(item.value_amount)) errors.value_amount = ['Ensure the value is a positive amount.'];
  if (typeof item.value_currency !== 'string' || !/^[A-Z]{3}$/.test(item.value_currency)) {
    errors.value_currency = ['A valid ISO 4217 currency code is required.'];
  }
  if (typeof item.origin_country !== 'string' || !/^[A-Z]{2}$/.test(item.origin_country)) {
    errors.origin_country = ['Enter a valid ISO 3166-1 alpha-2 country code.'];
  }
  if (item.tariff_number !== undefined && !/^\d{1,12}$/.test(String(item.tariff_number))) {
    errors.tariff_number = ['Ensure this field has no more than 12 digits.'];
  }
  return errors;
}

/** Django REST framework's field errors of a declaration, or null when Shippo takes it. */
export function customsDeclarationErrors(body: Body | null): Record<string, unknown> | null {
  if (!body || typeof body !== 'object') return { non_field_errors: ['Invalid data. Expected a dictionary.'] };
  const errors: Record<string, unknown> = {};
  if (body.certify === undefined) errors.certify = REQUIRED;
  else if (body.certify !== true) errors.certify = ['The declaration must be certified to be true (certify: true).'];
  if (!text(body.certify_signer)) errors.certify_signer = REQUIRED;
  if (!CONTENTS_TYPES.includes(String(body.contents_type))) {
    errors.contents_type = body.contents_type === undefined ? REQUIRED : choice(body.contents_type);
  } else if (body.contents_type === 'OTHER' && !text(body.contents_explanation)) {
    errors.contents_explanation = ['This field is required when contents_type is OTHER.'];
  }
  if (!NON_DELIVERY_OPTIONS.includes(String(body.non_delivery_option))) {
    errors.non_delivery_option = body.non_delivery_option === undefined ? REQUIRED : choice(body.non_delivery_option);
  }
  if (body.incoterm !== undefined && !INCOTERMS.includes(String(body.incoterm)))
    errors.incoterm = choice(body.incoterm);
  if (body.eel_pfc !== undefined && !EEL_PFCS.includes(String(body.eel_pfc))) errors.eel_pfc = choice(body.eel_pfc);
  else if (body.eel_pfc === 'AES_ITN' && !text(body.aes_itn)) {
    errors.aes_itn = ['This field is required when eel_pfc is AES_ITN.'];
  }
  if (!Array.isArray(body.items)) errors.items = REQUIRED;
  else if (body.items.length === 0) errors.items = ['This list may not be empty.'];
  else {
    const items = body.items.map((item) => (item && typeof item === 'object' ? itemErrors(item as Body) : REQUIRED));
    if (items.some((item) => Object.keys(item).length > 0)) errors.items = items;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function createFakeShippoCustoms(context: { owner: string; hex: () => string }) {
  const declarations = new Map<string, ShippoCustomsDeclaration>();

  /** A declaration Shippo would take, kept; or its field errors. */
  function create(body: Body | null, test: boolean): ShippoCustomsDeclaration | { errors: Record<string, unknown> } {
    const errors = customsDeclarationErrors(body);
    if (errors) return { errors };
    const items = (body!.items as Body[]).map((item): ShippoCustomsItem => ({
      object_id: context.hex(),
      object_owner: context.owner,
      object_state: 'VALID',
      description: String(item.description),
      quantity: item.quantity as number,
      net_weight: String(item.net_weight),
      mass_unit: String(item.mass_unit),
      value_amount: String(item.value_amount),
      value_currency: String(item.value_currency),
      origin_country: String(item.origin_country),
      tariff_number: text(item.tariff_number),
      sku_code: text(item.sku_code),
      test,
    }));
    const declaration: ShippoCustomsDeclaration = {
      object_id: context.hex(),
      object_owner: context.owner,
      object_state: 'VALID',
      certify: true,
      certify_signer: String(body!.certify_signer),
      contents_type: String(body!.contents_type),
      contents_explanation: text(body!.contents_explanation),
      non_delivery_option: String(body!.non_delivery_option),
      incoterm: text(body!.incoterm),
      eel_pfc: text(body!.eel_pfc),
      aes_itn: text(body!.aes_itn),
      invoice: text(body!.invoice),
      items,
      test,
    };
    declarations.set(declaration.object_id, declaration);
    return declaration;
  }

  /** Shippo's answer names the items by object id. */
  const answer = (declaration: ShippoCustomsDeclaration) => ({
    ...declaration,
    items: declaration.items.map((item) => item.object_id),
  });

  return {
    declarations,
    createDeclaration(request: FakeRequest, token: string): FakeReply {
      const created = create(parseJson(request.body), token.startsWith('shippo_test_'));
      if ('errors' in created) return { status: 400, body: created.errors };
      return { status: 201, body: answer(created) };
    },
    getDeclaration(request: FakeRequest): FakeReply {
      const declaration = declarations.get(request.params.id ?? '');
      return declaration ? { status: 200, body: answer(declaration) } : { status: 404, body: { detail: 'Not found.' } };
    },
    /**
     * A shipment's `customs_declaration`: the object id of one created before, or one inline (created with the
     * shipment). Its refusal is the shipment's 400, under `customs_declaration`.
     */
    forShipment(value: unknown, test: boolean): ShippoCustomsDeclaration | null | { reply: FakeReply } {
      if (value === undefined || value === null || value === '') return null;
      if (typeof value === 'string') {
        const known = declarations.get(value);
        if (known) return known;
        const words = [`Customs declaration with object_id ${value} does not exist.`];
        return { reply: { status: 400, body: { customs_declaration: words } } };
      }
      const created = create(value as Body, test);
      return 'errors' in created ? { reply: { status: 400, body: { customs_declaration: created.errors } } } : created;
    },
  };
}

export type FakeShippoCustoms = ReturnType<typeof createFakeShippoCustoms>;

function parseJson(body: string): Body | null {
  try {
    return JSON.parse(body) as Body;
  } catch {
    return null;
  }
}

/**
 * Why Shippo refuses to buy this shipment's label, or null: one between two countries without a declaration.
 * The words are the fake's (Shippo's own are unconfirmed); the refusal is a failed transaction, as Shippo answers a
 * carrier's refusal.
 */
export function customsRefusal(shipment: ShippoShipment, provider: string): ShippoMessage | null {
  if (shipment.address_from.country === shipment.address_to.country || shipment.customs_declaration) return null;
  return {
    source: provider,
    code: 'customs_declaration_required',
    text: 'A customs declaration is required for international shipments. Add a customs_declaration to the shipment and purchase again.',
  };
}

/** Whether the label of this carrier and shipment comes with a commercial invoice. */
export function invoicesCustoms(carrier: string, shipment: ShippoShipment): boolean {
  return INVOICING_CARRIERS.has(carrier) && shipment.address_from.country !== shipment.address_to.country;
}

const addressLine = (address: ShippoAddress) =>
  [address.name, address.street1, address.city, address.country].filter(Boolean).join(', ');

/** A one-page commercial invoice as a PDF: the parties, a line per item, the total and the signed certification. */
export function commercialInvoicePdf(
  declaration: ShippoCustomsDeclaration,
  shipment: ShippoShipment,
  label: { trackingNumber: string; carrier: string; service: string },
): Buffer {
  const currency = declaration.items[0]?.value_currency ?? '';
  const total = declaration.items.reduce((sum, item) => sum + Number(item.value_amount), 0);
  return labelPdf([
    'COMMERCIAL INVOICE',
    `Invoice ${declaration.invoice ?? '-'}  Date ${shipment.shipment_date.slice(0, 10)}`,
    `${label.carrier} ${label.service}  ${label.trackingNumber}`,
    `Exporter: ${addressLine(shipment.address_from)}`,
    `Consignee: ${addressLine(shipment.address_to)}`,
    ...declaration.items.map(
      (item) =>
        `${item.quantity} x ${item.description} | ${item.origin_country}` +
        `${item.tariff_number ? ` | HS ${item.tariff_number}` : ''} | ${item.net_weight} ${item.mass_unit}` +
        ` | ${item.value_amount} ${item.value_currency}`,
    ),
    `Total ${total.toFixed(2)} ${currency}`,
    `Contents ${declaration.contents_type}  Terms ${declaration.incoterm ?? '-'}`,
    `${declaration.eel_pfc ?? ''}${declaration.aes_itn ? ` ${declaration.aes_itn}` : ''}`,
    `Certified true: ${declaration.certify_signer}`,
  ]);
}
