import type { Database } from '../../db/client.ts';
import { documentKind, mergePdfs } from '../../integrations/documents/pdf-merge.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createPackingSlipsService, parseId, type OrdersNotifier } from '../orders/index.ts';
import { BATCH_NOT_FOUND } from './label-batches-service.ts';
import { createLabelBatchesRepository } from './label-batches-repository.ts';

const PAGE = 100;

export interface BatchDocument {
  contentType: string;
  filename: string;
  /** ZPL streams page by page; a PDF is merged first (pdf-lib holds the document it writes). */
  body: Uint8Array | AsyncIterable<Uint8Array>;
  /** Labels that could not join this document (an image label in a ZPL batch, a GIF in a PDF one). */
  skipped: number;
}

/**
 * One document to print a batch: its ZPL labels as one stream, or its PDF and image labels merged into one PDF,
 * optionally followed by the orders' packing slips. Labels are read from the database a page at a time.
 */
export function createLabelBatchDocuments(database: Database, notify: OrdersNotifier) {
  const repo = createLabelBatchesRepository();
  const slips = createPackingSlipsService(database, notify);

  async function* labelsOf(tenantId: string, batchId: number, counted: { skipped: number; orderIds: number[] }) {
    let after = -1;
    for (;;) {
      const page = await database.withTenant(tenantId, (tx) => repo.documents(tx, tenantId, batchId, after, PAGE), {
        readOnly: true,
      });
      for (const row of page) {
        counted.orderIds.push(row.orderId);
        yield row;
      }
      if (page.length < PAGE) return;
      after = page.at(-1)!.position;
    }
  }

  return async function batchDocument(
    auth: AuthContext,
    idText: string,
    options: { packingSlips?: boolean },
  ): Promise<BatchDocument> {
    const id = parseId(idText);
    const batch =
      id === null
        ? undefined
        : await database.withTenant(auth.tenantId, (tx) => repo.find(tx, auth.tenantId, id), { readOnly: true });
    if (!batch) throw notFound(BATCH_NOT_FOUND);
    if (batch.bought === 0) throw new HttpError(409, 'No label of this batch was bought yet', { reason: 'no_labels' });
    const counted = { skipped: 0, orderIds: [] as number[] };
    const stem = `labels-batch-${batch.id}`;

    if (batch.event === 'zpl' && !options.packingSlips) {
      const encoder = new TextEncoder();
      async function* stream() {
        for await (const row of labelsOf(auth.tenantId, batch!.id, counted)) {
          if (row.format !== 'zpl') {
            counted.skipped += 1;
            continue;
          }
          const text = new TextDecoder().decode(row.document).trim();
          yield encoder.encode(`${text}\n`);
        }
      }
      return { contentType: 'text/plain; charset=utf-8', filename: `${stem}.zpl`, body: stream(), skipped: 0 };
    }

    async function* pdfs() {
      for await (const row of labelsOf(auth.tenantId, batch!.id, counted)) {
        if (documentKind(row.document) === null) {
          // A ZPL batch's slips come alone: its labels go to the thermal printer, the slips to paper.
          if (batch!.event !== 'zpl') counted.skipped += 1;
          continue;
        }
        yield row.document;
      }
      if (options.packingSlips && counted.orderIds.length > 0) {
        const ids = counted.orderIds.map(String);
        yield (await slips.render(auth, ids[0]!, { orderIds: ids, format: '4x6' })).pdf;
      }
    }
    const body = await mergePdfs(pdfs());
    return { contentType: 'application/pdf', filename: `${stem}.pdf`, body, skipped: counted.skipped };
  };
}
