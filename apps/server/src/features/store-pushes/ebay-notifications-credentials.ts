/**
 * What an eBay store keeps of its notifications among its sealed credentials (never shown: they are not seller
 * fields), and where its endpoint is. The verification token proves to eBay that the endpoint is ours; the destination
 * and topics are what setup made at eBay, so turning off removes exactly them.
 */
export const VERIFICATION_TOKEN_KEY = 'ebayNotificationToken';
export const DESTINATION_KEY = 'ebayNotificationDestinationId';
export const TOPICS_KEY = 'ebayNotificationTopics';

/** The URL eBay calls; the challenge hashes it too, so it must be spelled exactly as eBay was given it. */
export const ebayEndpoint = (publicUrl: string, webhookKey: string) =>
  `${publicUrl.replace(/\/+$/, '')}/webhooks/ebay/${webhookKey}`;
