import { describe, expect, it } from 'vitest';
import { amountCurrency, defaultOrderForm, formTotals, parseLine, validateOrderForm } from './order-form';

const form = (change: Partial<ReturnType<typeof defaultOrderForm>> = {}) => ({
  ...defaultOrderForm('USD'),
  lines: [{ sku: 'MUG-1', name: 'Mug', quantity: '3', unitPrice: '0.29' }],
  ...change,
});

describe('order form totals', () => {
  it('reads amounts in the form currency once it is a code', () => {
    expect(amountCurrency('JPY')).toBe('JPY');
    expect(amountCurrency('jp')).toBe('USD');
    expect(amountCurrency(undefined)).toBe('USD');
    expect(parseLine({ quantity: '2', unitPrice: '' }, 'USD')).toEqual({ quantity: 2, unitPrice: 0 });
    expect(parseLine({ quantity: 'x', unitPrice: '1' }, 'USD')).toBeNull();
    expect(parseLine(undefined, 'USD')).toBeNull();
  });

  it('adds up as typed; a part that does not parse leaves the total open', () => {
    expect(formTotals(form({ shippingTotal: '5', discountTotal: '0.10' }))).toEqual({
      subtotal: 87,
      shipping: 500,
      tax: 0,
      discount: 10,
      total: 577,
      refused: {},
    });
    expect(formTotals(form({ taxTotal: 'abc' }))).toMatchObject({ subtotal: 87, tax: null, total: null });
  });

  it("shows a discount above the order as a negative total and refuses it with the contract's rule", () => {
    const values = form({ discountTotal: '1' });
    expect(formTotals(values)).toMatchObject({ total: -13, refused: { discountTotal: expect.any(String) } });
    expect(validateOrderForm(values).discountTotal).toBe('The discount is larger than the order');
  });

  it('refuses an order whose lines, shipping and tax pass the largest amount', () => {
    const values = form({
      lines: [{ sku: 'A', name: 'A', quantity: '2', unitPrice: '10000000000' }],
      discountTotal: '10000000000',
    });
    expect(validateOrderForm(values).discountTotal).toBe('The order total is too large');
  });
});
