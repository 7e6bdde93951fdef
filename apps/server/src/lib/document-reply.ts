import type { FastifyReply } from 'fastify';

/** A stored document (a label, a form) as the routes serve it. */
export interface ServedDocument {
  contentType: string;
  filename: string;
  bytes: Uint8Array;
}

/** Sends a document inline (the browser shows or prints it), never cached: it is the tenant's. */
export function sendDocument(reply: FastifyReply, document: ServedDocument) {
  return reply
    .header('content-type', document.contentType)
    .header('content-disposition', `inline; filename="${document.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength));
}
