import { describe, expect, it } from 'vitest';
import type { ParcelProblem } from '@shipdesk/contract';
import { carrierWords, outcomeSummary, parcelName, problemAge, problemName } from './parcel-problem-words';
import { parcelProblem } from './parcel-problems-testing';

const late: ParcelProblem = parcelProblem({ kind: 'late', status: 'in_transit', expectedDelivery: '2026-03-02' });

describe('parcel problem words', () => {
  it('names the problem by the carrier status, or late with the promised day', () => {
    expect(problemName(parcelProblem())).toBe('Exception');
    expect(problemName(parcelProblem({ status: 'returned' }))).toBe('Returned to sender');
    expect(problemName(late)).toBe('Late (promised 2026-03-02)');
  });

  it('says how long it has lasted in whole days', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(problemAge('2026-03-10T01:00:00Z', now)).toBe('today');
    expect(problemAge('2026-03-09T11:00:00Z', now)).toBe('1 day');
    expect(problemAge('2026-02-28T12:00:00Z', now)).toBe('10 days');
    expect(problemAge('not a date', now)).toBe('today');
  });

  it("gives the carrier's words with where, and the parcel by carrier and number", () => {
    expect(carrierWords(parcelProblem())).toBe('Held at customs (MEMPHIS TN)');
    expect(carrierWords(parcelProblem({ lastEvent: null }))).toBe('—');
    expect(parcelName(parcelProblem())).toBe('UPS 1Z999');
  });

  it('sums up a bulk action', () => {
    const outcomes = [
      { orderNumber: '1', ok: true, message: '' },
      { orderNumber: '2', ok: false, message: 'No' },
    ];
    expect(outcomeSummary('reshipped', outcomes)).toBe('1 of 2 orders reshipped');
    expect(outcomeSummary('noted', outcomes.slice(0, 1))).toBe('1 of 1 order noted');
  });
});
