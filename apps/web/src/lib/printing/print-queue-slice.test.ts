import { describe, expect, it } from 'vitest';
import { REHYDRATE } from 'redux-persist';
import { reset } from '@/lib/state/reset';
import type { RootState } from '@/lib/store-hooks';
import {
  canMovePrintJob,
  finishedPrintJobsCleared,
  initialPrintQueue,
  MAX_PRINT_JOBS,
  printJobAdded,
  printJobMoved,
  printJobRemoved,
  printJobRetried,
  printQueueReducer,
  selectPrintJobs,
  type PrintJob,
  type PrintQueueState,
} from './print-queue-slice';

const LABEL = { deliveryId: '7', trackingNumber: '9205590006662200704797', format: 'zpl' as const };
const add = (state: PrintQueueState, user: string, title = 'Label') => {
  const action = printJobAdded({ user, title, labels: [LABEL] });
  return { state: printQueueReducer(state, action), id: action.payload.job.id };
};
const jobs = (state: PrintQueueState, user: string) => state.byUser[user] ?? [];

describe('print queue slice', () => {
  it('queues a job for its user, then moves it: queued -> sent -> printed', () => {
    const added = add(initialPrintQueue, 'u1');
    let state = added.state;
    const id = added.id;
    expect(jobs(state, 'u1')[0]).toMatchObject({
      id,
      state: 'queued',
      labels: [LABEL],
      printer: null,
      error: null,
      attempts: 1,
    });
    state = printQueueReducer(
      state,
      printJobMoved({ user: 'u1', id, state: 'sent', route: 'qz', printer: 'Zebra ZP450' }),
    );
    expect(jobs(state, 'u1')[0]).toMatchObject({ state: 'sent', route: 'qz', printer: 'Zebra ZP450' });
    state = printQueueReducer(state, printJobMoved({ user: 'u1', id, state: 'printed', note: 'Sent to Zebra ZP450' }));
    expect(jobs(state, 'u1')[0]).toMatchObject({ state: 'printed', note: 'Sent to Zebra ZP450' });
  });

  it('ignores moves the table does not allow', () => {
    const added = add(initialPrintQueue, 'u1');
    let state = added.state;
    const id = added.id;
    state = printQueueReducer(state, printJobMoved({ user: 'u1', id, state: 'printed' }));
    const printed = state;
    state = printQueueReducer(state, printJobMoved({ user: 'u1', id, state: 'failed', error: 'late' }));
    state = printQueueReducer(state, printJobRetried({ user: 'u1', id }));
    expect(state).toEqual(printed);
    expect(canMovePrintJob('sent', 'queued')).toBe(false);
    expect(canMovePrintJob('failed', 'queued')).toBe(true);
  });

  it('keeps each user apart: moves, clears and removals touch only their own queue', () => {
    let first = add(initialPrintQueue, 'u1', 'Mine');
    let state = first.state;
    const other = add(state, 'u2', 'Theirs');
    state = other.state;
    // u2 cannot move u1's job by its id.
    state = printQueueReducer(state, printJobMoved({ user: 'u2', id: first.id, state: 'failed', error: 'x' }));
    expect(jobs(state, 'u1')[0]!.state).toBe('queued');
    state = printQueueReducer(state, printJobMoved({ user: 'u2', id: other.id, state: 'printed' }));
    state = printQueueReducer(state, finishedPrintJobsCleared({ user: 'u2' }));
    expect(jobs(state, 'u2')).toEqual([]);
    expect(jobs(state, 'u1').map((job) => job.title)).toEqual(['Mine']);
    first = { state: printQueueReducer(state, printJobRemoved({ user: 'u1', id: first.id })), id: first.id };
    expect(jobs(first.state, 'u1')).toEqual([]);

    const root = (ID: string, email = '') => ({ userData: { ID, email }, printQueue: state }) as unknown as RootState;
    expect(selectPrintJobs(root('u1')).map((job) => job.title)).toEqual(['Mine']);
    expect(selectPrintJobs(root('u2'))).toEqual([]);
    expect(selectPrintJobs(root('', 'u1'))).toHaveLength(1);
    expect(selectPrintJobs(root('u3'))).toEqual([]);
  });

  it('retries a failed job: back to queued, error cleared, one more attempt', () => {
    const added = add(initialPrintQueue, 'u1');
    let state = added.state;
    const id = added.id;
    state = printQueueReducer(state, printJobMoved({ user: 'u1', id, state: 'failed', error: 'Printer offline' }));
    state = printQueueReducer(state, printJobRetried({ user: 'u1', id }));
    expect(jobs(state, 'u1')[0]).toMatchObject({ state: 'queued', error: null, attempts: 2 });
  });

  it('keeps the last 50 per user, dropping the oldest finished job first', () => {
    let state = initialPrintQueue;
    const first = add(state, 'u1', 'job 0');
    state = first.state;
    for (let n = 1; n < MAX_PRINT_JOBS; n += 1) {
      const next = add(state, 'u1', `job ${n}`);
      state = printQueueReducer(next.state, printJobMoved({ user: 'u1', id: next.id, state: 'printed' }));
    }
    state = add(state, 'u1', 'job 50').state;
    const titles = jobs(state, 'u1').map((job) => job.title);
    expect(titles).toHaveLength(MAX_PRINT_JOBS);
    // Job 0 never finished, so it stays; job 1 was the oldest printed one.
    expect(titles).toContain('job 0');
    expect(titles).not.toContain('job 1');
  });

  it('rehydrates what was stored, failing jobs a closed page left unfinished and dropping nonsense', () => {
    const added = add(initialPrintQueue, 'u1', 'sent one');
    let state = added.state;
    const id = added.id;
    state = printQueueReducer(state, printJobMoved({ user: 'u1', id, state: 'sent', route: 'qz', printer: 'Zebra' }));
    const queued = add(state, 'u1', 'queued one');
    const done = add(queued.state, 'u1', 'done one');
    state = printQueueReducer(done.state, printJobMoved({ user: 'u1', id: done.id, state: 'printed' }));
    const stored = { byUser: { ...state.byUser, u2: 'nonsense', u3: [{ id: 1 }, ...jobs(state, 'u1')] } };

    const rehydrated = printQueueReducer(initialPrintQueue, {
      type: REHYDRATE,
      key: 'root',
      payload: { printQueue: stored },
    });
    const u1 = jobs(rehydrated, 'u1');
    expect(u1.map((job: PrintJob) => [job.title, job.state])).toEqual([
      ['done one', 'printed'],
      ['queued one', 'failed'],
      ['sent one', 'failed'],
    ]);
    expect(u1[2]!.error).toMatch(/check the printer/);
    expect(rehydrated.byUser.u2).toBeUndefined();
    expect(jobs(rehydrated, 'u3')).toHaveLength(3);

    // State stored before the queue existed: an empty queue, a new object so redux-persist keeps it.
    const older = printQueueReducer(initialPrintQueue, { type: REHYDRATE, key: 'root', payload: { userData: {} } });
    expect(older).toEqual(initialPrintQueue);
    expect(older).not.toBe(initialPrintQueue);
    // Another persisted key is not ours.
    expect(printQueueReducer(state, { type: REHYDRATE, key: 'other', payload: {} })).toBe(state);
  });

  it('RESET empties every queue', () => {
    const { state } = add(initialPrintQueue, 'u1');
    expect(printQueueReducer(state, reset())).toEqual(initialPrintQueue);
  });
});
