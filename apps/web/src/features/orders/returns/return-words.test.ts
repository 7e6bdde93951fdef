import { describe, expect, it } from 'vitest';
import { eventName } from '../order-events';
import { returnEventDetails } from './return-words';

const money = (minor: number, currency: string | null) => `${currency ?? 'USD'} ${(minor / 100).toFixed(2)}`;
const MADE = {
  returnLabelId: '41',
  rma: '1001-1',
  carrier: 'usps',
  service: 'USPS Ground Advantage Return',
  trackingNumber: '9202100',
  payOnUse: true,
  amount: 0,
  currency: 'USD',
};

describe('the return label events of the timeline', () => {
  it('names them, the e-mail with where it went', () => {
    expect(eventName('returnLabel', MADE)).toBe('Return label made');
    expect(eventName('returnLabelVoided', MADE)).toBe('Return label voided');
    expect(eventName('returnLabelEmailed', { rma: 'RMA-1001-1', to: 'ada@example.com' })).toBe(
      'Return label e-mailed to ada@example.com',
    );
    expect(eventName('returnLabelEmailFailed', { rma: 'RMA-1001-1' })).toBe('Return label e-mail failed');
  });

  it('shows the RMA, the service with its tracking number, and what it costs', () => {
    expect(returnEventDetails('returnLabel', MADE, money)).toEqual([
      'RMA 1001-1',
      'USPS Ground Advantage Return · tracking 9202100',
      'Charged only when the buyer uses it',
    ]);
    expect(returnEventDetails('returnLabel', { ...MADE, payOnUse: false, amount: 845 }, money)).toContain(
      'Charged USD 8.45',
    );
    expect(returnEventDetails('returnLabelVoided', { ...MADE, refund: 'requested' }, money)).toEqual([
      'RMA 1001-1',
      'USPS Ground Advantage Return · tracking 9202100',
      'Refund requested from the carrier',
    ]);
    expect(
      returnEventDetails(
        'returnLabelEmailFailed',
        { rma: 'RMA-1001-1', to: 'ada@example.com', message: 'Mailbox unavailable' },
        money,
      ),
      // An RMA that says RMA itself is not said twice.
    ).toEqual(['RMA-1001-1', 'To ada@example.com', 'Mailbox unavailable']);
  });
});
