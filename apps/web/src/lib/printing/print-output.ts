/** What a browser can do with a document by itself: save it, or show its print dialog. */
export interface BrowserOutput {
  /** Resolves once the print dialog was asked for; rejects when the document did not load. */
  openPrintDialog(blob: Blob): Promise<void>;
  download(blob: Blob, fileName: string): void;
}

const DIALOG_LOAD_TIMEOUT_MS = 15_000;
/** The hidden frame stays while the dialog may still be printing from it. */
const FRAME_LIFETIME_MS = 5 * 60_000;

/** Saves `blob` under `fileName` through a temporary link (the browser's download, no new tab). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Loads the document in a hidden frame and opens the browser's print dialog for it. */
export function openPrintDialog(blob: Blob): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const frame = document.createElement('iframe');
    frame.title = 'Print';
    frame.setAttribute('aria-hidden', 'true');
    frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
    const remove = () => {
      frame.remove();
      URL.revokeObjectURL(url);
    };
    const timer = setTimeout(() => {
      remove();
      reject(new Error('The document did not open for printing'));
    }, DIALOG_LOAD_TIMEOUT_MS);
    frame.onload = () => {
      clearTimeout(timer);
      try {
        frame.contentWindow?.focus();
        frame.contentWindow?.print();
        resolve();
      } catch {
        remove();
        reject(new Error('The browser did not open its print dialog'));
        return;
      }
      setTimeout(remove, FRAME_LIFETIME_MS);
    };
    frame.src = url;
    document.body.append(frame);
  });
}

export const browserOutput: BrowserOutput = { openPrintDialog, download: downloadBlob };

/** The document's bytes as base64 (QZ Tray takes PDFs and images this way). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}
