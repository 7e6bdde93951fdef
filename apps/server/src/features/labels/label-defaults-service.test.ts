import { describe, expect, it } from 'vitest';
import type { LabelRate } from '@shipdesk/contract';
import { preferCheapest } from './label-defaults-service.ts';

const rate = (carrier: LabelRate['carrier'], serviceCode: string, amount: number, days: number | null): LabelRate => ({
  carrier,
  carrierAccountId: carrier === 'local' ? null : '1',
  accountName: carrier,
  serviceCode,
  serviceName: serviceCode,
  amount,
  currency: 'USD',
  deliveryDays: days,
  mapped: false,
});

describe('a rule\'s "cheapest of these services" at purchase', () => {
  const rates = [
    { ...rate('usps', 'PRIORITY', 900, 2), mapped: true },
    rate('usps', 'GROUND_ADVANTAGE', 500, 5),
    rate('ups', '03', 700, 3),
    rate('local', 'LOCAL_NEXT_DAY', 0, 1),
  ];

  it('marks the cheapest listed service arriving in time and puts it first', () => {
    const chosen = preferCheapest(rates, {
      services: [
        { carrier: 'usps', serviceCode: 'PRIORITY' },
        { carrier: 'usps', serviceCode: 'GROUND_ADVANTAGE' },
        { carrier: 'ups', serviceCode: '03' },
      ],
      withinDays: 3,
    });
    expect(chosen[0]).toMatchObject({ carrier: 'ups', serviceCode: '03', mapped: true });
    expect(chosen.filter((r) => r.mapped)).toHaveLength(1);
    expect(chosen).toHaveLength(4);
  });

  it('without a day limit takes the cheapest listed; with none qualifying leaves the rates as quoted', () => {
    const services = [
      { carrier: 'usps', serviceCode: 'PRIORITY' },
      { carrier: 'usps', serviceCode: 'GROUND_ADVANTAGE' },
    ];
    expect(preferCheapest(rates, { services })[0]).toMatchObject({ serviceCode: 'GROUND_ADVANTAGE', mapped: true });
    expect(preferCheapest(rates, { services, withinDays: 1 })).toBe(rates);
  });
});
