import { CARRIER_CATALOGUE } from '@shipdesk/contract';
import { LABEL_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { ChannelError } from '../../http/channel-http.ts';
import { carrierFields } from '../carrier-connection-fields.ts';
import { asBytes, labelFromBase64 } from '../carrier-documents.ts';
import {
  VoidRefusedError,
  type CarrierAdapter,
  type CarrierAdapterOptions,
  type CarrierConnection,
  type CarrierRate,
  type LabelFormat,
  type LabelRequest,
  type PurchasedLabel,
  type ShipmentRequest,
} from '../carrier-types.ts';
import { upsAddressLimits, upsCheckAddresses } from './ups-addresses.ts';
import { createUpsClient, type UpsClient } from './ups-client.ts';
import { upsPurchasedForms } from './ups-customs.ts';
import {
  UPS_FORMATS,
  asArray,
  upsCharge,
  upsKeyReference,
  upsLabelSpecification,
  upsPurchasedLabel,
  upsRateRequest,
  upsShipRequest,
} from './ups-shipment.ts';
import { upsReturnLabel, upsReturnShipRequest } from './ups-returns.ts';
import { upsTrackParcels, upsTrackingLimits } from './ups-tracking.ts';
import { upsSubscribeTracking } from './ups-track-alert.ts';
import { upsEndOfDay } from './ups-end-of-day.ts';
import type {
  UpsLabelImageCode,
  UpsLabelRecoveryAnswer,
  UpsLabelRecoveryRequest,
  UpsRateAnswer,
  UpsRatedShipment,
  UpsShipAnswer,
  UpsShipRequest,
  UpsTrackAnswer,
  UpsVoidAnswer,
} from './ups-wire.ts';

/**
 * UPS through its REST APIs: rates from the Rating API's Shop (every service in one call, the requested ones kept),
 * labels from the Shipping API, voids, Label Recovery and the Tracking API. Label Recovery is also how a PDF label is
 * had: UPS ships GIF or ZPL, and recovers a bought label as PDF.
 */

const VERSION = 'v2409';
/** Label Recovery's own versioning: v1 path, subversion 1903 (the latest for small packages). */
const RECOVERY_PATH = '/api/labels/v1/recovery';

function scopeServices(request: ShipmentRequest): string[] {
  const domestic = request.from.country.toUpperCase() === request.to.country.toUpperCase();
  return CARRIER_CATALOGUE.ups.services
    .filter((service) => service.scope === (domestic ? 'domestic' : 'international'))
    .map((service) => service.code);
}

/** A rated shipment's price: the account's negotiated rate when UPS gives one, else the published one. */
function ratedCharge(rated: UpsRatedShipment) {
  return upsCharge(rated.NegotiatedRateCharges?.TotalCharge ?? rated.TotalCharges);
}

function businessDays(rated: UpsRatedShipment): number | null {
  const days = Number(rated.GuaranteedDelivery?.BusinessDaysInTransit);
  return Number.isInteger(days) && days > 0 ? days : null;
}

/** A label of a bought shipment, recovered by its tracking number (a read: safe to repeat). */
async function recoverLabel(
  client: UpsClient,
  trackingNumber: string,
  imageCode: UpsLabelImageCode,
  signal?: AbortSignal,
): Promise<{ shipmentId: string | undefined; image: string | undefined }> {
  const json: UpsLabelRecoveryRequest = {
    LabelRecoveryRequest: {
      Request: { SubVersion: '1903' },
      LabelSpecification: upsLabelSpecification(imageCode),
      TrackingNumber: trackingNumber,
    },
  };
  const answer = await client.call<UpsLabelRecoveryAnswer | null>(
    { method: 'POST', path: RECOVERY_PATH, json, idempotent: true, answerLimit: LABEL_ANSWER_LIMIT },
    signal,
  );
  const recovered = answer?.LabelRecoveryResponse;
  const result = asArray(recovered?.LabelResults).find((r) => r.TrackingNumber === trackingNumber);
  return { shipmentId: recovered?.ShipmentIdentificationNumber, image: result?.LabelImage?.GraphicImage };
}

/**
 * For a 'pdf' label: the bought GIF recovered as PDF. Should the recovery fail, the GIF is the label (it is bought
 * and must not be lost): it is answered as the image it is, format 'png' with its content type.
 */
async function asPdf(client: UpsClient, gif: PurchasedLabel, signal?: AbortSignal): Promise<PurchasedLabel> {
  const recovered = await recoverLabel(client, gif.trackingNumber, 'PDF', signal).catch(() => null);
  if (!recovered?.image) return gif;
  const document = asBytes(labelFromBase64(recovered.image));
  return { ...gif, format: 'pdf', contentType: UPS_FORMATS.pdf.contentType, document };
}

export function createUpsAdapter(connection: CarrierConnection, options: CarrierAdapterOptions = {}): CarrierAdapter {
  const fields = carrierFields('ups', connection);
  const accountNumber = fields.accountNumber!.toUpperCase();
  const client = createUpsClient(
    {
      accountKey: connection.key,
      clientId: fields.clientId!,
      clientSecret: fields.clientSecret!,
      accountNumber,
      apiBaseUrl: fields.apiBaseUrl,
    },
    options.http,
  );

  async function rate(request: ShipmentRequest, option: 'Shop' | 'Rate', serviceCode?: string, signal?: AbortSignal) {
    const answer = await client.call<UpsRateAnswer | null>(
      {
        method: 'POST',
        path: `/api/rating/${VERSION}/${option}`,
        json: upsRateRequest(request, accountNumber, serviceCode, connection.settings.signatureLevel),
        // A quote changes nothing at UPS.
        idempotent: true,
      },
      signal,
    );
    return asArray(answer?.RateResponse?.RatedShipment);
  }

  /**
   * One ship call, never retried on an ambiguous failure (UPS has no idempotency key). Its transId is the
   * purchase's idempotency key, and the key is also a reference number of the shipment: that is what findLabel
   * looks for.
   */
  async function ship(
    request: ShipmentRequest & { idempotencyKey: string; format: LabelFormat },
    json: UpsShipRequest,
    signal?: AbortSignal,
  ): Promise<PurchasedLabel> {
    const answer = await client.call<UpsShipAnswer | null>(
      {
        method: 'POST',
        path: `/api/shipments/${VERSION}/ship`,
        headers: { transId: request.idempotencyKey.replaceAll('-', '').slice(0, 32) },
        json,
        idempotent: false,
        answerLimit: LABEL_ANSWER_LIMIT,
      },
      signal,
    );
    const results = answer?.ShipmentResponse?.ShipmentResults;
    const [first] = asArray(results?.PackageResults);
    // UPS ships image labels as GIF: a 'pdf' one is a GIF until Label Recovery gives its PDF.
    const shipped: LabelFormat = request.format === 'pdf' ? 'png' : request.format;
    const label = upsPurchasedLabel(
      {
        trackingNumber: first?.TrackingNumber,
        shipmentId: results?.ShipmentIdentificationNumber,
        image: first?.ShippingLabel?.GraphicImage,
        charge: upsCharge(results?.NegotiatedRateCharges?.TotalCharge ?? results?.ShipmentCharges?.TotalCharges),
      },
      shipped,
      UPS_FORMATS[shipped].contentType,
    );
    // A label bought with a declaration keeps the commercial invoice UPS answered with it.
    if (request.customs) label.forms = upsPurchasedForms(results?.Form);
    return request.format === 'pdf' ? asPdf(client, label, signal) : label;
  }

  return {
    carrier: 'ups',

    // A new token rather than a kept one, so the test proves the credentials (for this shipper) as they are now.
    async testConnection(signal) {
      await client.newAccessToken(signal);
      return { accountName: `UPS shipper ${accountNumber}` };
    },

    async rates(request, signal) {
      const inScope = scopeServices(request);
      const wanted = new Set(request.serviceCodes.length > 0 ? request.serviceCodes : inScope);
      const rated = await rate(request, 'Shop', undefined, signal);
      return rated.flatMap((shipment): CarrierRate[] => {
        const code = shipment.Service?.Code;
        if (!code || !wanted.has(code) || !inScope.includes(code)) return [];
        return [{ serviceCode: code, ...ratedCharge(shipment), deliveryDays: businessDays(shipment) }];
      });
    },

    buyLabel: (request: LabelRequest, signal) =>
      ship(
        request,
        upsShipRequest(
          { ...request, imageCode: UPS_FORMATS[request.format].ship },
          accountNumber,
          connection.settings.signatureLevel,
        ),
        signal,
      ),

    // The same Ship call with ReturnService 9 (ups-returns.ts); voided like any shipment.
    buyReturnLabel: async (request, signal) =>
      upsReturnLabel(
        await ship(request, upsReturnShipRequest(request, accountNumber, connection.settings.signatureLevel), signal),
      ),

    /**
     * UPS keeps no idempotency key, so a lost purchase is looked up by the reference number it carries (the key):
     * the Tracking API's reference search finds its package (none: nothing was bought, null), Label Recovery gives
     * its label again, in the format asked for. Neither says what the shipment cost, so the amount is UPS's quote
     * for the same shipment and service now (the Rating API), which is what the purchase was billed unless UPS
     * changed its prices since.
     */
    async findLabel(request, signal) {
      const reference = upsKeyReference(request.idempotencyKey);
      const query = new URLSearchParams({ shipperNum: accountNumber, refNumType: 'SmallPackage' });
      let answer: UpsTrackAnswer | null;
      try {
        answer = await client.call<UpsTrackAnswer | null>(
          { path: `/api/track/v1/reference/details/${encodeURIComponent(reference)}?${query}` },
          signal,
        );
      } catch (error) {
        if (error instanceof ChannelError && error.kind === 'not_found') return null;
        throw error;
      }
      const found = answer?.trackResponse?.shipment
        ?.flatMap((shipment) => shipment.package ?? [])
        .find(
          (p) =>
            p.referenceNumber?.some((r) => r.number === reference) && p.currentStatus?.type?.toUpperCase() !== 'MV',
        );
      if (!found?.trackingNumber) return null;
      const imageCode: UpsLabelImageCode = request.format === 'pdf' ? 'PDF' : UPS_FORMATS[request.format].ship;
      const recovered = await recoverLabel(client, found.trackingNumber, imageCode, signal);
      const [quote] = await rate(request, 'Rate', request.serviceCode, signal);
      if (!quote)
        throw new ChannelError('malformed', 'UPS answered the rate of the found shipment without a rate', 200);
      return upsPurchasedLabel(
        { trackingNumber: found.trackingNumber, ...recovered, charge: ratedCharge(quote) },
        request.format,
        UPS_FORMATS[request.format].contentType,
      );
    },

    async voidLabel(label, signal) {
      const id = label.carrierShipmentId || label.trackingNumber;
      let answer: UpsVoidAnswer | null;
      try {
        answer = await client.call<UpsVoidAnswer | null>(
          { method: 'DELETE', path: `/api/shipments/${VERSION}/void/cancel/${encodeURIComponent(id)}` },
          signal,
        );
      } catch (error) {
        if (!(error instanceof ChannelError) || (error.kind !== 'invalid' && error.kind !== 'not_found')) throw error;
        const reason = error.platformMessage ?? error.message;
        // A retried void whose first answer was lost meets the shipment already voided: that void stands.
        if (/\balready\b.*\bvoided\b/i.test(reason)) return { status: 'voided', message: reason };
        throw new VoidRefusedError(reason, error.platformMessage);
      }
      const status = answer?.VoidShipmentResponse?.SummaryResult?.Status;
      if (status?.Code === '1') return { status: 'voided', message: null };
      const reason = status?.Description || `UPS answered the void with status ${status?.Code ?? '(none)'}`;
      throw new VoidRefusedError(reason, status?.Description ?? null);
    },

    // One number per call (ups-tracking.ts); the pace is the account's setting, UPS publishing none.
    trackParcels: (numbers, signal) => upsTrackParcels(client, numbers, signal),
    trackingLimits: upsTrackingLimits(connection.settings),
    // Track Alert (ups-track-alert.ts): 100 numbers a call, pushed for 14 days to the listener of UPS's portal.
    subscribeTracking: (numbers, signal) => upsSubscribeTracking(client, numbers, signal),

    // Street level in the US and Puerto Rico only: other addresses get no outcome (ups-addresses.ts).
    checkAddresses: (addresses, signal) => upsCheckAddresses(client, addresses, signal),
    addressLimits: upsAddressLimits(connection.settings),
    // Pickups (ups-end-of-day.ts); UPS has no close or manifest to make.
    ...upsEndOfDay(client, accountNumber),
  };
}
