import { describe, expect, it } from 'vitest';
import { syncRun } from '../testing';
import { asSyncRun, laterRun } from './use-stores-realtime';

describe('laterRun', () => {
  it('prefers a newer run, a later stage of the same run, then more pages', () => {
    const queued = syncRun({ id: '9', state: 'queued', pages: 0 });
    const running = syncRun({ id: '9', state: 'running', pages: 2 });
    const done = syncRun({ id: '9', state: 'succeeded', pages: 3 });
    expect(laterRun(undefined, queued)).toBe(queued);
    expect(laterRun(queued, running)).toBe(running);
    expect(laterRun(running, queued)).toBe(running);
    expect(laterRun(done, running)).toBe(done);
    expect(laterRun(running, { ...running, pages: 1 })).toBe(running);
    const next = syncRun({ id: '10', state: 'queued' });
    expect(laterRun(done, next)).toBe(next);
    expect(laterRun(next, done)).toBe(next);
  });
});

describe('asSyncRun', () => {
  it('accepts a SyncRun and ignores anything else', () => {
    const run = syncRun();
    expect(asSyncRun(run)).toBe(run);
    expect(asSyncRun(null)).toBeNull();
    expect(asSyncRun({ ...run, state: 'exploded' })).toBeNull();
    expect(asSyncRun({ ...run, id: 'abc' })).toBeNull();
    expect(asSyncRun({ ...run, pages: '2' })).toBeNull();
  });
});
