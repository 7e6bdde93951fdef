import { describe, expect, it } from 'vitest';
import type { FsmFlow } from '@shipdesk/contract';
import { eventBody, eventFormDefaults, nextAfterPayment } from './order-event-form';
import { fullOrder } from './testing';

const order = fullOrder({ version: 4, currency: 'USD' });
const values = { amount: '', method: 'cash', reason: '' };

describe('order event form', () => {
  it("starts from the server's suggestion", () => {
    const flow = { defaults: { amount: 1250, method: 'check' } } as unknown as FsmFlow;
    expect(eventFormDefaults(flow, order)).toEqual({ amount: '12.50', method: 'check', reason: '' });
    expect(eventFormDefaults({ defaults: {} } as unknown as FsmFlow, order)).toEqual({
      amount: '',
      method: 'card',
      reason: '',
    });
  });

  it('builds the orderFlow body with the version, or names the field to correct', () => {
    expect(eventBody(undefined, values, order)).toEqual({ ok: true, body: { version: 4 } });
    expect(eventBody('payment', { ...values, amount: '2.50' }, order)).toEqual({
      ok: true,
      body: { version: 4, amount: 250, method: 'cash' },
    });
    expect(eventBody('payment', { ...values, amount: '0' }, order)).toEqual({
      ok: false,
      field: 'amount',
      message: 'Enter an amount above zero',
    });
    expect(eventBody('payment', values, order)).toMatchObject({ ok: false, field: 'amount' });
    expect(eventBody('reason', { ...values, reason: '  damaged  ' }, order)).toEqual({
      ok: true,
      body: { version: 4, reason: 'damaged' },
    });
    expect(eventBody('reason', { ...values, reason: ' ' }, order)).toEqual({
      ok: false,
      field: 'reason',
      message: 'Give a reason',
    });
    expect(eventBody('reason', { ...values, reason: 'x'.repeat(501) }, order)).toMatchObject({
      ok: false,
      message: 'At most 500 characters',
    });
  });

  it('previews Paid Partial for a payment below the balance due, Paid for the rest', () => {
    const due = { ...order, total: 15015, paidTotal: 0 };
    const next = { orderStatus: 'Sales Order', paymentStatus: 'Paid', shipmentStatus: 'Unshipped' } as const;
    expect(nextAfterPayment(next, { ...values, amount: '50' }, due)).toMatchObject({ paymentStatus: 'Paid Partial' });
    expect(nextAfterPayment(next, { ...values, amount: '150.15' }, due)).toMatchObject({ paymentStatus: 'Paid' });
    const onTerms = { ...due, paymentStatus: 'Terms' as const };
    expect(nextAfterPayment(next, { ...values, amount: '50' }, onTerms)).toMatchObject({ paymentStatus: 'Terms' });
    expect(nextAfterPayment(next, { ...values, amount: '100' }, { ...due, paidTotal: 5015 })).toMatchObject({
      paymentStatus: 'Paid',
    });
    // Not an amount yet: the server's preview as it is.
    expect(nextAfterPayment(next, { ...values, amount: 'abc' }, due)).toBe(next);
    expect(nextAfterPayment(null, { ...values, amount: '50' }, due)).toBeNull();
  });
});
