import { createSelector, createSlice, nanoid, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { PERSIST_KEY } from '@shipdesk/contract';
import { reset } from '@/lib/state/reset';
import type { RootState } from '@/lib/store-hooks';

/**
 * The print queue: every label or batch someone printed on this browser, newest first, the last 50 per person.
 * Persisted with the rest of the client state; each signed-in user has a list of their own.
 */

type PrintJobState = 'queued' | 'sent' | 'printed' | 'failed';
/** Where a job went: QZ Tray to a printer, the browser's print dialog, or a downloaded file. */
export type PrintRoute = 'qz' | 'dialog' | 'download';
export type PrintFormat = 'pdf' | 'zpl' | 'png';

export interface PrintJobLabel {
  deliveryId: string | null;
  trackingNumber: string | null;
  format: PrintFormat;
}

export interface PrintJob {
  id: string;
  title: string;
  labels: PrintJobLabel[];
  createdAt: string;
  updatedAt: string;
  state: PrintJobState;
  route: PrintRoute | null;
  printer: string | null;
  /** What happened, for people: "Sent to Zebra ZP450", "Downloaded label.zpl". */
  note: string | null;
  /** Why it failed, in the words of whatever refused it. */
  error: string | null;
  attempts: number;
}

export interface PrintQueueState {
  byUser: Record<string, PrintJob[]>;
}

export const MAX_PRINT_JOBS = 50;

/** The moves a job may make; any other is ignored. */
const MOVES: Record<PrintJobState, readonly PrintJobState[]> = {
  queued: ['sent', 'printed', 'failed'],
  sent: ['printed', 'failed'],
  failed: ['queued'],
  printed: [],
};

export function canMovePrintJob(from: PrintJobState, to: PrintJobState): boolean {
  return MOVES[from].includes(to);
}

export const initialPrintQueue: PrintQueueState = { byUser: {} };

export interface PrintJobMove {
  user: string;
  id: string;
  state: Exclude<PrintJobState, 'queued'>;
  route?: PrintRoute;
  printer?: string | null;
  note?: string | null;
  error?: string | null;
}

const INTERRUPTED: Partial<Record<PrintJobState, string>> = {
  queued: 'The page was closed before this job was printed',
  sent: 'The page was closed before the printer confirmed this job; check the printer before printing it again',
};

const JOB_STATES = new Set<string>(Object.keys(MOVES));

function isJob(value: unknown): value is PrintJob {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Record<string, unknown>;
  return (
    typeof job.id === 'string' &&
    typeof job.title === 'string' &&
    typeof job.createdAt === 'string' &&
    typeof job.state === 'string' &&
    JOB_STATES.has(job.state) &&
    Array.isArray(job.labels)
  );
}

/** What was stored, kept only where it makes sense; jobs a closed page left unfinished count as failed. */
function restore(stored: unknown): PrintQueueState {
  const byUser: Record<string, PrintJob[]> = {};
  const users = (stored as Partial<PrintQueueState> | undefined)?.byUser;
  if (typeof users !== 'object' || users === null) return { byUser };
  for (const [user, jobs] of Object.entries(users)) {
    if (!Array.isArray(jobs)) continue;
    byUser[user] = jobs
      .filter(isJob)
      .slice(0, MAX_PRINT_JOBS)
      .map((job) => {
        const interrupted = INTERRUPTED[job.state];
        return interrupted ? { ...job, state: 'failed' as const, error: interrupted } : job;
      });
  }
  return { byUser };
}

function isRootRehydrate(action: UnknownAction): action is UnknownAction & { key: string; payload?: unknown } {
  return action.type === REHYDRATE && (action as { key?: unknown }).key === PERSIST_KEY;
}

const printQueueSlice = createSlice({
  name: 'printQueue',
  initialState: initialPrintQueue,
  reducers: {
    printJobAdded: {
      reducer(state, action: PayloadAction<{ user: string; job: PrintJob }>) {
        const { user, job } = action.payload;
        const jobs = [job, ...(state.byUser[user] ?? [])];
        // Over the limit, finished jobs make room first, oldest first.
        while (jobs.length > MAX_PRINT_JOBS) {
          const oldestDone = jobs.findLastIndex((candidate) => candidate.state === 'printed');
          jobs.splice(oldestDone >= 0 ? oldestDone : jobs.length - 1, 1);
        }
        state.byUser[user] = jobs;
      },
      prepare(payload: { user: string; title: string; labels: PrintJobLabel[] }) {
        const at = new Date().toISOString();
        const job: PrintJob = {
          id: nanoid(),
          title: payload.title,
          labels: payload.labels,
          createdAt: at,
          updatedAt: at,
          state: 'queued',
          route: null,
          printer: null,
          note: null,
          error: null,
          attempts: 1,
        };
        return { payload: { user: payload.user, job } };
      },
    },
    printJobMoved: {
      reducer(state, action: PayloadAction<PrintJobMove & { at: string }>) {
        const { user, id, at, ...changes } = action.payload;
        const job = state.byUser[user]?.find((candidate) => candidate.id === id);
        if (!job || !canMovePrintJob(job.state, changes.state)) return;
        Object.assign(job, changes, { updatedAt: at });
      },
      prepare: (move: PrintJobMove) => ({ payload: { ...move, at: new Date().toISOString() } }),
    },
    printJobRetried: {
      reducer(state, action: PayloadAction<{ user: string; id: string; at: string }>) {
        const { user, id, at } = action.payload;
        const job = state.byUser[user]?.find((candidate) => candidate.id === id);
        if (!job || !canMovePrintJob(job.state, 'queued')) return;
        Object.assign(job, { state: 'queued', error: null, note: null, updatedAt: at, attempts: job.attempts + 1 });
      },
      prepare: (target: { user: string; id: string }) => ({ payload: { ...target, at: new Date().toISOString() } }),
    },
    printJobRemoved(state, action: PayloadAction<{ user: string; id: string }>) {
      const { user, id } = action.payload;
      const jobs = state.byUser[user];
      if (jobs) state.byUser[user] = jobs.filter((job) => job.id !== id);
    },
    /** Removes the printed jobs; failed ones stay until retried or removed. */
    finishedPrintJobsCleared(state, action: PayloadAction<{ user: string }>) {
      const jobs = state.byUser[action.payload.user];
      if (jobs) state.byUser[action.payload.user] = jobs.filter((job) => job.state !== 'printed');
    },
  },
  extraReducers: (builder) => {
    builder.addCase(reset, () => initialPrintQueue);
    // A new object on every rehydration, so redux-persist keeps this instead of the raw stored value.
    builder.addMatcher(isRootRehydrate, (_state, action) =>
      restore((action.payload as { printQueue?: unknown } | undefined)?.printQueue),
    );
  },
});

export const { printJobAdded, printJobMoved, printJobRetried, printJobRemoved, finishedPrintJobsCleared } =
  printQueueSlice.actions;
export const printQueueReducer = printQueueSlice.reducer;

const NO_JOBS: PrintJob[] = [];

/** Whose queue: the signed-in user's id, else their e-mail. */
export const selectPrintUser = (state: RootState) => state.userData.ID || state.userData.email;

export const selectPrintJobs = createSelector(
  [(state: RootState) => state.printQueue.byUser, selectPrintUser],
  (byUser, user) => byUser[user] ?? NO_JOBS,
);
