import { and, desc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shippingLabels } from '../../db/schema/index.ts';
import { documentKind, mergePdfs } from '../../integrations/documents/pdf-merge.ts';
import { zplToPng } from '../../integrations/documents/zpl-preview.ts';
import { megabytes } from '../../integrations/http/answer-limits.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { SERVED_DOCUMENT_LIMIT, documentWithinLimit } from './labels-repository.ts';

interface LabelDocument {
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
  /** The delivery's standing label (or, with `labelId`, that one) with `columns`; 404 when there is none. */
  async function findLabel<T extends Record<string, unknown>>(
    auth: AuthContext,
    deliveryIdText: string,
    labelIdText: string | undefined,
    columns: { [K in keyof T]: SQL.Aliased<T[K]> | SQL<T[K]> | Column },
  ): Promise<T> {
    const deliveryId = parseId(deliveryIdText);
    const labelId = labelIdText === undefined ? null : parseId(labelIdText);
    const [row] =
      deliveryId === null || (labelIdText !== undefined && labelId === null)
        ? []
        : await database.withTenant(
            auth.tenantId,
            (tx) =>
              tx
                .select(columns as never)
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
    return row as T;
  }

  async function load(auth: AuthContext, deliveryIdText: string, labelIdText?: string) {
    const row = await findLabel<{
      trackingNumber: string;
      contentType: string;
      format: string;
      size: number;
      document: Uint8Array | null;
    }>(auth, deliveryIdText, labelIdText, {
      trackingNumber: shippingLabels.trackingNumber,
      contentType: shippingLabels.contentType,
      format: shippingLabels.format,
      size: sql<number>`octet_length(${shippingLabels.document})`.mapWith(Number),
      document: documentWithinLimit,
    });
    const { document, ...facts } = row;
    if (document === null) {
      throw new HttpError(
        409,
        `This label's document is ${megabytes(row.size)}, more than Shipdesk serves (${megabytes(SERVED_DOCUMENT_LIMIT)}): ` +
          'void the label and buy it again',
        { reason: 'label_document_too_large' },
      );
    }
    return { ...facts, document };
  }

  async function loadCustoms(auth: AuthContext, deliveryIdText: string, labelIdText?: string) {
    const row = await findLabel<{
      trackingNumber: string;
      customsForm: string | null;
      contentType: string | null;
      document: Uint8Array | null;
    }>(auth, deliveryIdText, labelIdText, {
      trackingNumber: shippingLabels.trackingNumber,
      customsForm: shippingLabels.customsForm,
      contentType: shippingLabels.customsContentType,
      document: shippingLabels.customsDocument,
    });
    if (!row.document || !row.contentType) {
      throw notFound(
        row.customsForm
          ? 'This label carries its customs form on the label itself: print the label'
          : 'This label has no customs forms',
      );
    }
    return { ...row, document: row.document, contentType: row.contentType };
  }

  return {
    /**
     * `GET /call/shipment/{deliveryId}/shipLabel`: the standing label (or, with `labelId`, an earlier voided one).
     * `withForms`: a PDF or image label and its customs document (CN 22/23 page, commercial invoice) as one PDF, to
     * print together; a ZPL label, or one without a customs document, as it is.
     */
    async document(
      auth: AuthContext,
      deliveryIdText: string,
      labelIdText?: string,
      options: { withForms?: boolean } = {},
    ): Promise<LabelDocument> {
      const row = await load(auth, deliveryIdText, labelIdText);
      if (options.withForms && row.format !== 'zpl' && documentKind(row.document) !== null) {
        const forms = await loadCustoms(auth, deliveryIdText, labelIdText).catch(() => null);
        if (forms && documentKind(forms.document) !== null) {
          return {
            contentType: 'application/pdf',
            filename: `label-${row.trackingNumber}-with-customs.pdf`,
            bytes: await mergePdfs([row.document, forms.document]),
          };
        }
      }
      const extension = EXTENSIONS[row.contentType] ?? row.format;
      return {
        contentType: row.format === 'zpl' ? 'text/plain; charset=utf-8' : row.contentType,
        filename: `label-${row.trackingNumber}.${extension}`,
        bytes: row.document,
      };
    },

    /**
     * `GET /call/shipment/{deliveryId}/customsForms`: the customs document kept beside the label (a CN 22/23 page, a
     * commercial invoice); 404 when the label has none (no customs, or the form is printed on the label itself).
     */
    async customsForms(auth: AuthContext, deliveryIdText: string, labelIdText?: string): Promise<LabelDocument> {
      const row = await loadCustoms(auth, deliveryIdText, labelIdText);
      const name = row.customsForm === 'commercial_invoice' ? 'invoice' : (row.customsForm ?? 'customs');
      return {
        contentType: row.contentType,
        filename: `${name}-${row.trackingNumber}.${EXTENSIONS[row.contentType] ?? 'pdf'}`,
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
