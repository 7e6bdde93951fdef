import {
  CARRIER_NAMES,
  PICKUP_CARRIERS,
  type Carrier,
  type EndOfDay,
  type EndOfDayGroup,
  type Pickup,
  type PickupCreate,
  type ScanFormCreate,
} from '@shipdesk/contract';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { shipFrom } from '../labels/index.ts';
import { listCarrierAccounts } from '../shipping/index.ts';
import { formOfLabel, makeForm, scanFormDocument, settleGroupForm } from './end-of-day-forms.ts';
import type { PickupRow } from './end-of-day-repository.ts';
import {
  accountFor,
  CARRIER_TIMEOUT_MS,
  carrierFailure,
  needShipFrom,
  repo,
  scanFormOf,
  text,
  zoneOf,
  type EndOfDayDeps,
} from './end-of-day-support.ts';

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
            form: formOfLabel(carrier, label.serviceCode).form,
            withoutForm: 0,
            canMakeForm: false,
            formNote: null,
            canPickup: label.carrierAccountId !== null && PICKUP_CARRIERS.includes(carrier),
          };
          groups.set(key, group);
        }
        const scanFormId = formOf.get(label.id) ?? null;
        const { needsForm } = formOfLabel(carrier, label.serviceCode);
        group.labels.push({
          id: String(label.id),
          orderId: String(label.orderId),
          trackingNumber: label.trackingNumber,
          serviceCode: label.serviceCode,
          serviceName: label.serviceName,
          weight: label.weight,
          scanFormId: text(scanFormId),
          needsForm,
        });
        if (needsForm && scanFormId === null) group.withoutForm += 1;
      }
      for (const group of groups.values()) settleGroupForm(group, date < today);
      return {
        day: date,
        today,
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

/** The end of the day (docs/end-of-day.md): the day's labels, its forms (SCAN form, close, manifest) and pickups. */
export function createEndOfDay(deps: EndOfDayDeps) {
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
    makeScanForm: (auth: AuthContext, body: ScanFormCreate) => makeForm(deps, auth, body),
    scanFormDocument: (auth: AuthContext, id: string) => scanFormDocument(deps, auth, id),
    bookPickup: (auth: AuthContext, body: PickupCreate) => bookPickup(deps, auth, body),
    cancelPickup,
  };
}

export type EndOfDayService = ReturnType<typeof createEndOfDay>;
