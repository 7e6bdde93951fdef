import type { SourceType } from '@shipdesk/contract';
import { createAmazonAdapter } from './amazon/amazon-adapter.ts';
import { createBigcommerceAdapter } from './bigcommerce/bigcommerce-adapter.ts';
import { createEbayAdapter } from './ebay/ebay-adapter.ts';
import { createMagentoAdapter } from './magento/magento-adapter.ts';
import { createShopifyAdapter } from './shopify/shopify-adapter.ts';
import { createWalmartAdapter } from './walmart/walmart-adapter.ts';
import type { AdapterOptions, ChannelAdapter, StoreConnection } from './channel-types.ts';

export type AdapterFactory = (
  sourceType: SourceType,
  connection: StoreConnection,
  options?: AdapterOptions,
) => ChannelAdapter | null;

/** The adapter of a source type; null for Wholesale, whose orders come in by hand or through our API. */
export const createChannelAdapter: AdapterFactory = (sourceType, connection, options) => {
  switch (sourceType) {
    case 'Shopify':
      return createShopifyAdapter(connection, options);
    case 'Bigcommerce':
      return createBigcommerceAdapter(connection, options);
    case 'Ebay':
      return createEbayAdapter(connection, options);
    case 'AmazonSP':
      return createAmazonAdapter(connection, options);
    case 'Walmart':
      return createWalmartAdapter(connection, options);
    case 'Magento':
      return createMagentoAdapter(connection, options);
    case 'Wholesale':
      return null;
  }
};
