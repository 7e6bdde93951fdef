import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shippingLabels } from '../../db/schema/index.ts';
import { zplToPng } from '../../integrations/documents/zpl-preview.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { parseId } from '../orders/index.ts';

export interface LabelDocument {
  contentType: string;
  filename: string;
  bytes: Uint8Array;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/gif': 'gif',
  'text/plain': 'zpl',
};

/**
 * A delivery's label document as bought (from the database, so any instance serves it), and a preview the browser
 * can show: PDF and images as they are, ZPL drawn to a PNG on the server.
 */
export function createLabelDocuments(database: Database) {
  async function load(auth: AuthContext, deliveryIdText: string, labelIdText?: string) {
    const deliveryId = parseId(deliveryIdText);
    const labelId = labelIdText === undefined ? null : parseId(labelIdText);
    const [row] =
      deliveryId === null || (labelIdText !== undefined && labelId === null)
        ? []
        : await database.withTenant(
            auth.tenantId,
            (tx) =>
              tx
                .select({
                  trackingNumber: shippingLabels.trackingNumber,
                  contentType: shippingLabels.contentType,
                  format: shippingLabels.format,
                  document: shippingLabels.document,
                })
                .from(shippingLabels)
                .where(
                  and(
                    eq(shippingLabels.tenantId, auth.tenantId),
                    eq(shippingLabels.deliveryId, deliveryId),
                    labelId === null ? eq(shippingLabels.status, 'active') : eq(shippingLabels.id, labelId),
                  ),
                )
                .orderBy(desc(shippingLabels.id))
                .limit(1),
            { readOnly: true },
          );
    if (!row) throw notFound('This delivery has no label');
    return row;
  }

  return {
    /** `GET /call/shipment/{deliveryId}/shipLabel`: the standing label (or, with `labelId`, an earlier voided one). */
    async document(auth: AuthContext, deliveryIdText: string, labelIdText?: string): Promise<LabelDocument> {
      const row = await load(auth, deliveryIdText, labelIdText);
      const extension = EXTENSIONS[row.contentType] ?? row.format;
      return {
        contentType: row.format === 'zpl' ? 'text/plain; charset=utf-8' : row.contentType,
        filename: `label-${row.trackingNumber}.${extension}`,
        bytes: row.document,
      };
    },

    /** What the order view shows: ZPL as a PNG, everything else as it is. */
    async preview(auth: AuthContext, deliveryIdText: string, labelIdText?: string): Promise<LabelDocument> {
      const row = await load(auth, deliveryIdText, labelIdText);
      if (row.format !== 'zpl') {
        return { contentType: row.contentType, filename: `label-${row.trackingNumber}`, bytes: row.document };
      }
      // One preview queue per organisation; refusals are ZplPreviewError (422, 502 or 503) with the reason in words.
      const png = await zplToPng(new TextDecoder().decode(row.document), { queue: auth.tenantId });
      return { contentType: 'image/png', filename: `label-${row.trackingNumber}.png`, bytes: png };
    },
  };
}
export type LabelDocuments = ReturnType<typeof createLabelDocuments>;
