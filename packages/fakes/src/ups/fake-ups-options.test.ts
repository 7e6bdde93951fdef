import { describe, expect, it } from 'vitest';
import { upsOptionsCharge, upsOptionsRefusal } from './fake-ups-options.ts';

const declared = (Code: string, MonetaryValue = '250.00') => ({
  PackageServiceOptions: { DeclaredValue: { Type: { Code }, CurrencyCode: 'USD', MonetaryValue } },
});

describe('fake UPS options', () => {
  it('refuses an unknown declared value type or DCISType with UPS error codes', () => {
    expect(upsOptionsRefusal({} as never, declared('09') as never)).toMatchObject({ code: '9120211' });
    const atPackage = { PackageServiceOptions: { DeliveryConfirmation: { DCISType: '7' } } };
    expect(upsOptionsRefusal({} as never, atPackage as never)).toMatchObject({ code: '120801' });
    const atShipment = { ShipmentServiceOptions: { DeliveryConfirmation: { DCISType: '3' } } };
    expect(upsOptionsRefusal(atShipment as never, undefined)).toMatchObject({ code: '120802' });
    const both = { PackageServiceOptions: { DeliveryConfirmation: { DCISType: '2' } } };
    const shipment = { ShipmentServiceOptions: { DeliveryConfirmation: { DCISType: '1' } } };
    expect(upsOptionsRefusal(shipment as never, both as never)).toMatchObject({ code: '120803' });
  });

  it('takes known codes within the limit and charges them; refuses a value above $50,000 or not written as a string', () => {
    const pkg = {
      PackageServiceOptions: { ...declared('01').PackageServiceOptions, DeliveryConfirmation: { DCISType: '3' } },
    };
    expect(upsOptionsRefusal({} as never, pkg as never)).toBeNull();
    expect(upsOptionsCharge({} as never, pkg as never)).toBe(7.5 + 2.1);
    expect(upsOptionsRefusal({} as never, declared('01', '50000.01') as never)).toMatchObject({ code: '120516' });
    const number = {
      PackageServiceOptions: { DeclaredValue: { Type: { Code: '01' }, CurrencyCode: 'USD', MonetaryValue: 250 } },
    };
    expect(upsOptionsRefusal({} as never, number as never)).toMatchObject({ code: '9120200' });
  });
});
