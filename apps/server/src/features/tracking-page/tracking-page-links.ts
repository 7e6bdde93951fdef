import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shippingLabels } from '../labels/labels-tables.ts';

/** 128 random bits, URL-safe: a tracking page's address cannot be guessed from another's. */
const newToken = () => randomBytes(16).toString('base64url');

/**
 * The public tracking page's token of a label (docs/buyer-notices.md): made the first time it is needed (a buyer's
 * e-mail, "Copy tracking link"), then the same for the label's life. Answers null for a label that is not the tenant's.
 */
export async function trackingPageToken(tx: Executor, tenantId: string, labelId: number): Promise<string | null> {
  const mine = and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.id, labelId));
  await tx
    .update(shippingLabels)
    .set({ publicToken: newToken() })
    .where(and(mine, isNull(shippingLabels.publicToken)));
  const [row] = await tx.select({ token: shippingLabels.publicToken }).from(shippingLabels).where(mine);
  return row?.token ?? null;
}

/** The page's address under the product's public URL. */
export const trackingPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/t/${encodeURIComponent(token)}`;

/** Only for the owner-level lookup of a page (no tenant yet): the label a token names, across tenants. */
export const TOKEN_LOOKUP = (token: string) =>
  sql`SELECT tenant_id, id FROM shipping_labels WHERE public_token = ${token} LIMIT 1`;
