import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { fedexError } from './fake-fedex-errors.ts';
import type { FedexShipmentDocument } from './fake-fedex-wire.ts';

/**
 * A shipment's documents beside its labels (the commercial invoice) as the fake FedEx answers them: base64 inside the
 * answer, or, once a test asks for links (as with URL_ONLY), a link on the fake's own host served without a token.
 */

/** Where the fake serves the documents it answers by link (FedEx's links are valid for 24 hours). */
export const DOCUMENT_PATH = '/document/v1/shipmentdocuments';

export interface FakeFedexDocuments {
  /** Answered by link from now on, or inline again. */
  byUrl(on: boolean): void;
  /** The commercial invoice of a shipment as its answer lists it. */
  invoice(request: FakeRequest, trackingNumber: string, pdf: Buffer): FedexShipmentDocument;
  /** `GET` of a document link. */
  serve(name: string): FakeReply;
}

export function createFakeFedexDocuments(): FakeFedexDocuments {
  let files: Map<string, Buffer> | null = null;
  return {
    byUrl: (on) => void (files = on ? (files ?? new Map()) : null),
    invoice(request, trackingNumber, pdf) {
      const document = { contentType: 'COMMERCIAL_INVOICE' as const, copiesToPrint: 3, docType: 'PDF' as const };
      if (!files) return { ...document, encodedLabel: pdf.toString('base64') };
      const name = `${trackingNumber}-CI.pdf`;
      files.set(name, pdf);
      const host = request.headers.host ?? '127.0.0.1';
      return { ...document, url: `http://${host}${DOCUMENT_PATH}/${name}` };
    },
    serve(name) {
      const pdf = files?.get(name);
      if (!pdf) return fedexError(404, 'NOT.FOUND.ERROR', 'The resource you requested is not available.');
      // The fake's PDFs are ASCII: sent as text, they arrive as the same bytes.
      return { status: 200, headers: { 'content-type': 'application/pdf' }, body: pdf.toString('latin1') };
    },
  };
}
