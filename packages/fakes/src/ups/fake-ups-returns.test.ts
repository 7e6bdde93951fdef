import { describe, expect, it } from 'vitest';
import { upsReturnRefusal } from './fake-ups-returns.ts';

describe('fake UPS return shipments', () => {
  it('takes a described Print Return Label; refuses another return kind or a return without Description', () => {
    expect(upsReturnRefusal({ Description: 'Return RMA-1' })).toBeNull();
    expect(upsReturnRefusal({ ReturnService: { Code: '9' }, Description: 'Return RMA-1' })).toBeNull();
    expect(upsReturnRefusal({ ReturnService: { Code: '8' }, Description: 'Return RMA-1' })).toMatchObject({
      code: '9121001',
    });
    expect(upsReturnRefusal({ ReturnService: { Code: '9' }, Description: ' ' })).toMatchObject({ code: '9121002' });
    expect(upsReturnRefusal({ ReturnService: { Code: '9' } })).toMatchObject({ code: '9121002' });
  });
});
