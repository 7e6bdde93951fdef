/**
 * How many bytes Shipdesk reads of one answer from a store or a carrier. Their addresses are typed by tenants (an
 * Admin may point a carrier account at a server of their own), so an answer is read as a stream and refused as soon
 * as it passes its limit: read whole, a 300 MB answer was held in memory, decoded, stored and read back, and took the
 * shared server down. Each limit is far above what the platform really answers (docs/labels.md "Answer limits",
 * docs/stores.md "Answer limits").
 */

export const MB = 1024 * 1024;

/**
 * A store's answer, at most one page of orders: BigCommerce 250 (about 0.3 MB), eBay and Walmart 200, Amazon and
 * Magento 100, a Shopify GraphQL request about 19. A few kB an order, tens of kB for one with many lines: a few MB at
 * worst. The shared client's default, since every store reads its orders through it.
 */
export const STORE_ANSWER_LIMIT = 16 * MB;

/** A carrier's JSON answer that carries no document: a token, rates, tracking, a void, a page of Shippo transactions. */
export const CARRIER_ANSWER_LIMIT = 2 * MB;

/**
 * A label file read as bytes (Shippo's label_url). A 4x6 PDF or ZPL label is tens of kB; a multi-page one with
 * customs forms a few hundred.
 */
export const LABEL_FILE_LIMIT = 8 * MB;

/**
 * A carrier's answer with the label inside its JSON as base64 (USPS, UPS ship and Label Recovery, FedEx ship): a label
 * file's limit in base64 (4/3 of it) with room for the forms and metadata beside it.
 */
export const LABEL_ANSWER_LIMIT = 12 * MB;

/** "8 MB", as a seller reads a limit. */
export const megabytes = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10} MB`;
