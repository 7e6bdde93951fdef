import type { Database } from '../../db/client.ts';
import { documentKind, streamMergedPdf } from '../../integrations/documents/pdf-merge.ts';
import { MB } from '../../integrations/http/answer-limits.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { createPackingSlipsService, type OrdersNotifier } from '../orders/index.ts';
import { BATCH_NOT_FOUND } from './label-batches-service.ts';
import { createLabelBatchesRepository } from './label-batches-repository.ts';

const PAGE = 100;
/** Bytes of documents read at once at most: a page of labels stops short of it (but holds at least one). */
const PAGE_BYTES = 32 * MB;

interface BatchDocument {
  contentType: string;
  filename: string;
  /** The document, streamed as it is written: labels are read a page at a time, never all held at once. */
  body: AsyncIterable<Uint8Array>;
  /** Labels that cannot join this document (an image label in a ZPL batch, a GIF in a PDF one). */
  skipped: number;
}

/** Packing slips are drawn for this many orders at a time, each group its own PDF merged into the stream. */
const SLIPS_PER_PART = 100;

/**
 * The stream with its first piece already made, so that what fails at its start (a document that cannot be read)
 * is an error answer rather than a response cut short.
 */
async function started(stream: AsyncGenerator<Uint8Array>): Promise<AsyncIterable<Uint8Array>> {
  const first = await stream.next();
  return (async function* () {
    if (!first.done) yield first.value;
    yield* stream;
  })();
}

/**
 * One document to print a batch: its ZPL labels as one stream, or its PDF and image labels merged into one PDF, each
 * followed by its customs document, optionally followed by the orders' packing slips (a ZPL batch's customs documents
 * and slips come as their own PDF, for paper). Labels are read from the database a page at a time and the
 * document is streamed as it is written, so memory does not grow with the batch.
 */
export function createLabelBatchDocuments(database: Database, notify: OrdersNotifier) {
  const repo = createLabelBatchesRepository();
  const slips = createPackingSlipsService(database, notify);

  /** The batch's labels in order, read a page at a time: at most PAGE labels and PAGE_BYTES of documents. */
  async function* labelsOf(tenantId: string, batchId: number, orderIds: number[]) {
    let after = -1;
    for (;;) {
      const page = await database.withTenant(
        tenantId,
        async (tx) => {
          const sizes = await repo.documentSizes(tx, tenantId, batchId, after, PAGE);
          let count = 0;
          for (let bytes = 0; count < sizes.length && (count === 0 || bytes + sizes[count]! <= PAGE_BYTES); count++) {
            bytes += sizes[count]!;
          }
          const rows = count > 0 ? await repo.documents(tx, tenantId, batchId, after, count) : [];
          return { rows, more: sizes.length === PAGE || count < sizes.length };
        },
        { readOnly: true },
      );
      for (const row of page.rows) {
        orderIds.push(row.orderId);
        yield row;
      }
      if (!page.more || page.rows.length === 0) return;
      after = page.rows.at(-1)!.position;
    }
  }

  return async function batchDocument(
    auth: AuthContext,
    idText: string,
    options: { packingSlips?: boolean; customsForms?: boolean },
  ): Promise<BatchDocument> {
    const id = parseId(idText);
    const batch =
      id === null
        ? undefined
        : await database.withTenant(auth.tenantId, (tx) => repo.find(tx, auth.tenantId, id), { readOnly: true });
    if (!batch) throw notFound(BATCH_NOT_FOUND);
    const counts = await database.withTenant(auth.tenantId, (tx) => repo.documentCounts(tx, auth.tenantId, batch.id), {
      readOnly: true,
    });
    if (counts.labels === 0) {
      throw new HttpError(409, 'This batch has no label to print: none was bought, or all were voided', {
        reason: 'no_labels',
      });
    }
    const orderIds: number[] = [];
    const stem = `labels-batch-${batch.id}`;

    const paper = options.packingSlips || options.customsForms;
    if (batch.event === 'zpl' && !paper) {
      async function* stream() {
        for await (const row of labelsOf(auth.tenantId, batch!.id, orderIds)) {
          if (row.format !== 'zpl' || !row.document) continue;
          const text = Buffer.from(row.document).toString('utf8').trim();
          yield Buffer.from(`${text}\n`, 'utf8');
        }
      }
      return {
        contentType: 'text/plain; charset=utf-8',
        filename: `${stem}.zpl`,
        body: stream(),
        skipped: counts.labels - counts.zpl,
      };
    }

    // A ZPL batch's customs forms and slips come alone: its labels go to the thermal printer, the rest to paper.
    const zpl = batch.event === 'zpl';
    const skipped = zpl ? 0 : counts.labels - counts.pdfReady;
    if (!zpl && counts.pdfReady === 0 && !options.packingSlips) {
      throw new HttpError(409, 'No label of this batch can be printed as a PDF', { reason: 'no_pdf_labels' });
    }
    async function* pdfs() {
      // Each label followed by its customs document (CN 22/23 page, commercial invoice), printed together.
      for await (const row of labelsOf(auth.tenantId, batch!.id, orderIds)) {
        if (!zpl && row.document && documentKind(row.document) !== null) yield row.document;
        if ((!zpl || options.customsForms) && row.customsDocument && documentKind(row.customsDocument) !== null) {
          yield row.customsDocument;
        }
      }
      if (!options.packingSlips) return;
      for (let from = 0; from < orderIds.length; from += SLIPS_PER_PART) {
        const ids = orderIds.slice(from, from + SLIPS_PER_PART).map(String);
        yield (await slips.render(auth, ids[0]!, { orderIds: ids, format: '4x6' })).pdf;
      }
    }
    if (zpl && !options.packingSlips && counts.customsDocuments === 0) {
      throw new HttpError(409, 'No label of this batch has a customs document to print', {
        reason: 'no_customs_forms',
      });
    }
    const body = await started(streamMergedPdf(pdfs()));
    return { contentType: 'application/pdf', filename: `${stem}.pdf`, body, skipped };
  };
}
