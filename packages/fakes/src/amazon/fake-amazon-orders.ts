import { seededRandom } from '../seeded-random.ts';
import {
  US_MARKETPLACE_ID,
  type Money,
  type OrderStatus,
  type SpAddress,
  type SpOrder,
  type SpOrderItem,
} from './fake-amazon-wire.ts';

/**
 * A small deterministic generator of realistic SP-API orders (with their items and full PII, which the fake hides
 * unless the caller holds a Restricted Data Token): the same seed gives the same orders.
 */

export interface FakeAmazonOrder {
  order: SpOrder;
  items: SpOrderItem[];
}

interface AmazonOrderGeneratorOptions {
  seed?: number;
  /** Purchase time of the first order (ISO); the others follow a few hours apart. */
  start?: string;
}

const CATALOG = [
  { asin: 'B0C1MUG011', sku: 'MUG-CER-11', title: 'Ceramic Coffee Mug 11 oz, Matte Black', price: 1499 },
  { asin: 'B0C2TEE0M2', sku: 'TEE-ORG-M', title: 'Organic Cotton T-Shirt, Medium, Heather Grey', price: 2200 },
  { asin: 'B0C3CBL2M3', sku: 'CBL-USBC-2M', title: 'USB-C Braided Charging Cable 2 m', price: 999 },
  { asin: 'B0C4LMP0D4', sku: 'LMP-DSK-LED', title: 'LED Desk Lamp with Dimmer', price: 3450 },
  { asin: 'B0C5BTL755', sku: 'BTL-STL-750', title: 'Insulated Steel Water Bottle 750 ml', price: 2795 },
] as const;

const BUYERS: ReadonlyArray<{ email: string; address: SpAddress }> = [
  {
    email: 'x7k2p9qz4m1v8w3@marketplace.amazon.com',
    address: {
      Name: 'Jordan Ellis',
      AddressLine1: '410 Terry Ave N',
      City: 'Seattle',
      StateOrRegion: 'WA',
      PostalCode: '98109-5210',
      CountryCode: 'US',
      Phone: '+1 206-555-0110',
      AddressType: 'Commercial',
    },
  },
  {
    email: 'r4t6y8u0i2o4p6a@marketplace.amazon.com',
    address: {
      Name: 'Priya Raman',
      AddressLine1: '88 Colin P Kelly Jr St',
      AddressLine2: 'Unit 4B',
      City: 'San Francisco',
      StateOrRegion: 'CA',
      PostalCode: '94107',
      CountryCode: 'US',
      Phone: '+1 415-555-0173',
      AddressType: 'Residential',
    },
  },
  {
    email: 'm3n5b7v9c1x3z5l@marketplace.amazon.com',
    address: {
      Name: 'Samuel Okafor',
      AddressLine1: '2100 Ross Ave',
      City: 'Dallas',
      StateOrRegion: 'TX',
      PostalCode: '75201',
      CountryCode: 'US',
      Phone: '+1 214-555-0148',
      AddressType: 'Residential',
    },
  },
];

const SERVICE_LEVELS = [
  { level: 'Std US D2D Dom', category: 'Standard' },
  { level: 'Exp US D2D Dom', category: 'Expedited' },
  { level: 'Second US D2D Dom', category: 'SecondDay' },
] as const;

const usd = (minor: number): Money => ({ CurrencyCode: 'USD', Amount: (minor / 100).toFixed(2) });

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function statusFor(roll: number): OrderStatus {
  if (roll < 0.06) return 'Canceled';
  if (roll < 0.12) return 'Pending';
  if (roll < 0.18) return 'PartiallyShipped';
  if (roll < 0.35) return 'Shipped';
  return 'Unshipped';
}

export function generateAmazonOrders(count: number, options: AmazonOrderGeneratorOptions = {}): FakeAmazonOrder[] {
  const random = seededRandom(options.seed ?? 1);
  const start = Date.parse(options.start ?? '2026-05-01T09:00:00.000Z');
  const generated: FakeAmazonOrder[] = [];
  for (let i = 0; i < count; i++) {
    const purchased = start + i * 3 * 60 * 60 * 1000 + Math.floor(random() * 60) * 60_000;
    const updated = purchased + (10 + Math.floor(random() * 120)) * 60_000;
    const status = statusFor(random());
    const orderId = `11${i % 10}-${String(1_000_000 + i * 7919).slice(-7)}-${String(5_000_000 + i * 104_729).slice(-7)}`;
    const buyer = pick(random, BUYERS);
    const service = pick(random, SERVICE_LEVELS);

    const items: SpOrderItem[] = [];
    const lineCount = 1 + Math.floor(random() * 3);
    for (let n = 0; n < lineCount; n++) {
      const product = CATALOG[(i + n) % CATALOG.length]!;
      const quantity = 1 + Math.floor(random() * 2);
      const price = product.price * quantity;
      const shipping = n === 0 && service.category !== 'Standard' ? 899 : 0;
      const promotion = random() > 0.85 ? 150 : 0;
      const shipped = status === 'Shipped' ? quantity : status === 'PartiallyShipped' && n === 0 ? quantity : 0;
      items.push({
        OrderItemId: String(40_000_000_000_000 + i * 100 + n),
        ASIN: product.asin,
        SellerSKU: product.sku,
        Title: product.title,
        QuantityOrdered: status === 'Canceled' ? 0 : quantity,
        QuantityShipped: shipped,
        ItemPrice: usd(price),
        ShippingPrice: usd(shipping),
        ItemTax: usd(Math.round(price * 0.08)),
        ShippingTax: usd(Math.round(shipping * 0.08)),
        ShippingDiscount: usd(0),
        PromotionDiscount: usd(promotion),
        IsGift: 'false',
        ConditionId: 'New',
      });
    }
    // PartiallyShipped needs something still to ship.
    if (status === 'PartiallyShipped' && items.length === 1) {
      const only = items[0]!;
      only.QuantityOrdered = 2;
      only.QuantityShipped = 1;
    }
    const total = items.reduce(
      (sum, item) =>
        sum +
        [item.ItemPrice, item.ShippingPrice, item.ItemTax, item.ShippingTax].reduce(
          (part, amount) => part + Math.round(Number(amount?.Amount ?? 0) * 100),
          0,
        ) -
        Math.round(Number(item.PromotionDiscount?.Amount ?? 0) * 100),
      0,
    );
    const shippedCount = items.reduce((sum, item) => sum + (item.QuantityShipped ?? 0), 0);
    const orderedCount = items.reduce((sum, item) => sum + item.QuantityOrdered, 0);

    generated.push({
      order: {
        AmazonOrderId: orderId,
        SellerOrderId: orderId,
        PurchaseDate: new Date(purchased).toISOString(),
        LastUpdateDate: new Date(updated).toISOString(),
        OrderStatus: status,
        FulfillmentChannel: 'MFN',
        SalesChannel: 'Amazon.com',
        ShipServiceLevel: service.level,
        ShipmentServiceLevelCategory: service.category,
        OrderTotal: usd(total),
        NumberOfItemsShipped: shippedCount,
        NumberOfItemsUnshipped: orderedCount - shippedCount,
        PaymentMethod: 'Other',
        MarketplaceId: US_MARKETPLACE_ID,
        IsPrime: random() > 0.6,
        IsBusinessOrder: buyer.address.AddressType === 'Commercial',
        IsPremiumOrder: false,
        EarliestShipDate: new Date(purchased + 86_400_000).toISOString(),
        LatestShipDate: new Date(purchased + 2 * 86_400_000).toISOString(),
        ShippingAddress: { ...buyer.address },
        BuyerInfo: { BuyerEmail: buyer.email, BuyerName: buyer.address.Name },
      },
      items,
    });
  }
  return generated;
}
