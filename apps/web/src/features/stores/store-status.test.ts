import { describe, expect, it } from 'vitest';
import { syncRun } from './testing';
import { intervalLabel, runOutcome, runProgress, storeStatus } from './store-status';

describe('storeStatus', () => {
  it('names the four states and puts a problem before active or paused', () => {
    expect(storeStatus({ status: 'active', problem: null })).toEqual({ label: 'Active', tone: 'success' });
    expect(storeStatus({ status: 'paused', problem: null })).toEqual({ label: 'Paused', tone: 'neutral' });
    expect(storeStatus({ status: 'error', problem: null }).label).toBe('Needs attention');
    expect(storeStatus({ status: 'active', problem: 'token expired' }).label).toBe('Needs attention');
    expect(storeStatus({ status: 'paused', problem: 'token expired' }).label).toBe('Needs attention');
    expect(storeStatus({ status: 'uninstalled', problem: 'token expired' }).label).toBe('Uninstalled');
  });
});

describe('runOutcome', () => {
  it('counts orders of a finished run, adding updated and failed only when there are any', () => {
    expect(runOutcome(syncRun())).toBe('412 orders · 3 new');
    expect(runOutcome(syncRun({ ordersSeen: 1, ordersNew: 0, ordersUpdated: 2, ordersFailed: 1 }))).toBe(
      '1 order · 0 new · 2 updated · 1 failed',
    );
    expect(runOutcome(syncRun({ ordersSeen: 15_200 }))).toBe('15.2K orders · 3 new');
  });

  it('gives the error of a failed run, or says that it stalled', () => {
    expect(runOutcome(syncRun({ state: 'failed', error: 'Shopify answered 401' }))).toBe('Shopify answered 401');
    expect(runOutcome(syncRun({ state: 'stalled', error: null }))).toBe('The sync stopped answering');
    expect(runOutcome(syncRun({ state: 'queued' }))).toBe('Waiting to start');
  });

  it('shows the live counters of a running pull', () => {
    expect(runProgress(syncRun({ state: 'running', pages: 1, ordersSeen: 250, ordersNew: 250 }))).toBe(
      '1 page · 250 orders seen · 250 new · 0 updated · 0 failed',
    );
  });
});

describe('intervalLabel', () => {
  it('names the offered schedules and any other one in minutes', () => {
    expect(intervalLabel(null)).toBe('Off');
    expect(intervalLabel(360)).toBe('Every 6 hours');
    expect(intervalLabel(30)).toBe('Every 30 min');
  });
});
