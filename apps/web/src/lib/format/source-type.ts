import type { SourceType } from '@shipdesk/contract';

/** How each sales channel is named on screen (the stores list, the order list, the order timeline). */
const SOURCE_LABELS: Record<SourceType, string> = {
  Wholesale: 'Wholesale',
  Ebay: 'eBay',
  AmazonSP: 'Amazon',
  Bigcommerce: 'BigCommerce',
  Walmart: 'Walmart',
  Shopify: 'Shopify',
  Magento: 'Magento',
};

/** The label of a source type; a value this build does not know is shown as sent. */
export function sourceLabel(source: string): string {
  return Object.hasOwn(SOURCE_LABELS, source) ? SOURCE_LABELS[source as SourceType] : source;
}
