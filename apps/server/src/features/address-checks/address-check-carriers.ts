import type { Carrier } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type {
  CarrierAdapter,
  CarrierAdapterFactory,
  CarrierAdapterOptions,
  AddressServiceLimits,
} from '../../integrations/carriers/carrier-types.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { listCarrierAccounts } from '../shipping/index.ts';
import { carrierPreference } from './address-checks-rules.ts';

/** A tenant's carrier account whose adapter has an address service, with the budget it is asked within. */
export interface AddressServiceAccount {
  carrier: Carrier;
  accountId: number;
  isDefault: boolean;
  adapter: CarrierAdapter & Required<Pick<CarrierAdapter, 'checkAddresses'>>;
  limits: AddressServiceLimits;
}

interface AddressServicesDeps {
  adapters: CarrierAdapterFactory;
  adapterOptions?: CarrierAdapterOptions;
  secrets: SecretBox;
  /** Per carrier, what replaces its adapter's own limits (a budget agreed with the carrier; tests' short windows). */
  limits?: Partial<Record<Carrier, Partial<AddressServiceLimits>>>;
}

/** One address per call and a minute's window when an adapter says nothing. */
const FALLBACK_LIMITS: AddressServiceLimits = { perCall: 1, callsPerWindow: 30, windowSeconds: 60 };

/** The tenant's accounts that check addresses: verified ones whose adapter has `checkAddresses`. */
export function createAddressServices(deps: AddressServicesDeps) {
  return {
    async accounts(tx: Executor, tenantId: string): Promise<AddressServiceAccount[]> {
      const rows = await listCarrierAccounts(tx, tenantId);
      const found: AddressServiceAccount[] = [];
      for (const row of rows) {
        if (row.status !== 'verified') continue;
        const carrier = row.carrier as Carrier;
        let adapter: CarrierAdapter | null;
        try {
          const connection = {
            key: `${tenantId}:${row.id}`,
            settings: row.settings,
            credentials: openCredentials(deps.secrets, row.credentials),
          };
          adapter = deps.adapters(carrier, connection, deps.adapterOptions);
        } catch {
          // An account whose fields no longer make an adapter (a field missing) asks nothing; its labels say why.
          adapter = null;
        }
        if (!adapter?.checkAddresses) continue;
        const limits = { ...FALLBACK_LIMITS, ...adapter.addressLimits, ...deps.limits?.[carrier] };
        found.push({
          carrier,
          accountId: row.id,
          isDefault: row.isDefault,
          adapter: adapter as AddressServiceAccount['adapter'],
          limits: {
            ...limits,
            perCall: Math.max(1, limits.perCall),
            callsPerWindow: Math.max(1, limits.callsPerWindow),
          },
        });
      }
      return found;
    },
  };
}

/** The account to ask about an address in `country`: by the carriers' preference, a carrier's default first. */
export function accountFor(accounts: readonly AddressServiceAccount[], country: string): AddressServiceAccount | null {
  for (const carrier of carrierPreference(country)) {
    const mine = accounts.filter((a) => a.carrier === carrier);
    const chosen = mine.find((a) => a.isDefault) ?? mine[0];
    if (chosen) return chosen;
  }
  return null;
}
