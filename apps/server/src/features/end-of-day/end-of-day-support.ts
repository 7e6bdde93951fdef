import { CARRIER_NAMES, END_OF_DAY_FORMS, isKnownTimeZone, type Carrier, type ScanForm } from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { ShipmentAddress } from '../../integrations/carriers/carrier-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { HttpError, badGateway, badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import { carrierWords, shipDateIn, shipFrom, type LabelAccount, type LabelCarriers } from '../labels/index.ts';
import { tenantTimeZone } from '../orders/index.ts';
import { listCarrierAccounts } from '../shipping/index.ts';
import { createEndOfDayRepository, type ScanFormRow } from './end-of-day-repository.ts';

/** What the end of the day's forms and pickups share: the repository, the tenant's day, accounts and refusals. */

export const repo = createEndOfDayRepository();
export const CARRIER_TIMEOUT_MS = 30_000;

export interface EndOfDayDeps {
  database: Database;
  carriers: LabelCarriers;
}

export const text = (id: number | null) => (id === null ? null : String(id));

export function scanFormOf(row: ScanFormRow, numbers: Map<number, string>): ScanForm {
  const carrier = row.carrier as Carrier;
  return {
    id: String(row.id),
    kind: END_OF_DAY_FORMS[carrier],
    carrier,
    carrierAccountId: text(row.carrierAccountId),
    shipDate: row.shipDate,
    carrierRef: row.carrierRef,
    trackingNumbers: row.labelIds.map((id) => numbers.get(id) ?? `#${id}`),
    createdAt: row.createdAt.toISOString(),
    createdByEmail: row.createdByEmail,
  };
}

/** A carrier's refusal as 422 in its words; anything else (an outage, a timeout) as 502. */
export function carrierFailure(carrier: Carrier, what: string, error: unknown): never {
  if (error instanceof ChannelError && ['auth', 'invalid', 'forbidden', 'not_found', 'platform'].includes(error.kind)) {
    throw new HttpError(422, `${CARRIER_NAMES[carrier]} refused the ${what}: ${carrierWords(carrier, error)}`, {
      reason: 'carrier_refused',
    });
  }
  if (error instanceof HttpError) throw error;
  throw badGateway(`${CARRIER_NAMES[carrier]} did not make the ${what}: ${carrierWords(carrier, error)}`);
}

export async function zoneOf(tx: Executor, tenantId: string) {
  const zone = await tenantTimeZone(tx, tenantId);
  const timeZone = zone && isKnownTimeZone(zone) ? zone : 'UTC';
  return { timeZone, today: shipDateIn(timeZone) };
}

/** The account an end-of-day call names: 404 for none of the tenant's, 400 for a carrier that cannot do `what`. */
export async function accountFor(
  deps: EndOfDayDeps,
  tx: Executor,
  tenantId: string,
  idText: string,
  allowed: readonly Carrier[],
  what: string,
): Promise<LabelAccount> {
  const id = parseId(idText);
  const row =
    id === null ? undefined : (await listCarrierAccounts(tx, tenantId, { archived: true })).find((r) => r.id === id);
  if (!row) throw notFound('Carrier account not found');
  const carrier = row.carrier as Carrier;
  if (!allowed.includes(carrier)) {
    throw badRequest({ carrierAccountId: `${CARRIER_NAMES[carrier]} has no ${what} here` });
  }
  return deps.carriers.purchasingAccount(tx, tenantId, carrier, id, { recorded: true });
}

export async function needShipFrom(tx: Executor, tenantId: string): Promise<ShipmentAddress> {
  const from = await shipFrom(tx, tenantId);
  if (!from) {
    throw new HttpError(409, 'Set the warehouse address (Settings > Warehouse) first', { reason: 'no_ship_from' });
  }
  return from;
}
