import { describe, expect, it } from 'vitest';
import { eventName } from '../order-events';
import {
  dayWords,
  isParcelLate,
  messageInZone,
  parcelEventDetails,
  relativeWords,
  tenantToday,
} from './tracking-words';

const MOVED = {
  deliveryId: '7',
  labelId: '31',
  carrier: 'usps',
  trackingNumber: '9400100',
  from: 'in_transit',
  to: 'delivered',
  description: 'Delivered, In/At Mailbox',
  location: 'AUSTIN, TX 78701',
  at: '2026-03-04T18:30:00Z',
};

describe('the timeline words of a parcel status', () => {
  it('names the row by the status the parcel moved to', () => {
    expect(eventName('parcelStatus', MOVED)).toBe('Delivered');
    expect(eventName('parcelStatus', { ...MOVED, to: 'in_transit' })).toBe('In transit');
    expect(eventName('parcelStatus', { ...MOVED, to: 'available_for_pickup' })).toBe('Ready for pickup');
    expect(eventName('parcelStatus', { ...MOVED, to: 'returned' })).toBe('Returned to sender');
    expect(eventName('parcelStatus', {})).toBe('Delivery status changed');
  });

  it("says the carrier's words, where, and which parcel", () => {
    expect(parcelEventDetails(MOVED)).toEqual([
      'Delivered, In/At Mailbox',
      'AUSTIN, TX 78701',
      'USPS tracking 9400100',
    ]);
    expect(parcelEventDetails({ ...MOVED, carrier: 'local', location: null })).toEqual([
      'Delivered, In/At Mailbox',
      'Shipdesk Local tracking 9400100',
    ]);
  });
});

describe('tracking words', () => {
  it('says a promised day with its weekday, and how far a time is', () => {
    expect(dayWords('2026-03-05', 'en-US')).toBe('Thu, Mar 5');
    expect(dayWords('soon', 'en-US')).toBe('soon');
    const now = Date.parse('2026-03-03T12:00:00Z');
    expect(relativeWords('2026-03-03T10:00:00Z', now, 'en-US')).toBe('2 hours ago');
    expect(relativeWords('2026-03-03T12:25:00Z', now, 'en-US')).toBe('in 25 minutes');
    expect(relativeWords('2026-03-02T11:00:00Z', now, 'en-US')).toBe('yesterday');
    expect(relativeWords('2026-03-03T12:00:20Z', now, 'en-US')).toBe('this minute');
  });

  it('reads late as the server does: past the promised day in the tenant zone, not delivered, returned or voided', () => {
    const today = tenantToday('America/New_York', new Date('2026-03-05T03:00:00Z'));
    expect(today).toBe('2026-03-04');
    expect(isParcelLate('in_transit', '2026-03-03', today)).toBe(true);
    expect(isParcelLate('exception', '2026-03-03', today)).toBe(true);
    expect(isParcelLate('in_transit', '2026-03-04', today)).toBe(false);
    expect(isParcelLate('delivered', '2026-03-03', today)).toBe(false);
    expect(isParcelLate('returned', '2026-03-03', today)).toBe(false);
    expect(isParcelLate('in_transit', null, today)).toBe(false);
    expect(isParcelLate(null, '2026-03-03', today)).toBe(false);
  });

  it("puts a server message's times in the tenant's zone", () => {
    expect(messageInZone('used until 2026-03-03T15:00:00.000Z; asked again then', 'America/New_York')).toBe(
      'used until 2026-03-03 10:00:00; asked again then',
    );
    expect(messageInZone('No time here', 'UTC')).toBe('No time here');
  });
});
