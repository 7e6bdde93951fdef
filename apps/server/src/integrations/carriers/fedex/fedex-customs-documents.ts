import { ChannelError } from '../../http/channel-http.ts';
import { asBytes, labelFromBase64 } from '../carrier-documents.ts';
import type { PurchasedForms } from '../carrier-types.ts';
import type { FedexClient } from './fedex-client.ts';
import type { FedexDocument, FedexTransactionShipment } from './fedex-wire.ts';

/**
 * The commercial invoice FedEx drew for a shipment bought with customs: one of the shipment's documents
 * (`shipmentDocuments[]`, contentType COMMERCIAL_INVOICE), base64 inside the answer or behind a link. Some answers
 * list it among the package's documents instead, so those are read too.
 */

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

function invoiceDocument(shipment: FedexTransactionShipment): FedexDocument | undefined {
  const documents = [
    ...(shipment.shipmentDocuments ?? []),
    ...(shipment.pieceResponses ?? []).flatMap((piece) => piece.packageDocuments ?? []),
  ];
  return documents.find((document) => document.contentType === 'COMMERCIAL_INVOICE');
}

/**
 * The forms of a label bought with customs. The label is bought and charged by the time this runs, so an invoice
 * FedEx did not send, or one that cannot be fetched or is not a PDF, is kept as none rather than failing the purchase:
 * the seller keeps the label and prints the invoice from FedEx Ship Manager. The caller's own cancel still throws.
 */
export async function fedexCustomsForms(
  client: Pick<FedexClient, 'document'>,
  shipment: FedexTransactionShipment,
  signal?: AbortSignal,
): Promise<PurchasedForms> {
  const none: PurchasedForms = { form: 'commercial_invoice', document: null };
  const invoice = invoiceDocument(shipment);
  let bytes: Buffer | null = null;
  if (invoice?.encodedLabel) bytes = labelFromBase64(invoice.encodedLabel);
  else if (invoice?.url) {
    try {
      bytes = await client.document(invoice.url, signal);
    } catch (error) {
      if (signal?.aborted || !(error instanceof ChannelError)) throw error;
      return none;
    }
  }
  if (!bytes || !isPdf(bytes)) return none;
  return { form: 'commercial_invoice', document: { contentType: 'application/pdf', bytes: asBytes(bytes) } };
}
