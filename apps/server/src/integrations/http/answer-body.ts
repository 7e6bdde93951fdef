/**
 * An answer's body read as it arrives, up to a limit. Past the limit (or when Content-Length already says so) the
 * stream is cancelled at once, so the connection closes and nothing more is received; the bytes read are dropped.
 * Under it, the chunks become one buffer, once: callers decode it (text) or keep it (a document) without copying it
 * through another form.
 */

type BodyRead = { ok: true; bytes: Buffer } | { ok: false };

function cancel(body: ReadableStream<Uint8Array> | null, stop: () => void): void {
  // Not awaited: a peer that stopped reading must not hold the refusal up.
  body?.cancel().catch(() => {});
  stop();
}

/**
 * `stop` ends the request (its abort signal) as well, for fetch implementations whose cancel leaves the socket open.
 */
export async function readBody(response: Response, limit: number, stop: () => void): Promise<BodyRead> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    cancel(response.body, stop);
    return { ok: false };
  }
  if (!response.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      chunks.length = 0;
      reader.cancel().catch(() => {});
      stop();
      return { ok: false };
    }
    chunks.push(value);
  }
  if (chunks.length === 1) {
    const [only] = chunks;
    return { ok: true, bytes: Buffer.from(only!.buffer, only!.byteOffset, only!.byteLength) };
  }
  return { ok: true, bytes: Buffer.concat(chunks, size) };
}
