import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUsps, type FakeUsps } from '../usps/fake-usps-server.ts';
import { FakeClock } from './fake-parcel-journey.ts';

/** `/_fake/clock` on the fake USPS: what the end-to-end test moves the demo's fake with. */

const HOUR = 3_600_000;
let fake: FakeUsps;

afterEach(async () => {
  await fake?.close();
});

async function start(clock = new FakeClock()) {
  fake = await startFakeUsps({ clientId: 'id', clientSecret: 'secret', quota: null, clock });
  const call = async (method: 'GET' | 'POST', body?: string) => {
    const res = await fetch(`${fake.url}/_fake/clock`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, body: (await res.json()) as { now: string; speed: number; field?: string } };
  };
  return { clock, call };
}

describe('the fake clock over HTTP', () => {
  it('answers the time and pace, moves on, back, and at another pace', async () => {
    const { clock, call } = await start(new FakeClock({ speed: 120 }));
    const read = await call('GET');
    expect(read.status).toBe(200);
    expect(read.body.speed).toBe(120);
    expect(Math.abs(Date.parse(read.body.now) - clock.now())).toBeLessThan(HOUR);

    const slowed = await call('POST', JSON.stringify({ speed: 1 }));
    expect(slowed.body.speed).toBe(1);
    expect(clock.speed).toBe(1);
    const before = clock.now();
    const moved = await call('POST', JSON.stringify({ advanceHours: 10 }));
    expect(moved.status).toBe(200);
    // Real time at speed 1 adds only the milliseconds of the call.
    expect(Date.parse(moved.body.now) - before).toBeGreaterThanOrEqual(10 * HOUR);
    expect(Date.parse(moved.body.now) - before).toBeLessThan(10 * HOUR + 60_000);

    const back = await call('POST', JSON.stringify({ advanceHours: -30 }));
    expect(Date.parse(moved.body.now) - Date.parse(back.body.now)).toBeGreaterThan(29 * HOUR);
    expect(Date.parse(back.body.now)).toBeLessThan(Date.now() - 19 * HOUR);
  });

  it('tells its listeners when it is moved (the pushes hear it)', async () => {
    const { clock, call } = await start();
    const heard: number[] = [];
    clock.onAdvance((now) => heard.push(now));
    await call('POST', JSON.stringify({ advanceHours: 2 }));
    expect(heard).toHaveLength(1);
    await call('POST', JSON.stringify({ speed: 3 }));
    expect(heard).toHaveLength(1);
  });

  it('refuses what is not a number in range, naming the field, and moves nothing', async () => {
    const { clock, call } = await start();
    const at = clock.now();
    const cases: Array<[string, string]> = [
      ['{}', 'advanceHours'],
      ['not json', 'body'],
      ['[1]', 'body'],
      [JSON.stringify({ advanceHours: '10' }), 'advanceHours'],
      [JSON.stringify({ advanceHours: 1e9 }), 'advanceHours'],
      [JSON.stringify({ speed: -1 }), 'speed'],
      [JSON.stringify({ speed: 0 }), 'speed'],
      [JSON.stringify({ speed: 2, advanceHours: null }), 'advanceHours'],
    ];
    for (const [body, field] of cases) {
      const answer = await call('POST', body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.field, body).toBe(field);
    }
    expect(clock.speed).toBe(1);
    expect(clock.now() - at).toBeLessThan(60_000);
  });
});
