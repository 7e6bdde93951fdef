import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOGUE } from '@shipdesk/contract';
import { carrierServiceOptions } from '@/entities/carrier-catalogue/carrier-services';
import { toCarrierMappingInput, validateCarrierMappingForm } from './carrier-mapping-form';
import { unmappedStoresText, unmappedText } from './shipping-text';

const CATALOGUE = [CARRIER_CATALOGUE.local, CARRIER_CATALOGUE.ups];

describe('carrier mapping form', () => {
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
    expect(validateCarrierMappingForm(values, carrierServiceOptions(CATALOGUE, 'international'))).toEqual({
      carrierMethod: 'Choose a service for international destinations',
    });
    expect(validateCarrierMappingForm({ ...values, carrierMethod: '' }, [])).toEqual({
      carrierMethod: 'Choose a carrier service',
    });
  });
});

describe('shipping texts', () => {
  it('says what open orders ask for', () => {
    const express = { requestedService: 'Express', openOrders: 1, stores: [{ id: null, name: 'Entered by hand' }] };
    expect(unmappedText(express)).toBe('1 open order asks for “Express”');
    expect(unmappedStoresText(express)).toBe('Entered by hand');
    expect(unmappedText({ requestedService: 'Free', openOrders: 2500, stores: [] })).toBe(
      '2.5K open orders ask for “Free”',
    );
  });
});
