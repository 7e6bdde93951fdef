import {
  PDFContext,
  PDFDocument,
  PDFName,
  PDFObjectCopier,
  PDFRef,
  degrees,
  type PDFDict,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { PdfObjectWriter } from './pdf-object-writer.ts';

/**
 * Label documents merged for one print job: PDF pages copied as they are, PNG and JPEG labels each placed on a 4x6
 * page, ZPL streams concatenated (ZPL never becomes PDF: thermal printers take it as it is).
 *
 * Memory: the documents may come one at a time (an iterable or async iterable, e.g. read from storage in turn)
 * and the merged PDF leaves as a stream (streamMergedPdf): each source is parsed, its pages copied and written out,
 * then dropped, so a merge of 5,000 labels holds no more than a merge of ten.
 */

type DocumentSource = Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
type LabelDocumentKind = 'pdf' | 'png' | 'jpeg';

/** A 4x6 inch page in PDF points. */
const LABEL_PAGE: [number, number] = [4 * 72, 6 * 72];

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

/** A merged PDF is handed on in pieces of about this many bytes. */
const PIECE_BYTES = 64 * 1024;

/** The document as pdf-lib reads it: a PDF parsed, a PNG or JPEG placed on a 4x6 page of a new one. */
async function sourceDocument(document: Uint8Array, position: number): Promise<PDFDocument> {
  const kind = documentKind(document);
  if (kind === 'pdf') return PDFDocument.load(document, { updateMetadata: false });
  if (kind === 'png' || kind === 'jpeg') {
    const page = await PDFDocument.create({ updateMetadata: false });
    await imageToPdfPage(page, document);
    await page.flush();
    return page;
  }
  throw new RangeError(`Document ${position} is neither a PDF nor a PNG or JPEG image`);
}

/**
 * One PDF of every page of `documents`, in order, written as it goes: PDFs' pages as they are, PNG and JPEG labels
 * on 4x6 pages. Each source is parsed, its pages and what they use are copied and written out, and the source is
 * dropped, so memory stays flat however many documents come; only an offset per object and a number per page are
 * kept for the cross-reference table and the page tree at the end.
 *
 * Nothing is yielded before the first document has been read, so a refused first document (a RangeError naming its
 * position: neither PDF nor PNG or JPEG) or no document at all fails before any byte is sent.
 */
export async function* streamMergedPdf(documents: DocumentSource): AsyncGenerator<Uint8Array> {
  const writer = new PdfObjectWriter();
  // The page tree is written once every page is known; its pages name it before.
  const tree = writer.reserve();
  const catalog = writer.nextNumber;
  writer.object(catalog, `<< /Type /Catalog /Pages ${tree} 0 R >>`);
  const info = writer.nextNumber;
  writer.object(info, '<< /Creator (Shipdesk) /Producer (Shipdesk) >>');
  const parent = PDFRef.of(tree);
  const kids: number[] = [];

  let position = 0;
  for await (const document of documents) {
    position++;
    const source = await sourceDocument(document, position);
    // The copies are numbered on from the objects already written, so they are written as they are.
    const copies = PDFContext.create();
    copies.largestObjectNumber = writer.nextNumber - 1;
    const copier = PDFObjectCopier.for(source.context, copies);
    for (const page of source.getPages()) {
      const copy = copier.copy(page.node) as PDFDict;
      copy.set(PDFName.of('Parent'), parent);
      kids.push(copies.register(copy).objectNumber);
    }
    for (let number = writer.nextNumber; number <= copies.largestObjectNumber; number++) {
      // A reference the source named but never defined is written as the null object it stands for.
      writer.object(number, copies.lookup(PDFRef.of(number)) ?? 'null');
    }
    if (writer.pending >= PIECE_BYTES) yield writer.take();
  }
  if (position === 0) throw new RangeError('There is no document to merge');

  writer.object(tree, `<< /Type /Pages /Count ${kids.length} /Kids [${kids.map((n) => `${n} 0 R`).join(' ')}] >>`);
  writer.finish(catalog, info);
  yield writer.take();
}

/** One PDF of every page of `documents` (see streamMergedPdf), in memory: for a few documents, not a batch. */
export async function mergePdfs(documents: DocumentSource): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for await (const piece of streamMergedPdf(documents)) pieces.push(piece);
  return Buffer.concat(pieces);
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
