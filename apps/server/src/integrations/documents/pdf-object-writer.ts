import type { PDFObject } from 'pdf-lib';

/**
 * Writes a PDF front to back, one indirect object at a time, so that a document of any length can be streamed: only
 * the byte offset of each object is kept (for the cross-reference table at the end), never the objects themselves.
 *
 * Objects are numbered by the caller from 1 without gaps and written in that order, except for numbers reserved
 * first and written later (a page tree, whose pages name it before it is known); `take()` hands over the bytes
 * written since the last call.
 */
const RESERVED = -1;

export class PdfObjectWriter {
  private readonly offsets: number[] = [0];
  private written = 0;
  private chunks: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor() {
    // The header, then a comment of four bytes above 127 that marks the file as binary for transfer programs.
    this.text('%PDF-1.7\n');
    this.bytes(new Uint8Array([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  }

  /** How many bytes are waiting to be taken. */
  get pending(): number {
    return this.pendingBytes;
  }

  /** The number the next object must have. */
  get nextNumber(): number {
    return this.offsets.length;
  }

  /** Keeps the next number for an object written later. */
  reserve(): number {
    this.offsets.push(RESERVED);
    return this.offsets.length - 1;
  }

  /** Writes object `number` (`nextNumber` or a reserved one): pdf-lib's object or a literal such as `null`. */
  object(number: number, body: PDFObject | string): void {
    if (number === this.offsets.length) this.offsets.push(this.written);
    else if (this.offsets[number] === RESERVED) this.offsets[number] = this.written;
    else throw new RangeError(`PDF object ${number} written where ${this.offsets.length} was due`);
    this.text(`${number} 0 obj\n`);
    if (typeof body === 'string') {
      this.text(body);
    } else {
      const bytes = new Uint8Array(body.sizeInBytes());
      body.copyBytesInto(bytes, 0);
      this.bytes(bytes);
    }
    this.text('\nendobj\n');
  }

  /** Ends the file: the cross-reference table, the trailer naming the catalog and the info dictionary. */
  finish(root: number, info: number): void {
    const start = this.written;
    const size = this.offsets.length;
    const missing = this.offsets.indexOf(RESERVED);
    if (missing > 0) throw new RangeError(`PDF object ${missing} was reserved and never written`);
    const rows = ['xref', `0 ${size}`, '0000000000 65535 f '];
    for (let n = 1; n < size; n++) rows.push(`${String(this.offsets[n]).padStart(10, '0')} 00000 n `);
    this.text(`${rows.join('\n')}\n`);
    this.text(`trailer\n<< /Size ${size} /Root ${root} 0 R /Info ${info} 0 R >>\nstartxref\n${start}\n%%EOF\n`);
  }

  /** The bytes written since the last call, as one array. */
  take(): Uint8Array {
    const out = new Uint8Array(this.pendingBytes);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    this.chunks = [];
    this.pendingBytes = 0;
    return out;
  }

  private text(text: string): void {
    // Everything this writer spells itself is ASCII, one byte per character.
    this.bytes(Buffer.from(text, 'latin1'));
  }

  private bytes(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.pendingBytes += bytes.length;
    this.written += bytes.length;
  }
}
