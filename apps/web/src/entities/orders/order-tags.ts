/**
 * The orders' cache tags. `Order:<id>` hangs on an order and everything read about it (its fsmFlow answers, timeline,
 * deliveries, label rates); `Order:LIST` on the order lists. The orders' own changes and the labels' (a label bought,
 * voided, a batch done) invalidate them alike.
 */
export const ORDER_LIST_TAG = { type: 'Order', id: 'LIST' } as const;
export const orderTag = (id: string) => ({ type: 'Order' as const, id });
