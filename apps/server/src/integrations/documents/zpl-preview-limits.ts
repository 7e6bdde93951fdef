import { inflateSync } from 'node:zlib';

/**
 * What a ZPL preview draws at most, checked before the renderer sees the ZPL. The renderer (Zebrash in WebAssembly)
 * trusts what the ZPL declares: a text field allocates its font afresh in memory that grows with the square of the
 * font's size (about 45 MB at 300 dots), a graphic is allocated at its declared size and magnification, a compressed
 * graphic is unpacked whole, and a barcode's cost grows with its data and scale. Left alone, a few hundred bytes of
 * ZPL held the renderer for 20 s or ran it out of its 4 GB. Real labels stay far inside these numbers: a carrier's
 * 4x6 label has 50 to 200 fields, fonts up to about 150 dots, 2 to 6 barcodes and a logo or two.
 */
export const ZPL_PREVIEW_LIMITS = {
  /** A label's width or height in dots, and its area: 4x6 inches at 600 dpi is 2,400 x 3,600. */
  labelDots: 4_000,
  labelArea: 2_400 * 3_600,
  /** Characters of ZPL. A full-page 4x6 graphic at 300 dpi, written as hex, is about 540,000. */
  chars: 1_000_000,
  /** Commands (`^..` and `~..`): a carrier's label has a few hundred; reading each costs the server's own thread. */
  commands: 20_000,
  /** Text and barcode fields, boxes, lines and graphics, counted together. */
  elements: 1_000,
  /** Characters of one field's data (a QR code holds at most about 4,000) and of all fields together. */
  fieldChars: 3_000,
  allFieldChars: 20_000,
  /** A font's height and width in dots: 300 dots are letters 1.5 inches tall at 203 dpi, 1 inch at 300 dpi. */
  fontDots: 300,
  /** Height x width of the font of every text field, added up: six fields at 300 dots, or 1,000 at 24. */
  fontArea: 600_000,
  barcodes: 20,
  /** Any size a barcode command gives (height, row height, quality), in dots or units. */
  barcodeNumber: 2_000,
  /** QR and Aztec magnification, as the ZPL manual allows (1 to 10). */
  barcodeMagnification: 10,
  /** Data Matrix module size in dots. */
  matrixModuleDots: 20,
  /** ^BY module width in dots (the manual allows 1 to 10). */
  moduleWidthDots: 10,
  graphics: 20,
  /** Bytes in one row of a graphic: 500 bytes are 4,000 dots. */
  graphicRowBytes: 500,
  /** Dots of one graphic as drawn (width x height x magnification), and of all graphics together. */
  graphicDots: 4_000_000,
  allGraphicDots: 8_000_000,
  /** Area of every box, circle and line added up, in dots: a hundred full-page 4x6 boxes at 300 dpi. */
  shapeDots: 200_000_000,
} as const;

type Limits = typeof ZPL_PREVIEW_LIMITS;

/** What the ZPL asks the renderer to do, added up as the commands are read. */
interface Totals {
  elements: number;
  fieldChars: number;
  fontArea: number;
  barcodes: number;
  graphics: number;
  graphicDots: number;
  shapeDots: number;
}

interface Font {
  height: number;
  width: number;
}

const number = (text: string | undefined): number | null => {
  const value = Number.parseFloat((text ?? '').trim());
  return Number.isFinite(value) ? Math.abs(Math.round(value)) : null;
};
const grouped = (value: number) => value.toLocaleString('en-US');

/** The first `count` comma-separated fields of `text`, then the rest of it (commas kept) as one more. */
function fields(text: string, count: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (out.length < count) {
    const comma = text.indexOf(',', start);
    if (comma < 0) break;
    out.push(text.slice(start, comma));
    start = comma + 1;
  }
  out.push(text.slice(start));
  return out;
}
const emptyTotals = (): Totals => ({
  elements: 0,
  fieldChars: 0,
  fontArea: 0,
  barcodes: 0,
  graphics: 0,
  graphicDots: 0,
  shapeDots: 0,
});

/** Stored graphics and formats are kept under a name with an extension, as the printer (and Zebrash) keep them. */
function storedName(path: string | undefined, extension: string): string {
  const name = (path ?? '').trim().toUpperCase();
  return /\.[A-Z0-9]{1,3}$/.test(name) ? name : `${name}.${extension}`;
}

/**
 * Bytes a graphic's data unpacks to, without unpacking it: hex, with ZPL's compression (G-Y and g-z repeat the next
 * digit, `,` and `!` fill the row, `:` repeats the row before), or `:Z64:` (base64 of zlib, unpacked here with a cap).
 */
export function graphicDataBytes(data: string, rowBytes: number, cap: number): number | 'too-large' | 'unreadable' {
  if (data.startsWith(':Z64:')) {
    const body = data.slice(5);
    const end = body.lastIndexOf(':');
    try {
      return inflateSync(Buffer.from(end >= 0 ? body.slice(0, end) : body, 'base64'), { maxOutputLength: cap }).length;
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'unreadable';
    }
  }
  const rowHex = rowBytes * 2;
  const capHex = cap * 2;
  let done = 0;
  let line = 0;
  let previous = 0;
  let repeat = 0;
  for (let index = 0; index < data.length; index += 1) {
    const code = data.charCodeAt(index);
    if (line >= rowHex) {
      done += line;
      previous = line;
      line = 0;
    }
    if (code >= 71 && code <= 89)
      repeat += code - 70; // G-Y: 1 to 19
    else if (code >= 103 && code <= 122)
      repeat += (code - 102) * 20; // g-z: 20 to 400
    else if (code === 44 || code === 33)
      line = Math.max(line, rowHex); // ',' and '!'
    else if (code === 58)
      line += previous; // ':'
    else {
      line += Math.max(repeat, 1);
      repeat = 0;
    }
    if (done + line > capHex) return 'too-large';
  }
  return Math.floor((done + line) / 2);
}

/** Why a barcode command asks more than a preview draws, or null. */
function barcodeProblem(code: string, params: string[], limits: Limits): string | null {
  const at = (index: number) => number(params[index]) ?? 0;
  if (code === 'BQ' && at(2) > limits.barcodeMagnification)
    return `a QR code is magnified ${at(2)} times, and a preview draws them up to ${limits.barcodeMagnification} times`;
  if (code === 'BO' && at(1) > limits.barcodeMagnification)
    return `an Aztec code is magnified ${at(1)} times, and a preview draws them up to ${limits.barcodeMagnification} times`;
  if (code === 'BX' && at(1) > limits.matrixModuleDots)
    return `a Data Matrix code has ${at(1)}-dot modules, and a preview draws them up to ${limits.matrixModuleDots} dots`;
  const largest = Math.max(0, ...params.map((param) => number(param) ?? 0));
  if (largest > limits.barcodeNumber)
    return `a barcode is ${grouped(largest)} dots high, and a preview draws barcodes up to ${grouped(limits.barcodeNumber)} dots`;
  return null;
}

/** Reads ZPL command by command, the way the renderer splits it, and adds up what each one costs. */
class ZplBudget {
  readonly totals = emptyTotals();
  private defaultFont: Font = { height: 9, width: 5 };
  private fieldFont: Font | null = null;
  private inBarcode = false;
  private labelStart = emptyTotals();
  private formatName: string | null = null;
  private readonly storedGraphics = new Map<string, { width: number; height: number }>();
  private readonly storedFormats = new Map<string, Totals>();

  private readonly limits: Limits;

  constructor(limits: Limits) {
    this.limits = limits;
  }

  /** Why `command` (with its prefix) goes beyond the limits, or null. */
  read(command: string): string | null {
    const code = command.slice(1, 3).toUpperCase();
    // A command's parameters (no command has more than 16); a graphic's data, after its 4th comma, stays whole.
    const params = code === 'GF' ? fields(command.slice(3), 4) : command.slice(3).split(',', 16);
    if (code === 'CC' || code === 'CT')
      return `it changes the ZPL command characters (${command.slice(0, 3)}), which a preview does not follow`;
    if (command[0] === '~') return this.download(code, command.slice(3));
    if (code === 'XA') return this.startLabel();
    if (code === 'XZ') return this.endLabel();
    if (code === 'DF') this.formatName = storedName(command.slice(3), 'ZPL');
    else if (code === 'XF') this.add(this.storedFormats.get(storedName(command.slice(3), 'ZPL')) ?? emptyTotals());
    else if (code === 'CF') return this.setDefaultFont(params);
    else if (code[0] === 'A') return this.setFieldFont(params);
    else if (code === 'BY') return this.moduleWidth(params);
    else if (code[0] === 'B') return this.barcode(code, params);
    else if (code === 'FD' || code === 'FV') return this.fieldData(command.slice(3));
    else if (code === 'FS') {
      this.fieldFont = null;
      this.inBarcode = false;
    } else if (code === 'GB' || code === 'GD' || code === 'GE' || code === 'GC') return this.shape(code, params);
    else if (code === 'GF') return this.graphicField(params);
    else if (code === 'XG' || code === 'IL') return this.recallGraphic(code, params);
    return null;
  }

  private add(totals: Totals): void {
    for (const key of Object.keys(totals) as Array<keyof Totals>) this.totals[key] += totals[key];
  }

  private startLabel(): null {
    this.labelStart = { ...this.totals };
    this.formatName = null;
    this.fieldFont = null;
    this.inBarcode = false;
    return null;
  }

  /** A label stored as a format (`^DF`) costs nothing until recalled (`^XF`), and then what it held, each time. */
  private endLabel(): null {
    if (this.formatName !== null) {
      const format = emptyTotals();
      for (const key of Object.keys(format) as Array<keyof Totals>) {
        format[key] = this.totals[key] - this.labelStart[key];
        this.totals[key] = this.labelStart[key];
      }
      this.storedFormats.set(this.formatName, format);
    }
    this.formatName = null;
    return null;
  }

  private font(heightText: string | undefined, widthText: string | undefined, base: Font): Font | string {
    const height = number(heightText) ?? base.height;
    const width = number(widthText) ?? (number(heightText) === null ? base.width : height);
    const largest = Math.max(height, width);
    if (largest > this.limits.fontDots)
      return `a font is ${grouped(largest)} dots high or wide, and a preview draws fonts up to ${this.limits.fontDots} dots`;
    return { height, width };
  }

  private setDefaultFont(params: string[]): string | null {
    const font = this.font(params[1], params[2], this.defaultFont);
    if (typeof font === 'string') return font;
    this.defaultFont = font;
    return null;
  }

  /** `^A0N,h,w` and `^A@N,h,w,font`: after the font's name come the orientation, the height and the width. */
  private setFieldFont(params: string[]): string | null {
    const font = this.font(params[1], params[2], this.defaultFont);
    if (typeof font === 'string') return font;
    this.fieldFont = font;
    return null;
  }

  private moduleWidth(params: string[]): string | null {
    const width = number(params[0]) ?? 0;
    if (width > this.limits.moduleWidthDots)
      return `barcode bars are ${width} dots wide, and a preview draws them up to ${this.limits.moduleWidthDots} dots`;
    const height = number(params[2]) ?? 0;
    if (height > this.limits.barcodeNumber)
      return `a barcode is ${grouped(height)} dots high, and a preview draws barcodes up to ${grouped(this.limits.barcodeNumber)} dots`;
    return null;
  }

  private barcode(code: string, params: string[]): string | null {
    this.inBarcode = true;
    this.totals.barcodes += 1;
    return barcodeProblem(code, params, this.limits);
  }

  private fieldData(data: string): string | null {
    this.totals.elements += 1;
    this.totals.fieldChars += data.length;
    if (data.length > this.limits.fieldChars)
      return `a field holds ${grouped(data.length)} characters, and a preview draws up to ${grouped(this.limits.fieldChars)}`;
    if (!this.inBarcode) {
      const font = this.fieldFont ?? this.defaultFont;
      this.totals.fontArea += font.height * font.width;
    }
    return null;
  }

  private shape(code: string, params: string[]): null {
    const size = (index: number) => Math.min(number(params[index]) ?? 1, 32_000);
    this.totals.elements += 1;
    // A box or line thicker than it is wide is drawn as wide as it is thick.
    if (code === 'GC') this.totals.shapeDots += Math.max(size(0), size(1)) ** 2;
    else this.totals.shapeDots += Math.max(size(0), size(2)) * Math.max(size(1), size(2));
    return null;
  }

  private graphic(width: number, height: number): string | null {
    this.totals.elements += 1;
    this.totals.graphics += 1;
    this.totals.graphicDots += width * height;
    if (width * height > this.limits.graphicDots)
      return `a graphic is ${grouped(width)} x ${grouped(height)} dots as drawn, and a preview draws graphics up to ${grouped(this.limits.graphicDots)} dots`;
    return null;
  }

  /**
   * Row width and rows of a graphic as the renderer draws it (the declared size, if the data holds that much), or
   * why it cannot be previewed. `raw` data (`^GFB`) is bytes as they are; other data is hex or `:Z64:`.
   */
  private graphicSize(data: string, rowText: string | undefined, declaredText: string | undefined, raw = false) {
    const rowBytes = number(rowText) ?? 0;
    if (rowBytes < 1 || rowBytes > this.limits.graphicRowBytes)
      return `a graphic is ${grouped(rowBytes)} bytes wide, and a preview draws graphics 1 to ${this.limits.graphicRowBytes} bytes (${grouped(this.limits.graphicRowBytes * 8)} dots) wide`;
    const bytes = raw ? data.length : graphicDataBytes(data.trim(), rowBytes, this.limits.graphicDots / 8);
    if (bytes === 'unreadable') return 'a compressed graphic (:Z64:) does not unpack';
    if (bytes === 'too-large')
      return `a graphic unpacks to more than ${grouped(this.limits.graphicDots)} dots, the most a preview draws`;
    const declared = number(declaredText) ?? 0;
    const used = declared > 0 ? Math.min(declared, bytes) : bytes;
    return { width: rowBytes * 8, height: Math.floor(used / rowBytes) };
  }

  private graphicField(params: string[]): string | null {
    const raw = (params[0] ?? '').trim().toUpperCase() === 'B';
    const size = this.graphicSize(params[4] ?? '', params[3], params[2], raw);
    return typeof size === 'string' ? size : this.graphic(size.width, size.height);
  }

  private recallGraphic(code: string, params: string[]): string | null {
    const stored = this.storedGraphics.get(storedName(params[0], 'GRF'));
    if (!stored) return null;
    const magnification = (text: string | undefined) => {
      const value = number(text);
      return code === 'XG' && value !== null && value <= 10 ? value : 1;
    };
    return this.graphic(stored.width * magnification(params[1]), stored.height * magnification(params[2]));
  }

  /** `~DG` stores a graphic, `~DU` a font: their data is unpacked when read, so it is measured now. */
  private download(code: string, rest: string): string | null {
    const parts = fields(rest, 3);
    if (code === 'DG') {
      const data = parts[3] ?? '';
      const size = this.graphicSize(data, parts[2] ?? '1', parts[1]);
      if (typeof size === 'string') return size;
      this.storedGraphics.set(storedName(parts[0], 'GRF'), size);
    } else if (code === 'DU') {
      // The renderer unpacks a font's hex in rows as long as the font's declared size.
      const declared = Math.max(number(parts[1]) ?? 1, 1);
      const bytes = graphicDataBytes(fields(rest, 2)[2]?.trim() ?? '', declared, this.limits.chars);
      if (bytes === 'too-large') return 'a font in it unpacks to more than a preview reads';
    }
    return null;
  }
}

/** The first total over its limit, in words, or null. */
function overLimit(totals: Totals, limits: Limits): string | null {
  if (totals.elements > limits.elements)
    return `it has more than ${grouped(limits.elements)} fields, boxes and graphics, the most a preview draws`;
  if (totals.fieldChars > limits.allFieldChars)
    return `its fields hold more than ${grouped(limits.allFieldChars)} characters, the most a preview draws`;
  if (totals.fontArea > limits.fontArea) return 'it has more text in large fonts than a preview draws';
  if (totals.barcodes > limits.barcodes)
    return `it has more than ${limits.barcodes} barcodes, the most a preview draws`;
  if (totals.graphics > limits.graphics)
    return `it has more than ${limits.graphics} graphics, the most a preview draws`;
  if (totals.graphicDots > limits.allGraphicDots)
    return `its graphics add up to more than ${grouped(limits.allGraphicDots)} dots, the most a preview draws`;
  if (totals.shapeDots > limits.shapeDots) return 'its boxes and lines cover more than a preview draws';
  return null;
}

/**
 * Why `zpl` cannot be previewed, in words a seller can read ("a font is 32,000 dots high ..."), or null when it is
 * within `ZPL_PREVIEW_LIMITS`. Commands are split as the renderer splits them: line breaks and tabs removed, a
 * command at every `^` and `~`.
 */
export function zplPreviewProblem(zpl: string, limits: Limits = ZPL_PREVIEW_LIMITS): string | null {
  if (zpl.length > limits.chars) {
    const megabytes = (zpl.length / 1_000_000).toFixed(1);
    return (
      `it is ${megabytes} MB of ZPL (${grouped(zpl.length)} characters), and a preview takes labels up to ` +
      `${limits.chars / 1_000_000} MB (${grouped(limits.chars)})`
    );
  }
  const text = zpl.replace(/[\n\r\t]/g, '');
  if (!/\^XA/i.test(text)) return 'it is not ZPL (it has no ^XA)';
  const budget = new ZplBudget(limits);
  const commands = /[\^~][^^~]*/g;
  let count = 0;
  for (let match = commands.exec(text); match !== null; match = commands.exec(text)) {
    count += 1;
    if (count > limits.commands)
      return `it has more than ${grouped(limits.commands)} ZPL commands, the most a preview reads`;
    const problem = budget.read(match[0]) ?? overLimit(budget.totals, limits);
    if (problem) return problem;
  }
  return null;
}
