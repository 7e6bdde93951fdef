/**
 * How a fake carrier's parcels move after their label: every label sold starts a journey, a scripted sequence of
 * steps each due some hours after the sale, read against a clock the tests (and the demo) control. A carrier fake
 * shows a parcel the steps whose time has come, in its own wire codes (its mapping of each step kind), newest first
 * where its API answers so. Nothing here knows a carrier's format.
 *
 * Which journey a parcel takes follows the words of its destination, as the fakes' other magic words do: a
 * recipient name or street with EXCEPTION, RETURNED, PICKUP or LATE takes that journey; any other parcel is
 * delivered about 30 hours after the sale.
 */

export type JourneyStepKind =
  | 'label_created'
  | 'accepted'
  | 'in_transit'
  | 'arrived'
  | 'out_for_delivery'
  | 'delivered'
  | 'exception'
  | 'available_for_pickup'
  | 'returned';

export interface JourneyStep {
  kind: JourneyStepKind;
  /** Hours after the label was sold. */
  afterHours: number;
  city: string;
  state: string;
  postalCode: string;
}

type JourneyName = 'delivered' | 'exception' | 'returned' | 'pickup' | 'late';

const HUB = { city: 'COLUMBUS', state: 'OH', postalCode: '43219' };
const SORT = { city: 'INDIANAPOLIS', state: 'IN', postalCode: '46241' };

function steps(
  destination: { city: string; state: string; postalCode: string },
  tail: Array<[JourneyStepKind, number]>,
): JourneyStep[] {
  const start: Array<[JourneyStepKind, number, typeof HUB]> = [
    ['label_created', 0, HUB],
    ['accepted', 2, HUB],
    ['in_transit', 8, SORT],
    ['arrived', 20, destination],
  ];
  return [
    ...start.map(([kind, afterHours, at]) => ({ kind, afterHours, ...at })),
    ...tail.map(([kind, afterHours]) => ({ kind, afterHours, ...destination })),
  ];
}

/** The journey of a parcel to `destination`, by the magic words of its recipient and street. */
export function journeyFor(destination: {
  name?: string | null;
  street?: string | null;
  city: string;
  state: string | null;
  postalCode: string;
}): { name: JourneyName; steps: JourneyStep[] } {
  const words = `${destination.name ?? ''} ${destination.street ?? ''}`.toUpperCase();
  const to = {
    city: destination.city.toUpperCase(),
    state: (destination.state ?? '').toUpperCase(),
    postalCode: destination.postalCode,
  };
  if (words.includes('EXCEPTION')) return { name: 'exception', steps: steps(to, [['exception', 26]]) };
  if (words.includes('RETURNED')) {
    return {
      name: 'returned',
      steps: steps(to, [
        ['exception', 26],
        ['returned', 50],
      ]),
    };
  }
  if (words.includes('PICKUP')) return { name: 'pickup', steps: steps(to, [['available_for_pickup', 28]]) };
  // Late: stuck in transit well past the promised day (3 days), then delivered on the sixth.
  if (words.includes('LATE')) {
    return {
      name: 'late',
      steps: steps(to, [
        ['out_for_delivery', 140],
        ['delivered', 146],
      ]).map((s) => (s.kind === 'arrived' ? { ...s, afterHours: 130 } : s)),
    };
  }
  return {
    name: 'delivered',
    steps: steps(to, [
      ['out_for_delivery', 24],
      ['delivered', 30],
    ]),
  };
}

/** The day a parcel of this journey is promised (YYYY-MM-DD): the service's two days after the sale. */
export function promisedDay(soldAt: number): string {
  return new Date(soldAt + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * A clock the tests move: `now()` is the real time plus what was added (`advanceHours`). `speed` (the demo's): how
 * many journey hours a parcel sold from then on makes per real hour, so that a demo parcel is delivered within
 * minutes without anyone moving the clock. Only the journeys are quicker: the clock itself never runs ahead, so a
 * demo event is never dated in the future and "today" is the real day (SCAN forms, pickups, the dashboard).
 */
export class FakeClock {
  private offsetMs = 0;
  private pace: number;

  constructor(options: { speed?: number } = {}) {
    this.pace = options.speed ?? 1;
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Journey hours per real hour of the parcels sold from now on. */
  get speed(): number {
    return this.pace;
  }

  /** The pace of the journeys of the parcels sold from now on (an end-to-end test sets the demo's to 1). */
  setSpeed(speed: number): void {
    if (!(speed > 0)) throw new Error(`A journey's speed must be above 0, not ${speed}`);
    this.pace = speed;
  }

  /** A journey sold now, at this clock's pace: each step `speed` times as soon after the sale. */
  paced(steps: readonly JourneyStep[]): JourneyStep[] {
    return steps.map((step) => ({ ...step, afterHours: step.afterHours / this.pace }));
  }

  advanceHours(hours: number): void {
    this.offsetMs += hours * 3_600_000;
    for (const listener of this.listeners) listener(this.now());
  }

  private readonly listeners = new Set<(now: number) => void>();

  /** Calls `listener` each time the clock is moved on (a fake's pushes); answers how to stop. */
  onAdvance(listener: (now: number) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

/** The steps of a journey that have happened by `now`, oldest first, each with its time. */
export function stepsSoFar(
  journey: readonly JourneyStep[],
  soldAt: number,
  now: number,
): Array<JourneyStep & { at: number }> {
  return journey
    .map((step) => ({ ...step, at: soldAt + step.afterHours * 3_600_000 }))
    .filter((step) => step.at <= now);
}
