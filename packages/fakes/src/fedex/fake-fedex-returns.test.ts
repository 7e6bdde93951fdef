import { describe, expect, it } from 'vitest';
import { fedexReturnOf, fedexReturnRefusal } from './fake-fedex-returns.ts';

const code = (reply: ReturnType<typeof fedexReturnRefusal>) =>
  (reply?.body as { errors: Array<{ code: string }> } | undefined)?.errors[0]?.code;

describe('fake FedEx return shipments', () => {
  it('takes a printed return label and records its RMA and outbound; refuses PENDING or a detail without the service', () => {
    const printed = {
      shipmentSpecialServices: {
        specialServiceTypes: ['RETURN_SHIPMENT'],
        returnShipmentDetail: { returnType: 'PRINT_RETURN_LABEL', rma: { reason: 'RMA-1' } },
      },
    };
    expect(fedexReturnRefusal(printed)).toBeNull();
    expect(fedexReturnOf(printed)).toEqual({
      returnType: 'PRINT_RETURN_LABEL',
      rma: 'RMA-1',
      outboundTrackingNumber: null,
    });
    expect(fedexReturnRefusal({})).toBeNull();
    expect(fedexReturnOf({})).toBeNull();
    const pending = {
      shipmentSpecialServices: {
        specialServiceTypes: ['RETURN_SHIPMENT'],
        returnShipmentDetail: { returnType: 'PENDING' },
      },
    };
    expect(code(fedexReturnRefusal(pending))).toBe('RETURNSHIPMENT.RETURNTYPE.INVALID');
    const loose = {
      shipmentSpecialServices: { specialServiceTypes: [], returnShipmentDetail: { returnType: 'PRINT_RETURN_LABEL' } },
    };
    expect(code(fedexReturnRefusal(loose))).toBe('RETURNSHIPMENT.SPECIALSERVICE.REQUIRED');
  });
});
