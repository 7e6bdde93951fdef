import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as ZXing from 'zxing-wasm/reader';

/**
 * Test support: reads the barcodes of a PNG, or of a grey bitmap, with zxing-wasm (a development dependency, loaded
 * only by tests). The WebAssembly module is read from the package, never fetched.
 */

interface ReadBarcode {
  format: string;
  text: string;
}

/** A bitmap of one byte per pixel: 0 black, 255 white. */
export interface GreyBitmap {
  width: number;
  height: number;
  pixels: Uint8Array;
}

let reader: Promise<typeof ZXing> | null = null;

function load(): Promise<typeof ZXing> {
  reader ??= import('zxing-wasm/reader').then((zxing) => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    zxing.prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    return zxing;
  });
  return reader;
}

/** The Code 128 and QR codes found in `image`, each once. */
export async function readBarcodes(image: Uint8Array | GreyBitmap): Promise<ReadBarcode[]> {
  const zxing = await load();
  let input: Uint8Array | { data: Uint8ClampedArray; width: number; height: number; colorSpace: 'srgb' };
  if (image instanceof Uint8Array) input = image;
  else {
    const data = new Uint8ClampedArray(image.width * image.height * 4);
    for (let i = 0; i < image.pixels.length; i++) {
      data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = image.pixels[i]!;
      data[i * 4 + 3] = 255;
    }
    input = { data, width: image.width, height: image.height, colorSpace: 'srgb' };
  }
  const found = await zxing.readBarcodes(input as Parameters<typeof zxing.readBarcodes>[0], {
    formats: ['Code128', 'QRCode'],
    tryHarder: true,
  });
  return found.filter((b) => b.isValid).map((b) => ({ format: b.format, text: b.text }));
}

/** Width and height of a PNG, from its header. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
