/**
 * A label sent as base64 inside a carrier's JSON (USPS, UPS, FedEx), decoded once. The decoded bytes are kept as they
 * come out of the decoder rather than copied into another array: a label is held whole once.
 */
export function labelFromBase64(base64: string): Buffer {
  return Buffer.from(base64, 'base64');
}

/** A Buffer seen as the plain Uint8Array a PurchasedLabel holds, without copying it. */
export function asBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
