import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector, type RootState } from '@/lib/store-hooks';
import { browserOutput, type BrowserOutput } from './print-output.ts';
import { printJobAdded, printJobRetried, selectPrintUser, type PrintJobLabel } from './print-queue-slice.ts';
import { readPrinterPreferences } from './printer-preferences.ts';
import {
  documentsFor,
  inLine,
  rememberDocuments,
  runPrintJob,
  type PrintDocument,
  type PrintOutcome,
} from './print-runner.ts';
import { qzTray, type QzTrayClient } from './qz-tray.ts';

export interface PrintRequest {
  /** What the queue shows: "Label 9205590006662200704797", "Batch 12 (40 labels)". */
  title: string;
  documents: PrintDocument[];
  /** The labels in it; without them the queue lists the documents' formats only. */
  labels?: PrintJobLabel[];
}

interface UsePrintOptions {
  /** Tests pass a QZ Tray client over a fake library, and a fake browser. */
  qz?: QzTrayClient;
  browser?: BrowserOutput;
}

interface UsePrint {
  /** Queues the documents for the signed-in user and prints them the chosen way; never rejects. */
  print(request: PrintRequest): Promise<PrintOutcome>;
  /** Prints a failed job again, when its documents are still in memory (this page has not been reloaded). */
  retry(jobId: string): Promise<PrintOutcome | null>;
  canRetry(jobId: string): boolean;
}

export function usePrint(options: UsePrintOptions = {}): UsePrint {
  const qz = options.qz ?? qzTray;
  const browser = options.browser ?? browserOutput;
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const user = useAppSelector(selectPrintUser);

  const run = useCallback(
    (jobId: string, documents: PrintDocument[]) =>
      inLine(() =>
        runPrintJob({ qz, browser, dispatch, user, preferences: readPrinterPreferences() }, jobId, documents),
      ),
    [qz, browser, dispatch, user],
  );

  const print = useCallback(
    (request: PrintRequest) => {
      const labels =
        request.labels ??
        request.documents.map((document) => ({ deliveryId: null, trackingNumber: null, format: document.format }));
      const { payload } = dispatch(printJobAdded({ user, title: request.title, labels }));
      rememberDocuments(payload.job.id, request.documents);
      return run(payload.job.id, request.documents);
    },
    [dispatch, user, run],
  );

  const retry = useCallback(
    async (jobId: string) => {
      const documents = documentsFor(jobId);
      const job = store.getState().printQueue.byUser[user]?.find((candidate) => candidate.id === jobId);
      if (!documents || job?.state !== 'failed') return null;
      dispatch(printJobRetried({ user, id: jobId }));
      return run(jobId, documents);
    },
    [dispatch, store, user, run],
  );

  return { print, retry, canRetry: (jobId) => documentsFor(jobId) !== undefined };
}
