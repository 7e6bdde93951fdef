import {
  addDays,
  dayText,
  localParts,
  parseDay,
  type Carrier,
  type RuleTarget,
  type SignatureKind,
  type UnitSystem,
  type Weekday,
} from '@shipdesk/contract';

/**
 * What rules see of an order, flattened once per order by the caller so that evaluating fifty rules reads plain
 * properties and never walks lines or addresses again. A null means the order does not say (no ship-to country yet, no
 * parcel size): every test of such a fact fails, negative ones included, so a rule never acts on a guess. Two
 * exceptions, where null is itself an answer: `storeId` (an order entered by hand is in no store, so "store is not one
 * of ..." holds) and `requestedService` (none requested reads as empty text).
 */
export interface OrderFacts {
  /** null: an order entered by hand. */
  storeId: string | null;
  requestedService: string | null;
  /** ISO 3166 alpha-2, upper case. */
  country: string | null;
  state: string | null;
  postalCode: string | null;
  residential: boolean | null;
  /** Grams, all lines. */
  weight: number;
  /** Inches, of the order's parcel when known. */
  longestSide: number | null;
  /** Inches: 2 x (the two shorter sides). */
  girth: number | null;
  /** Minor units of `currency`. */
  total: number;
  /** ISO 4217, for money in plain words. */
  currency: string;
  itemCount: number;
  skus: string[];
  categories: string[];
  /** Any line hazardous. */
  hazardous: boolean;
  /** HAZARD_CLASSES codes on the lines. */
  hazardClasses: string[];
  tags: string[];
  /** YYYY-MM-DD in the tenant's zone. */
  orderDate: string;
  /** In the tenant's zone. */
  orderWeekday: Weekday;
  /** HH:MM in the tenant's zone. */
  orderTime: string;
}

/** What the order holds now: the before-values of the "why", and what rules may not touch. */
export interface OrderCurrent {
  shipMethodId: string | null;
  carrier: Carrier | null;
  carrierMethod: string | null;
  packageType: string | null;
  boxSizeId: string | null;
  insuredValue: number | null;
  signature: SignatureKind | null;
  /** YYYY-MM-DD. */
  holdUntil: string | null;
  tags: string[];
  /** The texts of the order's notes: a rule's note the order already holds is not added again. */
  notes: string[];
  /** Targets a person set by hand on this order: rules leave them (outcome `kept`). */
  handSet: ReadonlySet<RuleTarget>;
  /**
   * A labelled delivery: shipMethod, carrierService, packageType, boxSize, insuredValue and signature are left as they
   * are (outcome `labelled`), since the label already paid for them.
   */
  labelled: boolean;
}

/** Plain words for ids, given by the caller (it holds the tenant's methods, boxes and stores; the engine holds none). */
export interface RuleNames {
  shipMethod(id: string): string | undefined;
  box(id: string): string | undefined;
  store(id: string): string | undefined;
  /** The tenant's units, which the words say weights and sizes in; absent: the rules' own words ("2.25 lb"). */
  units?: UnitSystem;
}

/** An order with nothing set yet and nothing kept: a new order, or the facts alone (outcomes read elsewhere). */
export const NOTHING_SET: OrderCurrent = {
  shipMethodId: null,
  carrier: null,
  carrierMethod: null,
  packageType: null,
  boxSizeId: null,
  insuredValue: null,
  signature: null,
  holdUntil: null,
  tags: [],
  notes: [],
  handSet: new Set(),
  labelled: false,
};

/** A facts date (YYYY-MM-DD, already the tenant's) plus whole calendar days. */
export function dateAfter(date: string, days: number): string {
  const day = parseDay(date);
  if (!day) throw new Error(`order date "${date}" is not a date`);
  return dayText(addDays(day, days));
}

/** An instant's date, weekday and time in the tenant's zone, as the facts name them (times to the minute, HH:MM). */
export function localFacts(iso: string, zone: string): { date: string; weekday: Weekday; time: string } {
  const { date, weekday, time } = localParts(Date.parse(iso), zone);
  return { date, weekday, time: time.slice(0, 5) };
}
