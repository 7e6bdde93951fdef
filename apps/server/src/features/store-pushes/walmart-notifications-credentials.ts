import type { WalmartSignatureScheme } from '../../integrations/channels/walmart/walmart-webhook-signature.ts';

/**
 * What a Walmart store keeps of its notifications among its sealed credentials: the HMAC secret Walmart signs with
 * (never shown), the subscriptions setup made (so turning off deletes exactly them) and how signatures are read.
 */
export const SECRET_KEY = 'walmartWebhookSecret';
export const SUBSCRIPTIONS_KEY = 'walmartWebhookSubscriptions';
export const SIGNATURE_KEY = 'walmartWebhookSignature';

interface WalmartSignatureRules {
  scheme: WalmartSignatureScheme;
  header: string;
  timestampHeader: string;
}

export const DEFAULT_SIGNATURE: WalmartSignatureRules = {
  scheme: 'canonical',
  header: 'WM_SEC.SIGNATURE',
  timestampHeader: 'WM_SEC.TIMESTAMP',
};

/** The rules kept for the store, or the defaults. */
export function signatureRules(kept: string | undefined): WalmartSignatureRules {
  if (!kept) return DEFAULT_SIGNATURE;
  try {
    return { ...DEFAULT_SIGNATURE, ...(JSON.parse(kept) as Partial<WalmartSignatureRules>) };
  } catch {
    return DEFAULT_SIGNATURE;
  }
}

/** The URL Walmart calls. */
export const walmartEndpoint = (publicUrl: string, webhookKey: string) =>
  `${publicUrl.replace(/\/+$/, '')}/webhooks/walmart/${webhookKey}`;
