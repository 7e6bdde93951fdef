import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * Test support: the text of the built-in carrier's PDFs, as pdfkit shows it with TJ, one string per operator (hex
 * strings joined, kerning dropped), of the whole file or page by page.
 */

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function texts(content: string): string[] {
  return [...content.matchAll(/\[([^\]]*)\] TJ/g)].map((m) =>
    [...m[1]!.matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''),
  );
}

/** Every text of the file, in the order written. */
export const pdfTexts = (pdf: Uint8Array): string[] => texts(latin1(pdf));

/** The texts of each page, page 1 first, read from the pages' own content streams. */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[][]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    return streams.flatMap((ref) => {
      const stream = document.context.lookup(ref);
      return stream instanceof PDFRawStream ? texts(latin1(decodePDFRawStream(stream).decode())) : [];
    });
  });
}
