import { PDFDocument, degrees, type PDFImage, type PDFPage } from 'pdf-lib';

/**
 * Label documents merged for one print job: PDF pages copied as they are, PNG and JPEG labels each placed on a 4x6
 * page, ZPL streams concatenated (ZPL never becomes PDF: thermal printers take it as it is).
 *
 * Memory: the documents may come one at a time (an iterable or async iterable, e.g. read from storage in turn);
 * each source is parsed, its pages copied and then dropped. pdf-lib keeps the whole merged document in memory until
 * it is saved, so memory grows with the output: about the sum of the labels' sizes (a 1,000-label merge of our
 * 11 kB labels holds about 15 MB). A batch far larger than that is better merged in parts.
 */

export type DocumentSource = Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
export type LabelDocumentKind = 'pdf' | 'png' | 'jpeg';

/** A 4x6 inch page in PDF points. */
export const LABEL_PAGE: [number, number] = [4 * 72, 6 * 72];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** What a document is, by its first bytes; null for anything else (ZPL, GIF, text). */
export function documentKind(bytes: Uint8Array): LabelDocumentKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  return null;
}

/**
 * Adds a page of `size` (default 4x6) to `target` holding the PNG or JPEG `image`, as large as fits with its aspect
 * kept and centred. A landscape image on a portrait page is turned a quarter clockwise, as label printers do.
 */
export async function imageToPdfPage(
  target: PDFDocument,
  image: Uint8Array,
  size: [number, number] = LABEL_PAGE,
): Promise<PDFPage> {
  const kind = documentKind(image);
  let embedded: PDFImage;
  if (kind === 'png') embedded = await target.embedPng(image);
  else if (kind === 'jpeg') embedded = await target.embedJpg(image);
  else throw new RangeError('The image is neither PNG nor JPEG');

  const [pageWidth, pageHeight] = size;
  const page = target.addPage(size);
  const turn = embedded.width > embedded.height !== pageWidth > pageHeight;
  // The box the image takes on the page, before and after the turn.
  const boxWidth = turn ? embedded.height : embedded.width;
  const boxHeight = turn ? embedded.width : embedded.height;
  const scale = Math.min(pageWidth / boxWidth, pageHeight / boxHeight);
  const left = (pageWidth - boxWidth * scale) / 2;
  const bottom = (pageHeight - boxHeight * scale) / 2;
  const width = embedded.width * scale;
  const height = embedded.height * scale;
  if (turn) {
    // Rotated -90 degrees about its origin, the image spans [x, x + height] across and [y - width, y] up.
    page.drawImage(embedded, { x: left, y: bottom + width, width, height, rotate: degrees(-90) });
  } else {
    page.drawImage(embedded, { x: left, y: bottom, width, height });
  }
  return page;
}

/**
 * One PDF of every page of `documents`, in order: PDFs' pages as they are, PNG and JPEG labels on 4x6 pages.
 * Anything else is refused (a RangeError naming the document's position), as is a batch with no document.
 */
export async function mergePdfs(documents: DocumentSource): Promise<Uint8Array> {
  const merged = await PDFDocument.create({ updateMetadata: false });
  merged.setCreator('Shipdesk');
  merged.setProducer('Shipdesk');
  let position = 0;
  for await (const document of documents) {
    position++;
    const kind = documentKind(document);
    if (kind === 'png' || kind === 'jpeg') {
      await imageToPdfPage(merged, document);
    } else if (kind === 'pdf') {
      const source = await PDFDocument.load(document, { updateMetadata: false });
      const pages = await merged.copyPages(source, source.getPageIndices());
      for (const page of pages) merged.addPage(page);
    } else {
      throw new RangeError(`Document ${position} is neither a PDF nor a PNG or JPEG image`);
    }
  }
  if (position === 0) throw new RangeError('There is no document to merge');
  // Plain objects (no object streams), like the other PDFs the server writes.
  return merged.save({ useObjectStreams: false });
}

/**
 * ZPL documents as one stream for a thermal printer: each document's labels in order, a line break between them (a
 * byte-order mark at a document's start is dropped, as printers would print it). Empty documents are skipped.
 */
export function mergeZpl(documents: readonly string[]): string {
  let stream = '';
  for (const document of documents) {
    const zpl = document.replace(/^\uFEFF/, '').trim();
    if (zpl.length > 0) stream += `${zpl}\n`;
  }
  return stream;
}
