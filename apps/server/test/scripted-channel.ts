import type {
  ChannelAdapter,
  ChannelOrder,
  OrderPage,
  PullWindow,
} from '../src/integrations/channels/channel-types.ts';
import { ChannelError } from '../src/integrations/http/channel-http.ts';

/**
 * An in-memory channel for the sync engine's own tests (the platform adapters are tested against their fakes):
 * orders sorted by last change, pages of `pageSize` from a numeric token, pauses on demand.
 */
export interface ScriptedChannel {
  orders: ChannelOrder[];
  pageSize: number;
  /** When set, listOrders waits for it (to hold a run open). */
  gate: Promise<void> | null;
  calls: PullWindow[];
  /** Every cancelTracking asked of its adapters, oldest first. */
  canceled: Array<{ externalOrderId: string; trackingNumber: string }>;
  adapter(credentials: Readonly<Record<string, string>>): ChannelAdapter;
  order(n: number, overrides?: Partial<ChannelOrder>): ChannelOrder;
  touch(externalId: string, changes: Partial<ChannelOrder>): void;
}

const BASE = Date.parse('2026-11-01T00:00:00Z');

export function scriptedChannel(count: number, pageSize = 10): ScriptedChannel {
  const channel: ScriptedChannel = {
    orders: [],
    pageSize,
    gate: null,
    calls: [],
    canceled: [],
    order(n, overrides = {}) {
      const at = new Date(BASE + n * 60_000).toISOString();
      return {
        externalId: String(5000 + n),
        orderNumber: `#${1000 + n}`,
        orderDate: at,
        externalUpdatedAt: at,
        currency: 'USD',
        subtotal: 2500,
        shippingTotal: 500,
        taxTotal: 0,
        discountTotal: 0,
        total: 3000,
        paidTotal: 3000,
        paymentStatus: 'Paid',
        shipmentStatus: 'Unshipped',
        canceled: false,
        customerName: `Customer ${n}`,
        customerEmail: `customer${n}@example.com`,
        requestedShippingMethod: 'Standard Shipping',
        tags: ['web'],
        lines: [
          {
            externalLineId: `L${n}`,
            sku: `SKU-${n % 7}`,
            name: 'Linen shirt',
            quantity: 1 + (n % 3),
            quantityShipped: 0,
            unitPrice: 1250,
            weight: 300,
            category: 'Apparel',
            hazardous: false,
          },
        ],
        billing: null,
        shipping: {
          name: `Customer ${n}`,
          company: null,
          address1: `${n} Main St`,
          address2: null,
          city: 'Austin',
          state: 'TX',
          postalCode: '73301',
          country: 'US',
          phone: null,
          email: null,
        },
        ...overrides,
      };
    },
    touch(externalId, changes) {
      const i = channel.orders.findIndex((o) => o.externalId === externalId);
      const latest = Math.max(...channel.orders.map((o) => Date.parse(o.externalUpdatedAt)));
      const updated = { ...channel.orders[i]!, ...changes, externalUpdatedAt: new Date(latest + 60_000).toISOString() };
      channel.orders.splice(i, 1);
      channel.orders.push(updated);
    },
    adapter(credentials) {
      const check = () => {
        if (credentials.accessToken !== 'good-token') {
          throw new ChannelError('auth', 'Scripted refused the credentials (HTTP 401)', 401, 'Invalid API key');
        }
      };
      return {
        sourceType: 'Shopify',
        async testConnection() {
          check();
          return { accountName: 'Scripted Shop' };
        },
        async listOrders(window): Promise<OrderPage> {
          channel.calls.push(window);
          if (channel.gate) await channel.gate;
          check();
          const since = window.updatedSince ? Date.parse(window.updatedSince) : -Infinity;
          const matching = channel.orders.filter((o) => Date.parse(o.externalUpdatedAt) >= since);
          const start = Number(window.pageToken ?? 0);
          const end = start + channel.pageSize;
          return {
            orders: structuredClone(matching.slice(start, end)),
            nextPageToken: end < matching.length ? String(end) : null,
          };
        },
        async getOrder(externalId) {
          check();
          const found = channel.orders.find((o) => o.externalId === externalId);
          return found ? structuredClone(found) : null;
        },
        async pushTracking() {
          check();
        },
        async cancelTracking(cancel) {
          check();
          channel.canceled.push({ externalOrderId: cancel.externalOrderId, trackingNumber: cancel.trackingNumber });
          return 'canceled';
        },
      };
    },
  };
  for (let n = 1; n <= count; n++) channel.orders.push(channel.order(n));
  return channel;
}
