import { randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeClock, JourneyStep } from '../tracking/fake-parcel-journey.ts';
import type { UspsLabelContext } from './fake-usps-label-replies.ts';
import type { UspsInternationalLabelMetadata, UspsInternationalLabelRequest } from './fake-usps-international-wire.ts';
import { header, uspsError } from './fake-usps-replies.ts';
import { scannedBy, stopJourney } from './fake-usps-tracking.ts';
import type {
  UspsCancelAnswer,
  UspsLabelAnswer,
  UspsLabelRequest,
  UspsPaymentRole,
  UspsTrackingEvent,
} from './fake-usps-wire.ts';

/**
 * What the fake USPS keeps of the labels it sold, domestic and international alike: the labels by tracking number,
 * the label each X-Idempotency-Key bought (a repeat answers it again, without a second charge), the charges paid
 * from the EPS account and its balance, the refunds, and the cancel that every label API answers the same way
 * (CANCELED before the day's shipping-services file, DISPUTED after, refused once scanned).
 */

type FakeUspsLabelState = 'created' | 'accepted' | 'delivered' | 'alert' | 'canceled' | 'refund_requested';

interface FakeUspsSoldLabel {
  trackingNumber: string;
  idempotencyKey: string | null;
  state: FakeUspsLabelState;
  /** Sent in the day's shipping-services file: a cancel is then a refund request (DISPUTED). */
  filed: boolean;
  disputeId: string | null;
  /** When it was sold, on the fake's clock. */
  soldAt: number;
  /** The journey its parcel follows (fake-parcel-journey.ts); null once cancelled or moved by a test's own event. */
  journey: JourneyStep[] | null;
  /** The events fixed when the journey stopped and those a test added, newest first; read once `journey` is null. */
  events: UspsTrackingEvent[];
}

export interface FakeUspsLabel extends FakeUspsSoldLabel {
  request: UspsLabelRequest;
  /** The JSON answer, replayed when the same idempotency key comes again. */
  answer: UspsLabelAnswer;
}

export interface FakeUspsInternationalLabel extends FakeUspsSoldLabel {
  request: UspsInternationalLabelRequest;
  /** The label metadata and its base64 image, replayed when the same idempotency key comes again. */
  answer: UspsInternationalLabelMetadata & { labelImage?: string };
}

export type FakeUspsAnyLabel = FakeUspsLabel | FakeUspsInternationalLabel;

export interface FakeUspsCharge {
  trackingNumber: string;
  accountNumber: string;
  amount: number;
  idempotencyKey: string | null;
}

export interface FakeUspsRefund {
  trackingNumber: string;
  amount: number;
  status: 'CANCELED' | 'DISPUTED';
}

/** The labels sold, their charges and refunds, the account's balance and what the next purchases meet. */
export interface UspsLabelsState {
  context: UspsLabelContext;
  /** The clock the labels' journeys are read against. */
  clock: FakeClock;
  labels: Map<string, FakeUspsLabel>;
  internationalLabels: Map<string, FakeUspsInternationalLabel>;
  /** What each idempotency key bought: the body that bought it and how to answer it again. */
  byKey: Map<string, { body: string; replay: (request: FakeRequest) => FakeReply }>;
  /** The serial part of the next tracking number. */
  serial: number;
  charges: FakeUspsCharge[];
  refunds: FakeUspsRefund[];
  balance: number | null;
  dropAnswers: number;
}

export function findSold(usps: UspsLabelsState, trackingNumber: string): FakeUspsAnyLabel | undefined {
  return usps.labels.get(trackingNumber) ?? usps.internationalLabels.get(trackingNumber);
}

/** The answer of an idempotency key already used: the label again, or 409 for another body; null for a new key. */
export function replayed(usps: UspsLabelsState, request: FakeRequest, apiVersion: string): FakeReply | null {
  const key = header(request, 'x-idempotency-key');
  const earlier = key ? usps.byKey.get(key) : undefined;
  if (!earlier) return null;
  if (earlier.body !== request.body) {
    return uspsError(409, apiVersion, 'Conflict', [
      {
        code: 'IDEMPOTENCY_KEY_REUSED',
        title: 'Idempotency key reused',
        detail: `X-Idempotency-Key ${key} was already used for a different label request.`,
      },
    ]);
  }
  return earlier.replay(request);
}

/** The PAYER's refusal when the EPS account cannot pay `amount` dollars, or null. */
export function declined(usps: UspsLabelsState, roles: UspsPaymentRole[], amount: number, apiVersion: string) {
  const payer = roles.find((role) => role.roleName === 'PAYER')!;
  if (usps.balance === null || usps.balance >= amount) return null;
  return uspsError(400, apiVersion, 'Bad Request', [
    {
      code: 'INSUFFICIENT_FUNDS',
      title: 'Payment declined',
      detail: `${payer.accountType} account ${payer.accountNumber} has insufficient funds for postage of ${amount.toFixed(2)} USD.`,
    },
  ]);
}

/**
 * Records a sale: paid from the balance, kept under its idempotency key, charged once. The answer, unless the test
 * asked for this one to be lost (the purchase stands; the connection closes with the fake).
 */
export function sell(
  usps: UspsLabelsState,
  sale: { request: FakeRequest; roles: UspsPaymentRole[]; amount: number; trackingNumber: string },
  replay: (request: FakeRequest) => FakeReply,
): FakeReply | Promise<FakeReply> {
  const key = header(sale.request, 'x-idempotency-key') ?? null;
  const payer = sale.roles.find((role) => role.roleName === 'PAYER')!;
  if (usps.balance !== null) usps.balance = Math.round((usps.balance - sale.amount) * 100) / 100;
  if (key) usps.byKey.set(key, { body: sale.request.body, replay });
  usps.charges.push({
    trackingNumber: sale.trackingNumber,
    accountNumber: payer.accountNumber,
    amount: sale.amount,
    idempotencyKey: key,
  });
  if (usps.dropAnswers > 0) {
    usps.dropAnswers -= 1;
    return new Promise<FakeReply>(() => {});
  }
  return replay(sale.request);
}

/** A cancel of `found` under `apiVersion`: a label not yet scanned is canceled, or its refund requested once filed. */
export function cancelSold(
  usps: UspsLabelsState,
  found: FakeUspsAnyLabel | undefined,
  trackingNumber: string,
  apiVersion: string,
): FakeReply {
  const refuse = (code: string, title: string, detail: string) =>
    uspsError(400, apiVersion, 'Bad Request', [{ code, title, detail, source: { parameter: 'trackingNumber' } }]);
  if (!found) {
    return uspsError(404, apiVersion, 'Not Found', [
      { code: 'LABEL_NOT_FOUND', title: 'Label not found', detail: `No label ${trackingNumber} was found.` },
    ]);
  }
  if (found.state === 'canceled') {
    return refuse(
      'LABEL_ALREADY_CANCELED',
      'Label already canceled',
      `Label ${trackingNumber} has already been canceled.`,
    );
  }
  if (found.state === 'refund_requested') {
    return refuse(
      'REFUND_ALREADY_REQUESTED',
      'Refund already requested',
      `A refund of label ${trackingNumber} has already been requested (dispute ${found.disputeId}).`,
    );
  }
  if (scannedBy(found, usps.clock.now())) {
    return refuse(
      'LABEL_SCANNED',
      'Refund not allowed',
      `Label ${trackingNumber} has been scanned by USPS and can no longer be canceled or refunded.`,
    );
  }
  const status = found.filed ? 'DISPUTED' : 'CANCELED';
  // USPS goes on showing the label created, and nothing after it.
  stopJourney(found, usps.clock.now());
  found.state = found.filed ? 'refund_requested' : 'canceled';
  const answer: UspsCancelAnswer = { trackingNumber, status };
  if (found.filed) {
    found.disputeId = `D${randomBytes(5).toString('hex').toUpperCase()}`;
    answer.disputeId = found.disputeId;
  }
  usps.refunds.push({ trackingNumber, amount: found.answer.postage, status });
  return { status: 200, body: answer };
}
