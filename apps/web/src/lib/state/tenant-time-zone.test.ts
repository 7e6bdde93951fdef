import { describe, expect, it, vi } from 'vitest';
import * as contract from '@shipdesk/contract';
import type { RootState } from '@/lib/store-hooks';
import { selectTenantTimeZone } from './tenant-time-zone';

vi.mock('@shipdesk/contract', async (importOriginal) => {
  const actual = await importOriginal<typeof contract>();
  return { ...actual, isKnownTimeZone: vi.fn(actual.isKnownTimeZone) };
});

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

  it('does not run again for a store update that changes neither the queries nor the mutations', () => {
    const saved = {
      q1: { endpointName: 'getConfigs', status: 'fulfilled', data: [{ key: 'time_zone', value: 'Asia/Seoul' }] },
    };
    const before = state({ queries: saved, mutations: provisioned });
    expect(selectTenantTimeZone(before)).toBe('Asia/Seoul');
    selectTenantTimeZone.resetRecomputations();
    // Another slice changed, and the api slice's own object too (a subscription), but not its queries or mutations.
    const unrelated = {
      ...before,
      api: { ...before.api, provided: {} },
      loader: { busy: true },
    } as unknown as RootState;
    expect(selectTenantTimeZone(unrelated)).toBe('Asia/Seoul');
    expect(selectTenantTimeZone.recomputations()).toBe(0);
    // A new query result is looked at again.
    expect(selectTenantTimeZone({ ...before, api: { ...before.api, queries: {} } } as RootState)).toBe('Europe/Berlin');
    expect(selectTenantTimeZone.recomputations()).toBe(1);
  });

  it('checks each zone string once, however often it is read', () => {
    const check = vi.mocked(contract.isKnownTimeZone);
    const mutations = {
      m1: { endpointName: 'verifyNewUserRegister', status: 'fulfilled', data: { data: { timeZone: 'Pacific/Fiji' } } },
    };
    check.mockClear();
    // Three updates that each bring new mutations (a new object), the same zone in them.
    for (let i = 0; i < 3; i += 1)
      expect(selectTenantTimeZone(state({ mutations: { ...mutations } }))).toBe('Pacific/Fiji');
    expect(check.mock.calls.filter(([zone]) => zone === 'Pacific/Fiji')).toHaveLength(1);
  });
});
