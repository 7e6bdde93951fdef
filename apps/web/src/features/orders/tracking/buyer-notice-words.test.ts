import { describe, expect, it } from 'vitest';
import { eventName } from '../order-events';

describe('the buyer e-mails on the timeline', () => {
  it('names the e-mail, its recipient and, when it failed, why', () => {
    expect(eventName('buyerNoticeSent', { kind: 'shipped', to: 'ada@example.com' })).toBe(
      'Shipped e-mail sent to ada@example.com',
    );
    expect(eventName('buyerNoticeSent', { kind: 'delivered', to: 'ada@example.com' })).toBe(
      'Delivered e-mail sent to ada@example.com',
    );
    expect(
      eventName('buyerNoticeFailed', {
        kind: 'delivered',
        to: 'ada@example.com',
        message: 'The e-mail could not be sent: connection refused',
      }),
    ).toBe('Delivered e-mail to ada@example.com not sent: The e-mail could not be sent: connection refused');
  });
});
