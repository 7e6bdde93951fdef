import { describe, expect, it } from 'vitest';
import { tagsForOrderChange } from './hooks/use-orders-realtime';
import { orderActionTitle, parseOrderAction, parseOrderStatus } from './order-routes';

describe('order routes', () => {
  it('parses statuses case-insensitively and rejects others', () => {
    expect(parseOrderStatus('Sales Order')).toBe('Sales Order');
    expect(parseOrderStatus('completed')).toBe('Completed');
    expect(parseOrderStatus('Shipped')).toBeNull();
    expect(parseOrderStatus(undefined)).toBeNull();
  });

  it('knows edit and the lifecycle events', () => {
    expect(parseOrderAction('edit')).toBe('edit');
    expect(parseOrderAction('shipLabel')).toBe('shipLabel');
    expect(parseOrderAction('explode')).toBeNull();
    expect(orderActionTitle('processPayment')).toBe('Process payment');
  });
});

describe('orders:changed', () => {
  it('makes the list and each changed order stale', () => {
    expect(tagsForOrderChange({ orderIds: ['7'], event: 'approve' })).toEqual([
      { type: 'Order', id: 'LIST' },
      { type: 'Order', id: '7' },
      { type: 'Delivery', id: '7' },
      { type: 'OrderNote', id: '7' },
    ]);
    expect(tagsForOrderChange(null)).toEqual([{ type: 'Order', id: 'LIST' }]);
    expect(tagsForOrderChange({ orderIds: [1, '2'] })).toHaveLength(4);
  });
});
