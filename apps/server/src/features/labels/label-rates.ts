import {
  BUILT_IN_CARRIER,
  CARRIER_NAMES,
  findCarrierService,
  findPackageType,
  type Carrier,
  type LabelRate,
  type RateError,
} from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { CarrierAccountRow } from '../../db/schema/index.ts';
import type {
  CarrierAdapter,
  CarrierAdapterFactory,
  CarrierAdapterOptions,
  ShipmentRequest,
} from '../../integrations/carriers/carrier-types.ts';
import { insuranceRefusal, signatureRefusal } from '../../integrations/carriers/carrier-options.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import { openCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { listCarrierAccounts } from '../shipping/index.ts';
import { defaultPackageType, parcelRefusal, scopeOf, servicesFor } from './label-shipment.ts';

/** One account labels can be bought with: a tenant's carrier account, or the built-in carrier (no account). */
export interface LabelAccount {
  carrier: Carrier;
  accountId: number | null;
  name: string;
  isDefault: boolean;
  adapter(): CarrierAdapter;
}

interface LabelCarrierDeps {
  adapters: CarrierAdapterFactory;
  adapterOptions?: CarrierAdapterOptions;
  secrets: SecretBox;
}

const RATE_TIMEOUT_MS = 15_000;

/** The carriers a tenant buys labels from, and the rates they quote for one parcel. */
export function createLabelCarriers(deps: LabelCarrierDeps) {
  function fromRow(tenantId: string, row: CarrierAccountRow): LabelAccount {
    const carrier = row.carrier as Carrier;
    return {
      carrier,
      accountId: row.id,
      name: row.name,
      isDefault: row.isDefault,
      adapter: () => {
        const connection = {
          key: `${tenantId}:${row.id}`,
          settings: row.settings,
          credentials: openCredentials(deps.secrets, row.credentials),
        };
        const adapter = deps.adapters(carrier, connection, deps.adapterOptions);
        if (!adapter) throw new ChannelError('invalid', `${CARRIER_NAMES[carrier]} labels cannot be bought here`);
        return adapter;
      },
    };
  }

  const builtIn = (): LabelAccount => ({
    carrier: BUILT_IN_CARRIER,
    accountId: null,
    name: CARRIER_NAMES[BUILT_IN_CARRIER],
    isDefault: true,
    adapter: () => deps.adapters(BUILT_IN_CARRIER, { key: 'local', settings: {}, credentials: {} })!,
  });

  return {
    /** Verified accounts, then the built-in carrier. */
    async quotingAccounts(tx: Executor, tenantId: string): Promise<LabelAccount[]> {
      const rows = await listCarrierAccounts(tx, tenantId);
      return [...rows.filter((r) => r.status === 'verified').map((r) => fromRow(tenantId, r)), builtIn()];
    },

    /**
     * The account a purchase names: the built-in carrier; the account given (it must be this carrier's); or the
     * carrier's default account, else its first verified one. A new purchase never buys with an archived (deleted)
     * account, whatever a stale form names; `recorded` (a label's void, a purchase in flight found again) finds one.
     */
    async purchasingAccount(
      tx: Executor,
      tenantId: string,
      carrier: Carrier,
      accountId: number | null | undefined,
      use: { recorded?: boolean } = {},
    ): Promise<LabelAccount> {
      if (carrier === BUILT_IN_CARRIER) return builtIn();
      const rows = (await listCarrierAccounts(tx, tenantId, { archived: accountId != null })).filter(
        (r) => r.carrier === carrier,
      );
      const row =
        accountId != null
          ? rows.find((r) => r.id === accountId)
          : (rows.find((r) => r.isDefault) ?? rows.find((r) => r.status === 'verified'));
      if (row?.archivedAt && !use.recorded) {
        throw badRequest({ 'label.carrierAccountId': 'This carrier account was deleted; choose another' });
      }
      if (!row) {
        throw badRequest({
          'label.carrierAccountId':
            accountId != null
              ? `No ${CARRIER_NAMES[carrier]} account ${accountId}`
              : `Connect a ${CARRIER_NAMES[carrier]} account (Settings > Carriers) to buy its labels`,
        });
      }
      return fromRow(tenantId, row);
    },

    /**
     * Every service of every account that can take the parcel, priced by its carrier (all asked at once); an
     * account that cannot quote is reported in its own words beside the others' rates.
     */
    async quote(
      accounts: LabelAccount[],
      shipment: ShipmentRequest,
      mapped: { carrier: string | null; serviceCode: string | null },
    ): Promise<{ rates: LabelRate[]; rateErrors: RateError[] }> {
      const scope = scopeOf(shipment.from, shipment.to);
      const rates: LabelRate[] = [];
      const rateErrors: RateError[] = [];
      await Promise.all(
        accounts.map(async (account) => {
          const who = {
            carrier: account.carrier,
            carrierAccountId: idText(account.accountId),
            accountName: account.name,
          };
          const packageType = findPackageType(account.carrier, shipment.parcel.packageType)
            ? shipment.parcel.packageType
            : defaultPackageType(account.carrier);
          const parcel = { ...shipment.parcel, packageType };
          const refusal = parcelRefusal(account.carrier, parcel, shipment.units);
          if (refusal) return void rateErrors.push({ ...who, message: refusal.message });
          // What the carrier cannot insure, or a service that cannot carry the signature, is not priced as if it
          // could: its reason is shown beside the others' rates.
          const uninsured = insuranceRefusal(account.carrier, shipment.insurance);
          if (uninsured) return void rateErrors.push({ ...who, message: uninsured });
          const services = servicesFor(account.carrier, scope).filter((service) => {
            const refused = signatureRefusal(account.carrier, service.code, shipment.signature);
            if (refused) rateErrors.push({ ...who, message: refused });
            return !refused;
          });
          if (services.length === 0) return;
          try {
            const quoted = await account
              .adapter()
              .rates(
                { ...shipment, parcel, serviceCodes: services.map((s) => s.code) },
                AbortSignal.timeout(RATE_TIMEOUT_MS),
              );
            for (const rate of quoted) {
              const service = findCarrierService(account.carrier, rate.serviceCode);
              if (!service || service.scope !== scope) continue;
              rates.push({
                ...who,
                serviceCode: rate.serviceCode,
                serviceName: service.name,
                amount: rate.amountMinor,
                currency: rate.currency,
                deliveryDays: rate.deliveryDays ?? service.deliveryDays.max,
                mapped: account.carrier === mapped.carrier && rate.serviceCode === mapped.serviceCode,
              });
            }
          } catch (error) {
            rateErrors.push({ ...who, message: carrierWords(account.carrier, error) });
          }
        }),
      );
      rates.sort(
        (a, b) =>
          Number(b.mapped) - Number(a.mapped) ||
          Number(a.carrier === BUILT_IN_CARRIER) - Number(b.carrier === BUILT_IN_CARRIER) ||
          a.amount - b.amount ||
          (a.deliveryDays ?? 99) - (b.deliveryDays ?? 99),
      );
      return { rates, rateErrors };
    },
  };
}
export type LabelCarriers = ReturnType<typeof createLabelCarriers>;

export const idText = (id: number | null) => (id === null ? null : String(id));

/** A carrier failure as the seller reads it: what went wrong and the carrier's own words when it gave some. */
export function carrierWords(carrier: Carrier, error: unknown): string {
  const name = CARRIER_NAMES[carrier];
  if (error instanceof ChannelError) {
    const words =
      error.platformMessage && !error.message.includes(error.platformMessage) ? `: ${error.platformMessage}` : '';
    return `${error.message}${words}`;
  }
  if (error instanceof Error && error.name === 'TimeoutError') return `${name} did not answer in time`;
  if (error instanceof HttpError) return error.message;
  return `${name} could not be reached`;
}
