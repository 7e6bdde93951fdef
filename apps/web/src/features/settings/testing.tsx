import type { Socket } from 'socket.io-client';
import { vi } from 'vitest';
import {
  Role,
  type BoxSize,
  type CarrierAccount,
  type CarrierMapping,
  type ShipMethod,
  type ShipMethodList,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { attachRealtimeSocket, detachRealtimeSocket } from '@/lib/realtime/realtime-hub';
import { initialUserData } from '@/lib/state/user-data-slice';
import { renderRoutes, type RecordedRequest } from '@/lib/testing/render-with-store';
import { SettingsPage } from './settings-page';

/** Test-only fixtures and helpers of the settings tabs. */

export const ok = (data: unknown, status = 200) => Response.json({ code: status, success: true, data }, { status });
export const refused = (status: number, message: string, errors?: Record<string, string>) =>
  Response.json({ code: status, success: false, message, ...(errors ? { errors } : {}) }, { status });

export const sent = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url.split('?')[0] === url);

export function carrierAccount(overrides: Partial<CarrierAccount> = {}): CarrierAccount {
  return {
    id: '7',
    carrier: 'ups',
    name: 'UPS main',
    settings: { clientId: 'ups-client', accountNumber: 'A1B2C3' },
    credentials: { clientSecret: '••••9f3a' },
    status: 'verified',
    lastError: null,
    verifiedAt: '2025-03-01T12:00:00Z',
    isDefault: true,
    createdAt: '2025-02-01T12:00:00Z',
    ...overrides,
  };
}

export function shipMethod(overrides: Partial<ShipMethod> = {}): ShipMethod {
  return { id: '3', name: 'Standard', openOrders: 40, mapped: true, createdAt: '2025-02-01T12:00:00Z', ...overrides };
}

export function shipMethodList(rows: ShipMethod[], unmapped: ShipMethodList['unmapped'] = []): ShipMethodList {
  return { rows, page: 1, size: 500, total: rows.length, unmapped };
}

export function carrierMapping(overrides: Partial<CarrierMapping> = {}): CarrierMapping {
  return {
    id: '21',
    shipMethodId: '3',
    shipMethodName: 'Standard',
    destination: 'any',
    carrier: 'usps',
    carrierMethod: 'USPS_GROUND_ADVANTAGE',
    carrierMethodName: 'USPS Ground Advantage',
    packageType: null,
    carrierAccountId: null,
    ...overrides,
  };
}

export function boxSize(overrides: Partial<BoxSize> = {}): BoxSize {
  return {
    id: '5',
    name: 'Small mailer',
    length: 12,
    width: 9,
    height: 4,
    emptyWeight: 120,
    maxWeight: 4500,
    ...overrides,
  };
}

// Stands in for the shell's setup-guide query, to see that a save invalidates the 'SetupGuide' tag.
const setupGuideProbe = api.injectEndpoints({
  endpoints: (build) => ({
    settingsTabsTestSetupGuide: build.query<unknown, void>({
      query: () => 'call/setupGuide',
      providesTags: ['SetupGuide'],
    }),
  }),
});
function SetupGuideProbe() {
  setupGuideProbe.useSettingsTabsTestSetupGuideQuery();
  return null;
}

/** The settings page at `url`, signed in with `roleId`, next to a probe of the setup-guide query. */
export function renderSettingsAt(url: string, roleId: number = Role.Admin) {
  return renderRoutes(
    [
      {
        path: '/settings/:tab?',
        element: (
          <>
            <SetupGuideProbe />
            <SettingsPage />
          </>
        ),
      },
    ],
    url,
    { userData: { ...initialUserData, user_role_id: roleId } },
  );
}

/** A realtime socket the test pushes server events through; detach it after the test. */
export function fakeRealtime() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: vi.fn((event: string, fn: (payload: unknown) => void) => handlers.set(event, fn)),
    off: vi.fn((event: string) => handlers.delete(event)),
  } as unknown as Socket;
  attachRealtimeSocket(socket);
  return {
    push: (event: string, payload: unknown) => handlers.get(event)?.(payload),
    detach: () => detachRealtimeSocket(socket),
  };
}
