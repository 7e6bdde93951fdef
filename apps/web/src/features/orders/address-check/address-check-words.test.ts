import { describe, expect, it } from 'vitest';
import type { AddressCheck, CheckedAddress } from '@shipdesk/contract';
import { checkingWords } from './address-check-bulk-button';
import { addressCheckLine, anyChange, changedParts, nextTryWords } from './address-check-words';

const ZONE = 'America/New_York';
/** 2025-01-15 09:00 in New York. */
const NOW = new Date('2025-01-15T14:00:00Z');

function check(overrides: Partial<AddressCheck>): AddressCheck {
  return {
    orderId: '5',
    status: 'verified',
    carrier: 'usps',
    residential: null,
    suggestion: null,
    candidates: [],
    messages: [],
    checkedAt: '2025-01-15T13:59:00Z',
    nextAt: null,
    ...overrides,
  };
}

const line = (overrides: Partial<AddressCheck>) => addressCheckLine(check(overrides), ZONE, NOW);

describe('the address check in words', () => {
  it('says verified with the carrier and whether the address is residential or commercial', () => {
    expect(line({ residential: true })).toBe('Address verified by USPS · Residential');
    expect(line({ carrier: 'ups', residential: false })).toBe('Address verified by UPS · Commercial');
    expect(line({ carrier: 'fedex' })).toBe('Address verified by FedEx');
  });

  it('says what the carrier found: a correction, several matches, or nothing (in its words)', () => {
    expect(line({ status: 'corrected' })).toBe('USPS suggests a correction');
    expect(line({ status: 'ambiguous' })).toBe('USPS found several matches');
    expect(line({ status: 'invalid', messages: ['Address Not Found.'] })).toBe(
      'USPS does not know this address: Address Not Found.',
    );
    expect(line({ status: 'invalid', carrier: 'ups' })).toBe('UPS does not know this address');
  });

  it('says when a check is tried again, on the tenant clock, with the day when it is not today', () => {
    expect(line({ status: 'not_checked', nextAt: '2025-01-15T15:42:00Z' })).toBe(
      'Not checked yet: USPS did not answer; trying again at 10:42',
    );
    expect(line({ status: 'not_checked', nextAt: '2025-01-16T15:42:00Z' })).toBe(
      'Not checked yet: USPS did not answer; trying again at 2025-01-16 10:42',
    );
    expect(line({ status: 'not_checked', carrier: null })).toBe(
      'Not checked yet: the carrier did not answer; it will be tried again',
    );
    expect(nextTryWords('not a date', ZONE, NOW)).toBeNull();
  });

  it('says waiting, and format only with what to do about it', () => {
    expect(line({ status: 'pending', carrier: null })).toBe('Waiting to be checked');
    expect(line({ status: 'format_only', carrier: null })).toBe(
      'Format checked only: connect a carrier account that checks addresses',
    );
  });
});

const CURRENT: CheckedAddress = {
  address1: '1 main st.',
  address2: null,
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};

describe('the words a correction changes', () => {
  it('marks the changed words only, capitals and punctuation aside', () => {
    const parts = changedParts(CURRENT, {
      ...CURRENT,
      address1: '1 MAIN ST STE 200',
      city: 'AUSTIN',
      postalCode: '78701-1234',
    });
    expect(parts).toEqual([
      [
        { text: '1 MAIN ST', changed: false },
        { text: 'STE 200', changed: true },
      ],
      [
        { text: 'AUSTIN, TX', changed: false },
        { text: '78701-1234', changed: true },
      ],
      [{ text: 'US', changed: false }],
    ]);
    expect(anyChange(parts)).toBe(true);
    expect(anyChange(changedParts(CURRENT, { ...CURRENT, address1: '1 MAIN ST' }))).toBe(false);
  });

  it('marks a second line the address did not have', () => {
    const parts = changedParts({ ...CURRENT, postalCode: null }, { ...CURRENT, address2: 'APT 4' });
    expect(parts[1]).toEqual([{ text: 'APT 4', changed: true }]);
    expect(parts[2]).toEqual([
      { text: 'Austin, TX', changed: false },
      { text: '78701', changed: true },
    ]);
  });
});

describe('the bulk check in words', () => {
  it('counts the addresses queued exactly', () => {
    expect(checkingWords(12)).toBe('Checking 12 addresses');
    expect(checkingWords(1)).toBe('Checking 1 address');
    expect(checkingWords(1500)).toBe('Checking 1,500 addresses');
    expect(checkingWords(0)).toBe('No address to check');
  });
});
