import type { FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import type { FakeClock } from './fake-parcel-journey.ts';

/**
 * A fake's clock moved over HTTP, for a test in another process than the fake (the end-to-end test moves the demo's
 * fake USPS, which runs inside the product's server, on the port SHIPDESK_DEMO_USPS_PORT gives it). On the fake's own
 * server, never on the product's: the product has no route that moves a clock.
 *
 * - `GET /_fake/clock` answers `{ now, speed }`: the fake's time (ISO) and the journey hours per real hour of the
 *   parcels it sells.
 * - `POST /_fake/clock { advanceHours?, speed? }` sets the pace of the parcels sold from then on, then moves it on by
 *   `advanceHours` (back, when negative; the clock's listeners hear it, as with `clock.advanceHours`), and answers the
 *   same. A field that is not a finite number in range is a 400 naming it.
 */

const PATH = '/_fake/clock';
/** Ten years either way: far beyond any journey, short of a date a client cannot read. */
const MAX_HOURS = 24 * 365 * 10;
const MAX_SPEED = 100_000;

const state = (clock: FakeClock): FakeReply => ({
  status: 200,
  body: { now: new Date(clock.now()).toISOString(), speed: clock.speed },
});

const refuse = (field: string, detail: string): FakeReply => ({
  status: 400,
  body: { error: 'Bad Request', field, message: `${field} ${detail}` },
});

function move(clock: FakeClock, request: FakeRequest): FakeReply {
  let body: unknown;
  try {
    body = request.body === '' ? {} : JSON.parse(request.body);
  } catch {
    return refuse('body', 'is not JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return refuse('body', 'must be a JSON object.');
  const { advanceHours, speed } = body as { advanceHours?: unknown; speed?: unknown };
  if (advanceHours === undefined && speed === undefined) return refuse('advanceHours', 'or speed is required.');
  const inRange = (value: unknown, min: number, max: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  if (advanceHours !== undefined && !inRange(advanceHours, -MAX_HOURS, MAX_HOURS)) {
    return refuse('advanceHours', `must be a number of hours from -${MAX_HOURS} to ${MAX_HOURS}.`);
  }
  if (speed !== undefined && (!inRange(speed, 0, MAX_SPEED) || speed === 0)) {
    return refuse('speed', `must be a number above 0, at most ${MAX_SPEED}.`);
  }
  if (speed !== undefined) clock.setSpeed(speed as number);
  if (advanceHours !== undefined && advanceHours !== 0) clock.advanceHours(advanceHours as number);
  return state(clock);
}

/** Adds the clock's routes to a fake's router. */
export function fakeClockRoutes(router: FakeRouter, clock: FakeClock): FakeRouter {
  return router.on('GET', PATH, () => state(clock)).on('POST', PATH, (request) => move(clock, request));
}
