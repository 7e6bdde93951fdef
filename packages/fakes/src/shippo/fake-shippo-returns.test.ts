import { describe, expect, it } from 'vitest';
import { ratesShipment, shipmentAddresses, shippoReturnRefusal } from './fake-shippo-returns.ts';

const seller = { name: 'Seller', city: 'Seattle' };
const buyer = { name: 'Buyer', city: 'Springfield' };

describe('fake Shippo return shipments', () => {
  it("swaps a return's addresses, keeps an outbound's, and rates returns with USPS, FedEx and UPS only", () => {
    expect(shipmentAddresses(seller, buyer, { is_return: true })).toEqual({ from: buyer, to: seller });
    expect(shipmentAddresses(seller, buyer, undefined)).toEqual({ from: seller, to: buyer });
    expect(shipmentAddresses(seller, buyer, { is_return: false })).toEqual({ from: seller, to: buyer });
    expect(ratesShipment('ups', { is_return: true })).toBe(true);
    expect(ratesShipment('dhl_express', { is_return: true })).toBe(false);
    expect(ratesShipment('dhl_express', {})).toBe(true);
  });

  it('refuses an is_return that is not a boolean', () => {
    expect(shippoReturnRefusal({ is_return: 'yes' })).toMatchObject({ status: 400 });
    expect(shippoReturnRefusal({ is_return: true })).toBeNull();
    expect(shippoReturnRefusal(undefined)).toBeNull();
  });
});
