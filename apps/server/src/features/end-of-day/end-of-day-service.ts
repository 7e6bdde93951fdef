import {
  CARRIER_NAMES,
  isKnownTimeZone,
  PICKUP_CARRIERS,
  SCAN_FORM_CARRIERS,
  type Carrier,
  type EndOfDay,
  type EndOfDayGroup,
  type Pickup,
  type PickupCreate,
  type ScanForm,
  type ScanFormCreate,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { ShipmentAddress } from '../../integrations/carriers/carrier-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import type { ServedDocument } from '../../lib/document-reply.ts';
import { HttpError, badGateway, badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { carrierWords, shipDateIn, shipFrom, type LabelAccount, type LabelCarriers } from '../labels/index.ts';
import { tenantTimeZone } from '../orders/index.ts';
import { listCarrierAccounts } from '../shipping/index.ts';
import {
  createEndOfDayRepository,
  type DayLabelRow,
  type PickupRow,
  type ScanFormRow,
} from './end-of-day-repository.ts';

const repo = createEndOfDayRepository();
const CARRIER_TIMEOUT_MS = 30_000;

interface EndOfDayDeps {
  database: Database;
  carriers: LabelCarriers;
}

const text = (id: number | null) => (id === null ? null : String(id));

function scanFormOf(row: ScanFormRow, numbers: Map<number, string>): ScanForm {
  return {
    id: String(row.id),
    carrier: row.carrier as Carrier,
    carrierAccountId: text(row.carrierAccountId),
    shipDate: row.shipDate,
    carrierRef: row.carrierRef,
    trackingNumbers: row.labelIds.map((id) => numbers.get(id) ?? `#${id}`),
    createdAt: row.createdAt.toISOString(),
    createdByEmail: row.createdByEmail,
  };
}

function pickupOf(row: PickupRow): Pickup {
  return {
    id: String(row.id),
    carrier: row.carrier as Carrier,
    carrierAccountId: text(row.carrierAccountId),
    confirmation: row.confirmation,
    pickupDate: row.pickupDate,
    readyBy: row.readyBy,
    closeBy: row.closeBy,
    parcels: row.parcels,
    weight: row.weight,
    location: row.location,
    status: row.status as Pickup['status'],
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    createdByEmail: row.createdByEmail,
    canceledAt: row.canceledAt?.toISOString() ?? null,
  };
}

/** A carrier's refusal as 422 in its words; anything else (an outage, a timeout) as 502. */
function carrierFailure(carrier: Carrier, what: string, error: unknown): never {
  if (error instanceof ChannelError && ['auth', 'invalid', 'forbidden', 'not_found', 'platform'].includes(error.kind)) {
    throw new HttpError(422, `${CARRIER_NAMES[carrier]} refused the ${what}: ${carrierWords(carrier, error)}`, {
      reason: 'carrier_refused',
    });
  }
  if (error instanceof HttpError) throw error;
  throw badGateway(`${CARRIER_NAMES[carrier]} did not make the ${what}: ${carrierWords(carrier, error)}`);
}

async function zoneOf(tx: Executor, tenantId: string) {
  const zone = await tenantTimeZone(tx, tenantId);
  const timeZone = zone && isKnownTimeZone(zone) ? zone : 'UTC';
  return { timeZone, today: shipDateIn(timeZone) };
}

/** The account an end-of-day call names: 404 for none of the tenant's, 400 for a carrier that cannot do `what`. */
async function accountFor(
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

async function needShipFrom(tx: Executor, tenantId: string): Promise<ShipmentAddress> {
  const from = await shipFrom(tx, tenantId);
  if (!from) {
    throw new HttpError(409, 'Set the warehouse address (Settings > Warehouse) first', { reason: 'no_ship_from' });
  }
  return from;
}

/** The day's standing labels by account, the forms that cover them and the day's pickups. */
async function dayView(deps: EndOfDayDeps, auth: AuthContext, day?: string): Promise<EndOfDay> {
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      const { timeZone, today } = await zoneOf(tx, auth.tenantId);
      const date = day ?? today;
      const [labels, forms, dayPickups, accounts, from] = [
        await repo.dayLabels(tx, auth.tenantId, date),
        await repo.dayScanForms(tx, auth.tenantId, date),
        await repo.dayPickups(tx, auth.tenantId, date),
        await listCarrierAccounts(tx, auth.tenantId, { archived: true }),
        await shipFrom(tx, auth.tenantId),
      ];
      const formOf = new Map(forms.flatMap((form) => form.labelIds.map((id) => [id, form.id] as const)));
      const numbers = await repo.trackingNumbers(tx, auth.tenantId, [...new Set(forms.flatMap((f) => f.labelIds))]);
      const groups = new Map<string, EndOfDayGroup>();
      for (const label of labels) {
        const carrier = label.carrier as Carrier;
        const key = `${carrier}:${label.carrierAccountId ?? ''}`;
        let group = groups.get(key);
        if (!group) {
          const account = accounts.find((a) => a.id === label.carrierAccountId);
          group = {
            carrier,
            carrierAccountId: text(label.carrierAccountId),
            accountName: account?.name ?? CARRIER_NAMES[carrier],
            from,
            labels: [],
            withoutForm: 0,
            canScanForm: false,
            canPickup: label.carrierAccountId !== null && PICKUP_CARRIERS.includes(carrier),
          };
          groups.set(key, group);
        }
        const scanFormId = formOf.get(label.id) ?? null;
        group.labels.push({
          id: String(label.id),
          orderId: String(label.orderId),
          trackingNumber: label.trackingNumber,
          serviceCode: label.serviceCode,
          serviceName: label.serviceName,
          weight: label.weight,
          scanFormId: text(scanFormId),
        });
        if (SCAN_FORM_CARRIERS.includes(carrier) && scanFormId === null) {
          group.withoutForm += 1;
          group.canScanForm = label.carrierAccountId !== null && from !== null;
        }
      }
      return {
        day: date,
        timeZone,
        groups: [...groups.values()],
        scanForms: forms.map((form) => scanFormOf(form, numbers)),
        pickups: dayPickups.map(pickupOf),
      };
    },
    { readOnly: true },
  );
}

/** A pickup booked with the account's carrier at the warehouse address, then recorded. */
async function bookPickup(deps: EndOfDayDeps, auth: AuthContext, body: PickupCreate): Promise<Pickup> {
  const { account, from, serviceCodes } = await deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      const { today } = await zoneOf(tx, auth.tenantId);
      const found = await accountFor(deps, tx, auth.tenantId, body.carrierAccountId, PICKUP_CARRIERS, 'pickups');
      const errors: Record<string, string> = {};
      if (body.pickupDate < today) errors.pickupDate = `The pickup day cannot be before today (${today})`;
      if (body.closeBy <= body.readyBy) errors.closeBy = 'The close time must be after the ready time';
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const labels = await repo.dayLabels(tx, auth.tenantId, body.pickupDate);
      const codes = labels.filter((l) => l.carrierAccountId === found.accountId).map((l) => l.serviceCode);
      return { account: found, from: await needShipFrom(tx, auth.tenantId), serviceCodes: [...new Set(codes)] };
    },
    { readOnly: true },
  );
  // Outside a transaction: a carrier's pickup desk can be slow, and a booking is not undone by a rollback.
  const booked = await account.adapter().bookPickup!(
    {
      address: from,
      pickupDate: body.pickupDate,
      readyBy: body.readyBy,
      closeBy: body.closeBy,
      parcels: body.parcels,
      weightGrams: body.weight,
      location: body.location?.trim() || null,
      serviceCodes,
    },
    AbortSignal.timeout(CARRIER_TIMEOUT_MS),
  ).catch((error: unknown) => carrierFailure(account.carrier, 'pickup', error));
  const row = await deps.database.withTenant(auth.tenantId, (tx) =>
    repo.insertPickup(tx, {
      tenantId: auth.tenantId,
      carrier: account.carrier,
      carrierAccountId: account.accountId,
      confirmation: booked.confirmation,
      pickupDate: body.pickupDate,
      readyBy: body.readyBy,
      closeBy: body.closeBy,
      address: { ...from },
      parcels: body.parcels,
      weight: body.weight,
      location: body.location?.trim() || null,
      message: booked.message,
      createdById: auth.userId,
      createdByEmail: auth.email,
    }),
  );
  return pickupOf(row);
}

/** The end of the day (docs/end-of-day.md): the day's labels, USPS SCAN forms and carrier pickups. */
export function createEndOfDay(deps: EndOfDayDeps) {
  /**
   * One SCAN form for the day's USPS labels of the account not on a form yet. The day of the account is locked while
   * USPS answers, so two clicks make one form; USPS refusing (a label voided meanwhile) leaves nothing recorded.
   */
  async function makeScanForm(auth: AuthContext, body: ScanFormCreate): Promise<ScanForm> {
    return deps.database.withTenant(auth.tenantId, async (tx) => {
      const date = body.day ?? (await zoneOf(tx, auth.tenantId)).today;
      const account = await accountFor(deps, tx, auth.tenantId, body.carrierAccountId, SCAN_FORM_CARRIERS, 'SCAN form');
      await repo.lockDay(tx, auth.tenantId, account.accountId!, date);
      const on = new Set((await repo.dayScanForms(tx, auth.tenantId, date)).flatMap((form) => form.labelIds));
      const labels = (await repo.dayLabels(tx, auth.tenantId, date)).filter(
        (label: DayLabelRow) => label.carrierAccountId === account.accountId && !on.has(label.id),
      );
      if (labels.length === 0) {
        throw new HttpError(409, `No ${CARRIER_NAMES[account.carrier]} labels of ${date} are left off a SCAN form`, {
          reason: 'no_labels',
        });
      }
      const from = await needShipFrom(tx, auth.tenantId);
      const form = await account.adapter().createScanForm!(
        {
          labels: labels.map((l) => ({ trackingNumber: l.trackingNumber, shipDate: l.shipDate })),
          from,
          shipDate: date,
        },
        AbortSignal.timeout(CARRIER_TIMEOUT_MS),
      ).catch((error: unknown) => carrierFailure(account.carrier, 'SCAN form', error));
      const row = await repo.insertScanForm(tx, {
        tenantId: auth.tenantId,
        carrier: account.carrier,
        carrierAccountId: account.accountId,
        shipDate: date,
        fromAddress: { ...from },
        labelIds: labels.map((l) => l.id),
        carrierRef: form.carrierRef,
        contentType: form.contentType,
        document: form.document,
        createdById: auth.userId,
        createdByEmail: auth.email,
      });
      return scanFormOf(row, new Map(labels.map((l) => [l.id, l.trackingNumber])));
    });
  }

  async function scanFormDocument(auth: AuthContext, idText: string): Promise<ServedDocument> {
    const id = parseId(idText);
    const row =
      id === null
        ? undefined
        : await deps.database.withTenant(auth.tenantId, (tx) => repo.scanFormDocument(tx, auth.tenantId, id), {
            readOnly: true,
          });
    if (!row?.document || !row.contentType) throw notFound('SCAN form not found');
    return { contentType: row.contentType, filename: `scan-form-${row.carrierRef ?? row.id}.pdf`, bytes: row.document };
  }

  /** Cancels a booked pickup with its carrier; the row is locked meanwhile, so it is cancelled once. */
  async function cancelPickup(auth: AuthContext, idText: string): Promise<Pickup> {
    const id = parseId(idText);
    if (id === null) throw notFound('Pickup not found');
    return deps.database.withTenant(auth.tenantId, async (tx) => {
      const row = await repo.pickupForUpdate(tx, auth.tenantId, id);
      if (!row) throw notFound('Pickup not found');
      if (row.status === 'canceled') {
        throw new HttpError(409, 'This pickup is canceled already', { reason: 'already_canceled' });
      }
      const carrier = row.carrier as Carrier;
      const account = await deps.carriers.purchasingAccount(tx, auth.tenantId, carrier, row.carrierAccountId, {
        recorded: true,
      });
      await account.adapter().cancelPickup!(
        { confirmation: row.confirmation ?? '', pickupDate: row.pickupDate },
        AbortSignal.timeout(CARRIER_TIMEOUT_MS),
      ).catch((error: unknown) => carrierFailure(carrier, 'cancel', error));
      return pickupOf(await repo.markCanceled(tx, auth.tenantId, id));
    });
  }

  return {
    view: (auth: AuthContext, day?: string) => dayView(deps, auth, day),
    makeScanForm,
    scanFormDocument,
    bookPickup: (auth: AuthContext, body: PickupCreate) => bookPickup(deps, auth, body),
    cancelPickup,
  };
}

export type EndOfDayService = ReturnType<typeof createEndOfDay>;
