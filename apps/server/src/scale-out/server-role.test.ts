import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const DATABASE_URL = 'postgres://db.internal:5432/shipdesk';

describe('SERVER_ROLE', () => {
  it('runs everything in one process by default, as the embedded default always has', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', jobs: true, redisUrl: undefined });
    expect(loadConfig({ JOBS: 'off' })).toMatchObject({ role: 'all', jobs: false });
  });

  it('splits API and worker instances on a shared PostgreSQL', () => {
    expect(loadConfig({ SERVER_ROLE: 'api', DATABASE_URL })).toMatchObject({ role: 'api', jobs: false });
    expect(loadConfig({ SERVER_ROLE: 'worker', DATABASE_URL })).toMatchObject({ role: 'worker', jobs: true });
    expect(loadConfig({ SERVER_ROLE: ' Worker ', DATABASE_URL }).role).toBe('worker');
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
  });

  it('stops the start with a message naming the setting when its value is wrong', () => {
    expect(() => loadConfig({ SERVER_ROLE: 'workers', DATABASE_URL })).toThrow(
      'SERVER_ROLE must be one of all, api, worker, got "workers"',
    );
    expect(() => loadConfig({ SERVER_ROLE: 'api' })).toThrow(/SERVER_ROLE=api needs DATABASE_URL/);
    expect(() => loadConfig({ SERVER_ROLE: 'worker', DATABASE_URL, JOBS: 'off' })).toThrow(/SERVER_ROLE=worker/);
  });

  it('reads how often an idle worker asks its queues for work unasked, at most a day; the old name still counts', () => {
    expect(loadConfig({}).jobsPollSeconds).toBe(5);
    expect(loadConfig({ JOBS_POLL_SECONDS: '30' }).jobsPollSeconds).toBe(30);
    expect(loadConfig({ JOBS_POLL_SECONDS: '9999999' }).jobsPollSeconds).toBe(86_400);
    expect(loadConfig({ LABELS_POLL_SECONDS: '12' }).jobsPollSeconds).toBe(12);
    expect(loadConfig({ JOBS_POLL_SECONDS: '7', LABELS_POLL_SECONDS: '12' }).jobsPollSeconds).toBe(7);
    expect(() => loadConfig({ JOBS_POLL_SECONDS: 'soon' })).toThrow(/JOBS_POLL_SECONDS must be/);
  });
});
