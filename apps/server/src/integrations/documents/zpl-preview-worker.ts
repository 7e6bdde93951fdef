import { parentPort } from 'node:worker_threads';

/**
 * The ZPL renderer's thread. zpl-renderer-js is Zebrash (a Go ZPL renderer) compiled to WebAssembly: about 9 MB of
 * JavaScript with the module inlined, a Go runtime that sets globals (`Go`, `zpl`, a stub `fs`) and keeps its heap
 * once grown, and renders synchronously. Here it does all that away from the server's own thread.
 */

export interface RenderMessage {
  id: number;
  zpl: string;
  widthMm: number;
  heightMm: number;
  dpmm: number;
}

/** `fatal`: the Go runtime died with this render (out of memory, say); this thread exits and a new one takes over. */
export type RenderAnswer = { id: number; png: Uint8Array } | { id: number; error: string; fatal: boolean };

if (!parentPort) throw new Error('The ZPL renderer runs as a worker thread');
const port = parentPort;
const { zplToBase64Async } = await import('zpl-renderer-js');

/** A render that cannot fail: if it does, the runtime is gone and every later render would fail too. */
const CANARY = '^XA^FO0,0^GB8,8,8^FS^XZ';

port.on('message', (message: RenderMessage) => {
  zplToBase64Async(message.zpl, message.widthMm, message.heightMm, message.dpmm).then(
    (base64) => {
      const png = new Uint8Array(Buffer.from(base64, 'base64'));
      port.postMessage({ id: message.id, png } satisfies RenderAnswer, [png.buffer]);
    },
    async (error: unknown) => {
      const text = (error instanceof Error ? error.message : String(error)) || 'The ZPL could not be rendered';
      const alive = await zplToBase64Async(CANARY, 1, 1, 8).then(
        () => true,
        () => false,
      );
      port.postMessage({ id: message.id, error: text, fatal: !alive } satisfies RenderAnswer);
      if (!alive) process.exit(1);
    },
  );
});
