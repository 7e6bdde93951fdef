import { CARRIER_CATALOGUE, findCarrierService } from '@shipdesk/contract';
import { LABEL_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { ChannelError } from '../../http/channel-http.ts';
import { carrierFields } from '../carrier-connection-fields.ts';
import {
  VoidRefusedError,
  type CarrierAdapter,
  type CarrierAdapterOptions,
  type CarrierConnection,
  type CarrierRate,
  type LabelRequest,
  type PurchasedLabel,
  type RateRequest,
  type VoidOutcome,
} from '../carrier-types.ts';
import { amountToMinorUnits } from '../carrier-units.ts';
import { createUspsClient, refusedPaymentAccount, type UspsClient, type UspsPaymentAccount } from './usps-client.ts';
import {
  isUspsDomestic,
  uspsImageType,
  uspsExtras,
  uspsLabelRequest,
  uspsPiece,
  uspsPurchasedLabel,
  uspsZip,
} from './usps-labels.ts';
import { uspsAddressLimits, uspsCheckAddresses } from './usps-addresses.ts';
import { uspsCustomsFormKind } from './usps-customs.ts';
import {
  buyUspsInternationalLabel,
  uspsInternationalExtras,
  uspsInternationalPrice,
  uspsInternationalRatesQuery,
} from './usps-international.ts';
import { buyUspsReturnLabel } from './usps-returns.ts';
import { uspsEndOfDay } from './usps-end-of-day.ts';
import { uspsTrackingLimits, uspsTrackParcels } from './usps-tracking.ts';
import { uspsSubscribeTracking, uspsUnsubscribeTracking } from './usps-tracking-push.ts';
import type {
  UspsBaseRatesAnswer,
  UspsBaseRatesQuery,
  UspsCancelAnswer,
  UspsLabelAnswer,
  UspsTotalRatesAnswer,
  UspsTotalRatesQuery,
} from './usps-wire.ts';

/**
 * USPS through its v3 platform. Rates come from Domestic Prices 3.0, or International Prices 3.0 for an address
 * abroad, one call per mail class (commercial base postage: the answer has no delivery commitment, so deliveryDays is
 * null and the catalogue's estimate applies). Labels abroad are bought from International Labels 3.0 with their
 * customs form (usps-international.ts); a military or territory address is domestic mail whose label carries the
 * customs form of Domestic Labels 3.0.
 */

function paymentAccount(fields: Record<string, string>): UspsPaymentAccount {
  const accountType = fields.accountType!.toUpperCase();
  if (accountType !== 'EPS' && accountType !== 'PERMIT') {
    throw new ChannelError('invalid', `The USPS payment account type must be EPS or PERMIT, not ${fields.accountType}`);
  }
  if (accountType === 'PERMIT' && !fields.permitZip) {
    throw new ChannelError('invalid', 'The USPS account is missing: Permit ZIP (a PERMIT account needs it)');
  }
  return {
    crid: fields.crid!,
    mid: fields.mid!,
    manifestMid: fields.manifestMid ?? fields.mid!,
    accountType,
    accountNumber: fields.accountNumber!,
    permitZip: fields.permitZip,
  };
}

const servicesOf = (scope: 'domestic' | 'international') =>
  CARRIER_CATALOGUE.usps.services.filter((s) => s.scope === scope).map((s) => s.code);
const DOMESTIC_SERVICES = servicesOf('domestic');
const INTERNATIONAL_SERVICES = servicesOf('international');

/**
 * Which API voids a label: an international tracking number has the UPU's S10 shape (LX123456785US), a domestic one
 * is all digits (an IMpb PIC). The tracking number is also what carrierShipmentId keeps, so either tells.
 */
const isInternationalLabel = (trackingNumber: string) => /^[A-Z]{2}\d{9}[A-Z]{2}$/.test(trackingNumber);

/** One mail class's commercial base postage (a price quote: safe to ask again). */
async function priceOf(client: UspsClient, query: UspsBaseRatesQuery, signal?: AbortSignal): Promise<CarrierRate> {
  const answer = await client.call<UspsBaseRatesAnswer | null>(
    { method: 'POST', path: '/prices/v3/base-rates/search', json: query, idempotent: true },
    signal,
  );
  const price = answer?.totalBasePrice ?? answer?.rates?.[0]?.price;
  return {
    serviceCode: query.mailClass,
    amountMinor: amountToMinorUnits(price, 'USD', 'USPS'),
    currency: 'USD',
    deliveryDays: null,
  };
}

/**
 * One mail class's price with extra services (signature, insurance): Domestic Prices' total rates, whose totalPrice
 * is the base postage plus the extras, so the price shown is what the label will cost.
 */
async function totalPriceOf(
  client: UspsClient,
  query: UspsTotalRatesQuery,
  signal?: AbortSignal,
): Promise<CarrierRate> {
  const answer = await client.call<UspsTotalRatesAnswer | null>(
    { method: 'POST', path: '/prices/v3/total-rates/search', json: query, idempotent: true },
    signal,
  );
  const option = answer?.rateOptions?.[0];
  return {
    serviceCode: query.mailClass,
    amountMinor: amountToMinorUnits(option?.totalPrice, 'USD', 'USPS'),
    currency: 'USD',
    deliveryDays: null,
  };
}

/**
 * The prices of the mail classes USPS answered. A mail class USPS refuses for this piece (a flat-rate box outside
 * Priority Mail) is left out; anything else, or a refusal of every class (a ZIP Code USPS does not know), is the answer.
 */
function settledRates(settled: PromiseSettledResult<CarrierRate>[]): CarrierRate[] {
  const rates = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const fatal = failures.find((error) => !(error instanceof ChannelError && error.kind === 'invalid'));
  if (fatal || (rates.length === 0 && failures.length > 0)) throw fatal ?? failures[0];
  return rates;
}

/** USPS's answer to a cancel of a label it already cancelled or put up for refund: the earlier outcome stands. */
function earlierVoid(message: string): VoidOutcome | null {
  if (/refund\b.*\balready\b.*\brequested|\balready\b.*\brefund/i.test(message)) {
    return { status: 'refund_requested', message };
  }
  if (/\balready\b.*\b(cancell?ed|voided|refunded)\b/i.test(message)) return { status: 'voided', message };
  return null;
}

export function createUspsAdapter(connection: CarrierConnection, options: CarrierAdapterOptions = {}): CarrierAdapter {
  const fields = carrierFields('usps', connection);
  const payment = paymentAccount(fields);
  const client = createUspsClient(
    {
      accountKey: connection.key,
      clientId: fields.clientId!,
      clientSecret: fields.clientSecret!,
      apiBaseUrl: fields.apiBaseUrl,
      payment,
    },
    options.http,
  );

  /**
   * One purchase under the request's idempotency key. Not retried by the client on a timeout or a 5xx (a POST is not
   * idempotent from our side); USPS itself deduplicates on X-Idempotency-Key, which is what findLabel relies on.
   */
  async function buy(request: LabelRequest, signal?: AbortSignal): Promise<PurchasedLabel> {
    const imageType = uspsImageType(request.format);
    const service = findCarrierService('usps', request.serviceCode);
    if (!service) throw new ChannelError('invalid', `USPS sells no service ${request.serviceCode}`);
    if (!isUspsDomestic(request.from)) {
      throw new ChannelError('invalid', 'USPS labels are mailed from a US address: choose another carrier');
    }
    const abroad = !isUspsDomestic(request.to);
    if (abroad && service.scope !== 'international') {
      throw new ChannelError(
        'invalid',
        `${service.name} goes to US addresses only: choose an international USPS service for ${request.to.country}`,
      );
    }
    if (!abroad && service.scope !== 'domestic') {
      throw new ChannelError('invalid', `${service.name} goes abroad only: choose a domestic USPS service`);
    }
    if (abroad) return buyUspsInternationalLabel(client, request, imageType, signal);
    const answer = await client.paymentCall<UspsLabelAnswer | null>(
      {
        method: 'POST',
        path: '/labels/v3/label',
        headers: {
          // Lower case, to replace the client's default Accept: this one asks for one JSON answer, not multipart.
          accept: 'application/vnd.usps.labels+json',
          'X-Idempotency-Key': request.idempotencyKey,
        },
        json: uspsLabelRequest({ ...request, imageType }),
        idempotent: false,
        answerLimit: LABEL_ANSWER_LIMIT,
      },
      signal,
    );
    // A military or territory address: the customs form is printed on the domestic label.
    const forms = request.customs
      ? { form: uspsCustomsFormKind(request.serviceCode, request.customs), document: null }
      : null;
    return uspsPurchasedLabel(answer, request.format, imageType, forms);
  }

  return {
    carrier: 'usps',

    // The token alone proves only the app; the payment authorization proves the business account labels bill to.
    async testConnection(signal) {
      const answer = await client.authorizePayment(signal).catch(refusedPaymentAccount);
      const payer = answer.roles?.find((role) => role.roleName === 'PAYER');
      return { accountName: `CRID ${payer?.CRID ?? payment.crid} / MID ${payer?.MID ?? payment.mid}` };
    },

    async rates(request: RateRequest, signal) {
      if (!isUspsDomestic(request.from)) return [];
      const abroad = !isUspsDomestic(request.to);
      const offered = abroad ? INTERNATIONAL_SERVICES : DOMESTIC_SERVICES;
      const codes = request.serviceCodes.length > 0 ? request.serviceCodes : offered;
      const wanted = [...new Set(codes)].filter((code) => offered.includes(code));
      if (wanted.length === 0) return [];
      if (abroad) {
        const extras = uspsInternationalExtras(request);
        return settledRates(
          await Promise.allSettled(
            wanted.map((mailClass) =>
              uspsInternationalPrice(client, uspsInternationalRatesQuery(request, payment, mailClass), extras, signal),
            ),
          ),
        );
      }
      const piece = uspsPiece(request.parcel);
      const base = {
        originZIPCode: uspsZip(request.from.postalCode).ZIPCode,
        destinationZIPCode: uspsZip(request.to.postalCode).ZIPCode,
        weight: piece.weight,
        length: piece.length,
        width: piece.width,
        height: piece.height,
        processingCategory: piece.processingCategory,
        destinationEntryFacilityType: 'NONE' as const,
        rateIndicator: piece.rateIndicator,
        priceType: 'COMMERCIAL' as const,
        accountType: payment.accountType,
        accountNumber: payment.accountNumber,
        mailingDate: request.shipDate,
      };
      const extras = uspsExtras(request);
      const settled = await Promise.allSettled(
        wanted.map((mailClass) =>
          extras.extraServices.length > 0
            ? totalPriceOf(
                client,
                {
                  ...base,
                  mailClass,
                  extraServices: extras.extraServices,
                  ...(extras.packageValue !== null ? { itemValue: extras.packageValue } : {}),
                },
                signal,
              )
            : priceOf(client, { ...base, mailClass }, signal),
        ),
      );
      return settledRates(settled);
    },

    buyLabel: buy,

    /**
     * USPS deduplicates label purchases on X-Idempotency-Key (domestic and international labels alike): sending the
     * same request with the same key again answers the label bought under it, without a second charge. So the label of a purchase whose answer was lost
     * is found by buying again. If USPS never received the first attempt, this one buys it: findLabel then answers
     * the single label of the key, never null.
     */
    findLabel: buy,

    async voidLabel(label, signal) {
      let answer: UspsCancelAnswer | null;
      try {
        const number = encodeURIComponent(label.trackingNumber);
        const path = isInternationalLabel(label.trackingNumber)
          ? `/international-labels/v3/international-label/${number}`
          : `/labels/v3/label/${number}`;
        answer = await client.paymentCall<UspsCancelAnswer | null>({ method: 'DELETE', path }, signal);
      } catch (error) {
        if (!(error instanceof ChannelError) || (error.kind !== 'invalid' && error.kind !== 'not_found')) throw error;
        const reason = error.platformMessage ?? error.message;
        // A retried cancel whose first answer was lost meets the label already cancelled: that cancel stands.
        const earlier = earlierVoid(reason);
        if (earlier) return earlier;
        throw new VoidRefusedError(reason, error.platformMessage);
      }
      if (answer?.status === 'CANCELED') return { status: 'voided', message: null };
      if (answer?.status === 'DISPUTED') {
        const dispute = answer.disputeId ? ` (dispute ${answer.disputeId})` : '';
        return { status: 'refund_requested', message: `USPS queued a refund request${dispute}` };
      }
      throw new ChannelError('malformed', `USPS answered the cancel with status ${answer?.status ?? '(none)'}`, 200);
    },

    // Tracking 3.2's batch of 35 (usps-tracking.ts); calls count against USPS's quota like every other.
    trackParcels: (numbers, signal) => uspsTrackParcels(client, numbers, signal),
    trackingLimits: uspsTrackingLimits(connection.settings),
    // Subscriptions - Tracking by the account's MID (usps-tracking-push.ts): the pushes spare the quota.
    subscribeTrackingPush: (request, signal) => uspsSubscribeTracking(client, payment.mid, request, signal),
    unsubscribeTrackingPush: (id, signal) => uspsUnsubscribeTracking(client, id, signal),

    // US and territory addresses only: others get no outcome (usps-addresses.ts). Calls count against USPS's quota.
    checkAddresses: (addresses, signal) => uspsCheckAddresses(client, addresses, signal),
    addressLimits: uspsAddressLimits(connection.settings),

    // Pay-on-use return labels (usps-returns.ts); voidLabel cancels them as domestic labels.
    buyReturnLabel: (request, signal) => buyUspsReturnLabel(client, request, signal),
    // USPS answers a purchase repeated under its idempotency key with the label it made; a return it never received
    // is pay-on-use, so asking again costs nothing until the buyer uses it.
    findReturnLabel: (request, signal) => buyUspsReturnLabel(client, request, signal),
    // SCAN forms and Carrier Pickup (usps-end-of-day.ts).
    ...uspsEndOfDay(client),
  };
}
