import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOGUE } from '@shipdesk/contract';
import { serviceOptions, toCarrierMappingInput, validateCarrierMappingForm } from './carrier-mapping-form';
import { deliveryDaysText, unmappedStoresText, unmappedText } from './shipping-text';

const CATALOGUE = [CARRIER_CATALOGUE.local, CARRIER_CATALOGUE.ups];

describe('carrier mapping form', () => {
  it('offers the services that reach the destination, by carrier', () => {
    const international = serviceOptions(CATALOGUE, 'international');
    expect(new Set(international.map((o) => o.carrierName))).toEqual(new Set(['UPS']));
    expect(international.every((o) => o.service.scope === 'international')).toBe(true);
    expect(serviceOptions(CATALOGUE, 'any')).toHaveLength(4 + 12);
  });

  it('sends the carrier and service code apart, empty choices as null', () => {
    expect(
      toCarrierMappingInput(
        { destination: 'domestic', carrierMethod: 'ups:03', packageType: '', carrierAccountId: '' },
        '3',
      ),
    ).toEqual({
      shipMethodId: '3',
      destination: 'domestic',
      carrier: 'ups',
      carrierMethod: '03',
      packageType: null,
      carrierAccountId: null,
    });
  });

  it('wants a service that fits the destination', () => {
    const values = {
      destination: 'international' as const,
      carrierMethod: 'ups:03',
      packageType: '',
      carrierAccountId: '',
    };
    expect(validateCarrierMappingForm(values, serviceOptions(CATALOGUE, 'international'))).toEqual({
      carrierMethod: 'Choose a service for international destinations',
    });
    expect(validateCarrierMappingForm({ ...values, carrierMethod: '' }, [])).toEqual({
      carrierMethod: 'Choose a carrier service',
    });
  });
});

describe('shipping texts', () => {
  it('says delivery days and what open orders ask for', () => {
    expect(deliveryDaysText({ min: 0, max: 0 })).toBe('Same day');
    expect(deliveryDaysText({ min: 1, max: 1 })).toBe('1 business day');
    expect(deliveryDaysText({ min: 2, max: 5 })).toBe('2–5 business days');
    const express = { requestedService: 'Express', openOrders: 1, stores: [{ id: null, name: 'Entered by hand' }] };
    expect(unmappedText(express)).toBe('1 open order asks for “Express”');
    expect(unmappedStoresText(express)).toBe('Entered by hand');
    expect(unmappedText({ requestedService: 'Free', openOrders: 2500, stores: [] })).toBe(
      '2.5K open orders ask for “Free”',
    );
  });
});
