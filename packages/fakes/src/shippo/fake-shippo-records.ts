import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { fieldError, hex, parseBody, type FakeShippoLabel, type FakeShippoLabels } from './fake-shippo-labels.ts';
import type { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { shippoHistory } from './fake-shippo-tracks.ts';
import type { ShippoPage, ShippoRefund, ShippoTransaction } from './fake-shippo-wire.ts';

/**
 * What follows a purchase at the fake Shippo: transactions read one by one or listed newest first (filtered by status,
 * no other filter, as Shippo documents), rates read by id, refunds (a used label is refused; the outcome of the others
 * is the test's choice). Tracking is fake-shippo-tracks.ts.
 */

export type FakeShippoRefundOutcome = ShippoRefund['status'];

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

const notFound = (): FakeReply => ({ status: 404, body: { detail: 'Not found.' } });

export function createFakeShippoRecords(
  labels: FakeShippoLabels,
  owner: string,
  baseUrl: () => string,
  clock: FakeClock,
) {
  const refunds = new Map<string, ShippoRefund>();
  let refundOutcome: FakeShippoRefundOutcome = 'SUCCESS';

  function listTransactions(request: FakeRequest): FakeReply {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('results') ?? DEFAULT_PAGE_SIZE);
    if (!Number.isInteger(page) || page < 1) return { status: 404, body: { detail: 'Invalid page.' } };
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
      return fieldError('results', `Ensure this value is between 1 and ${MAX_PAGE_SIZE}.`);
    }
    const status = request.query.get('object_status');
    const tracking = request.query.get('tracking_status');
    const matching = [...labels.transactions.values()]
      .map(labels.current)
      .filter((t) => (!status || t.status === status) && (!tracking || t.tracking_status === tracking))
      .reverse();
    const from = (page - 1) * size;
    if (from > 0 && from >= matching.length) return { status: 404, body: { detail: 'Invalid page.' } };
    const link = (n: number) => {
      const query = new URLSearchParams(request.query);
      query.set('page', String(n));
      query.set('results', String(size));
      return `${baseUrl()}${request.path}?${query}`;
    };
    const body: ShippoPage<ShippoTransaction> = {
      next: from + size < matching.length ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: matching.slice(from, from + size),
    };
    return { status: 200, body };
  }

  function getTransaction(request: FakeRequest): FakeReply {
    const transaction = labels.transactions.get(request.params.id ?? '');
    return transaction ? { status: 200, body: labels.current(transaction) } : notFound();
  }

  function getRate(request: FakeRequest): FakeReply {
    const rate = labels.rates.get(request.params.id ?? '');
    return rate ? { status: 200, body: rate } : notFound();
  }

  function labelOf(transaction: ShippoTransaction): FakeShippoLabel | undefined {
    return labels.labels.get(transaction.tracking_number);
  }

  function createRefund(request: FakeRequest, token: string): FakeReply {
    const body = parseBody<{ transaction?: string; async?: boolean }>(request);
    if (!body?.transaction) return fieldError('transaction', 'This field is required.');
    const transaction = labels.transactions.get(body.transaction);
    if (!transaction)
      return fieldError('transaction', `Transaction with object_id ${body.transaction} does not exist.`);
    const label = labelOf(labels.current(transaction));
    if (!label || transaction.status === 'ERROR') {
      return fieldError('transaction', 'Only labels that were purchased successfully can be refunded.');
    }
    if ([...refunds.values()].some((r) => r.transaction === transaction.object_id && r.status !== 'ERROR')) {
      return fieldError('transaction', 'A refund has already been requested for this label.');
    }
    if (shippoHistory(label, clock.now()).some((event) => event.status !== 'PRE_TRANSIT')) {
      return fieldError('transaction', 'This label has been scanned by the carrier and can no longer be refunded.');
    }
    const refund: ShippoRefund = {
      object_id: hex(),
      object_created: new Date().toISOString(),
      object_updated: new Date().toISOString(),
      object_owner: owner,
      status: refundOutcome,
      transaction: transaction.object_id,
      test: token.startsWith('shippo_test_'),
    };
    refunds.set(refund.object_id, refund);
    // Refunded or not, a label the seller asked to void is not handed to the carrier: its tracking stops here.
    if (refund.status !== 'ERROR') label.journeyStoppedAt ??= clock.now();
    if (refund.status === 'SUCCESS') {
      transaction.status = 'REFUNDED';
      for (const charge of labels.charges) if (charge.transaction === transaction.object_id) charge.refunded = true;
    } else if (refund.status !== 'ERROR') {
      transaction.status = 'REFUNDPENDING';
    }
    return { status: 201, body: refund };
  }

  return {
    refunds,
    setRefundOutcome(outcome: FakeShippoRefundOutcome) {
      refundOutcome = outcome;
    },
    listTransactions,
    getTransaction,
    getRate,
    createRefund,
  };
}
