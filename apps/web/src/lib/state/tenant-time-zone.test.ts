import { describe, expect, it } from 'vitest';
import type { RootState } from '@/lib/store-hooks';
import { selectTenantTimeZone } from './tenant-time-zone';

const state = (api: { queries?: object; mutations?: object }) =>
  ({ api: { queries: {}, mutations: {}, ...api } }) as unknown as RootState;
const provisioned = {
  m1: { endpointName: 'verifyNewUserRegister', status: 'fulfilled', data: { data: { timeZone: 'Europe/Berlin' } } },
};

describe('selectTenantTimeZone', () => {
  it('prefers the saved time_zone setting, then the provisioning answer, then the default', () => {
    const saved = {
      q1: { endpointName: 'getConfigs', status: 'fulfilled', data: [{ key: 'time_zone', value: 'Asia/Tokyo' }] },
    };
    expect(selectTenantTimeZone(state({ queries: saved, mutations: provisioned }))).toBe('Asia/Tokyo');
    expect(selectTenantTimeZone(state({ mutations: provisioned }))).toBe('Europe/Berlin');
    expect(selectTenantTimeZone(state({}))).toBe('America/New_York');
  });

  it('ignores a zone that is not one', () => {
    const bad = {
      q1: { endpointName: 'getConfigs', status: 'fulfilled', data: [{ key: 'time_zone', value: 'Mars/Base' }] },
    };
    expect(selectTenantTimeZone(state({ queries: bad, mutations: provisioned }))).toBe('Europe/Berlin');
  });
});
