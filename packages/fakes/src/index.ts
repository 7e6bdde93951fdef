/**
 * Protocol-faithful fake servers of the sales channels (and, later, the carriers) for the tests, the end-to-end
 * runs, the benchmarks and the embedded demo. They speak each platform's documented wire format, auth, errors and
 * rate limits, spelled here on their own: they never import the adapters they stand in front of.
 */
export {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from './http/fake-http.ts';
export { generateAmazonOrders } from './amazon/fake-amazon-orders.ts';
export { startFakeAmazon, type FakeAmazon, type FakeAmazonOptions } from './amazon/fake-amazon-server.ts';
export type { FakeAmazonChaos } from './amazon/fake-amazon-notifications-delivery.ts';
export type { AmazonOrderChange } from './amazon/fake-amazon-notifications-orders.ts';
export { startFakeSqs, type FakeSqs } from './sqs/fake-sqs-server.ts';
export type { FakeOrderRecord } from './bigcommerce/fake-bigcommerce-data.ts';
export { startFakeBigcommerce, type FakeBigcommerce } from './bigcommerce/fake-bigcommerce-server.ts';
export { generateEbayOrders } from './ebay/fake-ebay-orders.ts';
export { startFakeEbay, type FakeEbay } from './ebay/fake-ebay-server.ts';
export { generateMagentoOrders } from './magento/fake-magento-orders.ts';
export { startFakeMagento, type FakeMagento, type FakeMagentoOptions } from './magento/fake-magento-server.ts';
export {
  INVALID_TOKEN_MESSAGE,
  startFakeShopify,
  type FakeShopify,
  type FakeShopifyOptions,
} from './shopify/fake-shopify-server.ts';
export { generateWalmartOrders } from './walmart/fake-walmart-orders.ts';
export { startFakeWalmart, type FakeWalmart, type FakeWalmartOptions } from './walmart/fake-walmart-server.ts';
export {
  FAKE_AUDIENCE,
  FAKE_ISSUER,
  fakeIdentityProvider,
  mintAccessToken,
  type AccessTokenOptions,
} from './identity/fake-identity-provider.ts';
export { startFakeUsps, type FakeUsps, type FakeUspsOptions } from './usps/fake-usps-server.ts';
export { startFakeUps, type FakeUps, type FakeUpsOptions } from './ups/fake-ups-server.ts';
export { startFakeFedex, type FakeFedex, type FakeFedexOptions } from './fedex/fake-fedex-server.ts';
export type { FakeFedexCharge, FakeFedexLabel, FakeFedexShipmentFault } from './fedex/fake-fedex-shipments.ts';
export type { FakeFedexVisibility } from './fedex/fake-fedex-visibility.ts';
export { startFakeShippo, type FakeShippo, type FakeShippoOptions } from './shippo/fake-shippo-server.ts';
export type { ShippoCarrierAccount } from './shippo/fake-shippo-wire.ts';
export type { FakeShippoCharge, FakeShippoLabel, FakeShippoPurchaseFault } from './shippo/fake-shippo-labels.ts';
export type { FakeShippoRefundOutcome } from './shippo/fake-shippo-records.ts';
export { FakeClock, journeyFor } from './tracking/fake-parcel-journey.ts';
