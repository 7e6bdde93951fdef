import type { AppDispatch } from '@/lib/store-hooks';
import { printJobMoved, type PrintFormat, type PrintJobMove, type PrintRoute } from './print-queue-slice.ts';
import { blobToBase64, type BrowserOutput } from './print-output.ts';
import type { PrinterPreferences } from './printer-preferences.ts';
import { qzMessage, type QzTrayClient } from './qz-tray.ts';

/** One document to print: a label as bought (PDF, ZPL or an image), or a batch's merged document. */
export interface PrintDocument {
  blob: Blob;
  format: PrintFormat;
  fileName: string;
}

export interface PrintOutcome {
  jobId: string;
  state: 'printed' | 'failed';
  route: PrintRoute | null;
  printer: string | null;
  /** What to tell the person: "Sent to Zebra ZP450", "Opened the print dialog", or why it failed. */
  message: string;
  /** Why QZ Tray, the chosen way, did not take it (the browser did instead), if so. */
  fallback: string | null;
}

interface PrintRunnerDeps {
  qz: QzTrayClient;
  browser: BrowserOutput;
  preferences: PrinterPreferences;
  dispatch: AppDispatch;
  user: string;
}

/** Documents of recent jobs, in memory only (they are not stored): what Retry prints again. */
const documentsByJob = new Map<string, PrintDocument[]>();
const REMEMBERED_JOBS = 50;

export function rememberDocuments(jobId: string, documents: PrintDocument[]): void {
  documentsByJob.set(jobId, documents);
  while (documentsByJob.size > REMEMBERED_JOBS) documentsByJob.delete(documentsByJob.keys().next().value!);
}

export function documentsFor(jobId: string): PrintDocument[] | undefined {
  return documentsByJob.get(jobId);
}

/** One job at a time, in the order asked: two print dialogs or two sends never overlap. */
let line: Promise<unknown> = Promise.resolve();
export function inLine<T>(work: () => Promise<T>): Promise<T> {
  const next = line.then(work, work);
  line = next.catch(() => undefined);
  return next;
}

async function sendToQz(qz: QzTrayClient, printer: string, document: PrintDocument): Promise<void> {
  if (document.format === 'zpl') return qz.printRaw(printer, await document.blob.text());
  const base64 = await blobToBase64(document.blob);
  return document.format === 'pdf' ? qz.printPdf(printer, base64) : qz.printImage(printer, base64);
}

/** Why QZ Tray will not take this job, or null when it will. */
async function qzUnavailable(deps: PrintRunnerDeps): Promise<string | null> {
  if (deps.preferences.method !== 'qz') return null;
  if (!deps.preferences.printer) return 'No default printer is chosen';
  if (await deps.qz.connect()) return null;
  return deps.qz.getState().message ?? 'QZ Tray is not running';
}

const joinNames = (documents: PrintDocument[]) => documents.map((document) => document.fileName).join(', ');

/**
 * Prints a queued job's documents: to the default printer through QZ Tray when that is the chosen way and QZ Tray
 * answers; otherwise the browser's print dialog for PDFs and images and a download for ZPL (a browser cannot print
 * a printer language); or downloads only when that is the chosen way. Moves the job and says what happened.
 */
export async function runPrintJob(
  deps: PrintRunnerDeps,
  jobId: string,
  documents: PrintDocument[],
): Promise<PrintOutcome> {
  const move = (change: Omit<PrintJobMove, 'user' | 'id'>) =>
    deps.dispatch(printJobMoved({ user: deps.user, id: jobId, ...change }));
  const { method, printer } = deps.preferences;
  const unavailable = await qzUnavailable(deps);

  if (method === 'qz' && !unavailable && printer) {
    move({ state: 'sent', route: 'qz', printer, note: `Sending to ${printer}` });
    try {
      for (const document of documents) await sendToQz(deps.qz, printer, document);
    } catch (failure) {
      const error = qzMessage(failure, 'QZ Tray could not print');
      move({ state: 'failed', error, note: null });
      return { jobId, state: 'failed', route: 'qz', printer, message: error, fallback: null };
    }
    const message = `Sent to ${printer}`;
    move({ state: 'printed', note: message });
    return { jobId, state: 'printed', route: 'qz', printer, message, fallback: null };
  }

  const downloads = method === 'download' ? documents : documents.filter((document) => document.format === 'zpl');
  const dialogs = documents.filter((document) => !downloads.includes(document));
  const parts: string[] = [];
  try {
    for (const document of dialogs) await deps.browser.openPrintDialog(document.blob);
    for (const document of downloads) deps.browser.download(document.blob, document.fileName);
  } catch (failure) {
    const error = qzMessage(failure, 'The document could not be printed');
    move({ state: 'failed', route: 'dialog', printer: null, error });
    return { jobId, state: 'failed', route: 'dialog', printer: null, message: error, fallback: unavailable };
  }
  if (dialogs.length > 0) parts.push('Opened the print dialog');
  if (downloads.length > 0) parts.push(`Downloaded ${joinNames(downloads)}`);
  const done = parts.join('; ');
  const message = unavailable ? `${unavailable}: ${done.charAt(0).toLowerCase()}${done.slice(1)}` : done;
  const route: PrintRoute = dialogs.length > 0 ? 'dialog' : 'download';
  move({ state: 'printed', route, printer: null, note: message });
  return { jobId, state: 'printed', route, printer: null, message, fallback: unavailable };
}
