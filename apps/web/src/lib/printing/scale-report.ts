import { GRAMS_PER_POUND, GRAMS_PER_UNIT } from '@shipdesk/contract';

/**
 * USB postal scales that follow the HID point-of-sale scale class (DYMO M5/M10/M25, Stamps.com, Mettler Toledo PS
 * series, Fairbanks Ultegra and most "HID" shipping scales) answer a read with a 6-byte report:
 * [report id, status, unit, exponent (signed), weight low byte, weight high byte].
 * The weight is (high * 256 + low) * 10^exponent in the unit given. QZ Tray hands the bytes over as hex strings.
 */

type ScaleStatus =
  | 'fault'
  | 'zero'
  | 'in-motion'
  | 'stable'
  | 'under-zero'
  | 'over-weight'
  | 'needs-calibration'
  | 'needs-rezero'
  | 'unknown';

type ScaleUnit = 'mg' | 'g' | 'kg' | 'oz' | 'lb';

export interface ScaleReading {
  status: ScaleStatus;
  /** The weight in the scale's own unit. */
  weight: number;
  /** Null when the scale reports in a unit other than mg, g, kg, oz or lb (carats, grains, ...). */
  unit: ScaleUnit | null;
  /** The weight in pounds, two decimals, when the unit converts. */
  pounds: number | null;
  /** The weight in whole grams, when the unit converts: parcels are kept in grams (from the reading, not the pounds). */
  grams: number | null;
}

/** The HID scale class's status codes. */
const STATUSES: Record<number, ScaleStatus> = {
  1: 'fault',
  2: 'zero',
  3: 'in-motion',
  4: 'stable',
  5: 'under-zero',
  6: 'over-weight',
  7: 'needs-calibration',
  8: 'needs-rezero',
};

/** The HID scale class's unit codes that a parcel is weighed in. */
const UNITS: Record<number, ScaleUnit> = { 1: 'mg', 2: 'g', 3: 'kg', 11: 'oz', 12: 'lb' };

const GRAMS_PER_SCALE_UNIT: Record<ScaleUnit, number> = { mg: 0.001, ...GRAMS_PER_UNIT };

export const SCALE_REPORT_SIZE = 6;

function byteOf(value: string | number): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 16);
  if (!Number.isInteger(number) || number < 0 || number > 255) throw new Error(`Not a byte: ${String(value)}`);
  return number;
}

/** Reads one scale report (bytes as numbers or as QZ Tray's hex strings). Throws when it is not one. */
export function parseScaleReport(report: ReadonlyArray<string | number>): ScaleReading {
  if (report.length < SCALE_REPORT_SIZE) throw new Error('The scale answered too few bytes');
  const [, status, unitCode, exponentByte, low, high] = report.slice(0, SCALE_REPORT_SIZE).map(byteOf) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const exponent = exponentByte > 127 ? exponentByte - 256 : exponentByte;
  const weight = Number(((high * 256 + low) * 10 ** exponent).toFixed(Math.max(0, -exponent)));
  const unit = UNITS[unitCode] ?? null;
  const pounds = unit ? Math.round(((weight * GRAMS_PER_SCALE_UNIT[unit]) / GRAMS_PER_POUND) * 100) / 100 : null;
  const grams = unit ? Math.round(weight * GRAMS_PER_SCALE_UNIT[unit]) : null;
  return { status: STATUSES[status] ?? 'unknown', weight, unit, pounds, grams };
}

const PROBLEMS: Record<ScaleStatus, string | null> = {
  stable: null,
  zero: 'The scale shows zero; put the parcel on it',
  'in-motion': 'The scale is still settling; try again in a moment',
  fault: 'The scale reports a fault',
  'under-zero': 'The scale is below zero; zero it and weigh again',
  'over-weight': 'The parcel is heavier than the scale can weigh',
  'needs-calibration': 'The scale needs calibrating',
  'needs-rezero': 'The scale needs zeroing',
  unknown: 'The scale answered something Shipdesk does not understand',
};

/** Why a reading cannot fill the weight field, or null when it can. */
export function scaleReadingProblem(reading: ScaleReading): string | null {
  const problem = PROBLEMS[reading.status];
  if (problem) return problem;
  if (reading.pounds === null) return 'The scale weighs in a unit Shipdesk does not convert; set it to lb, oz, kg or g';
  return null;
}
