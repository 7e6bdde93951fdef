import {
  CARRIER_NAMES,
  END_OF_DAY_FORM_NAMES,
  END_OF_DAY_FORMS,
  formCoversService,
  SCAN_FORM_CARRIERS,
  type Carrier,
  type EndOfDayGroup,
  type ScanForm,
  type ScanFormCreate,
} from '@shipdesk/contract';
import type { ServedDocument } from '../../lib/document-reply.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DayLabelRow } from './end-of-day-repository.ts';
import {
  accountFor,
  CARRIER_TIMEOUT_MS,
  carrierFailure,
  needShipFrom,
  repo,
  scanFormOf,
  zoneOf,
  type EndOfDayDeps,
} from './end-of-day-support.ts';

/**
 * The day's form of an account (docs/end-of-day.md): USPS's SCAN form, FedEx's Ground End of Day Close, a Shippo
 * manifest of its USPS labels. Each covers the account's labels of the day that its carrier's form takes and that are
 * not on a form yet, so a FedEx close may be made several times a day. Forms are made for today or a later day only: a
 * past day's parcels have been handed over, and the carriers tie a form to its mailing or close date.
 */

/** Why no form is offered for a group (or none is needed); null when one can be made. */
function noteOf(group: EndOfDayGroup, covered: number, past: boolean): string | null {
  const name = END_OF_DAY_FORM_NAMES[group.form];
  if (group.form === 'none') {
    return group.carrier === 'ups'
      ? 'UPS needs no close: it receives the shipment data with each label.'
      : 'The built-in carrier needs no form.';
  }
  if (covered === 0) {
    return group.form === 'close'
      ? 'Only FedEx Express labels: Express needs no close (only Ground and Home Delivery do).'
      : 'No USPS labels through Shippo: the other carriers need no manifest.';
  }
  if (group.withoutForm === 0) return `Every label is on a ${name}.`;
  if (past) return `A past day: a ${name} is made on the day itself.`;
  if (!group.from) return 'Set the warehouse address (Settings > Warehouse) first.';
  if (group.carrierAccountId === null) return 'These labels have no carrier account left.';
  return null;
}

/** Sets the group's form fields once its labels are in. */
export function settleGroupForm(group: EndOfDayGroup, past: boolean): void {
  const covered = group.labels.filter((label) => label.needsForm).length;
  group.formNote = noteOf(group, covered, past);
  group.canMakeForm = group.formNote === null;
}

/** The form kind and whether it covers a label, for the day's view. */
export function formOfLabel(carrier: Carrier, serviceCode: string) {
  return { form: END_OF_DAY_FORMS[carrier], needsForm: formCoversService(carrier, serviceCode) };
}

/**
 * The day's form for the account's labels not on one yet. The day of the account is locked while the carrier answers,
 * so two clicks make one form; a refusal (a label voided meanwhile, nothing left to close) leaves nothing recorded.
 */
export async function makeForm(deps: EndOfDayDeps, auth: AuthContext, body: ScanFormCreate): Promise<ScanForm> {
  return deps.database.withTenant(auth.tenantId, async (tx) => {
    const { today } = await zoneOf(tx, auth.tenantId);
    const date = body.day ?? today;
    const account = await accountFor(
      deps,
      tx,
      auth.tenantId,
      body.carrierAccountId,
      SCAN_FORM_CARRIERS,
      'SCAN form, close or manifest',
    );
    const name = END_OF_DAY_FORM_NAMES[END_OF_DAY_FORMS[account.carrier]];
    if (date < today)
      throw badRequest({ day: `A ${name} is made for today (${today}) or a later day, not a past day` });
    await repo.lockDay(tx, auth.tenantId, account.accountId!, date);
    const on = new Set((await repo.dayScanForms(tx, auth.tenantId, date)).flatMap((form) => form.labelIds));
    const labels = (await repo.dayLabels(tx, auth.tenantId, date)).filter(
      (label: DayLabelRow) =>
        label.carrierAccountId === account.accountId &&
        !on.has(label.id) &&
        formCoversService(account.carrier, label.serviceCode),
    );
    if (labels.length === 0) {
      throw new HttpError(409, `No ${CARRIER_NAMES[account.carrier]} labels of ${date} are left off a ${name}`, {
        reason: 'no_labels',
      });
    }
    const from = await needShipFrom(tx, auth.tenantId);
    const form = await account.adapter().createScanForm!(
      {
        labels: labels.map((l) => ({
          trackingNumber: l.trackingNumber,
          shipDate: l.shipDate,
          carrierShipmentId: l.carrierShipmentId,
          serviceCode: l.serviceCode,
        })),
        from,
        shipDate: date,
      },
      AbortSignal.timeout(CARRIER_TIMEOUT_MS),
    ).catch((error: unknown) => carrierFailure(account.carrier, name, error));
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

/** A form's document as the carrier made it (a PDF; a FedEx manifest may be text). */
export async function scanFormDocument(deps: EndOfDayDeps, auth: AuthContext, idText: string): Promise<ServedDocument> {
  const id = parseId(idText);
  const row =
    id === null
      ? undefined
      : await deps.database.withTenant(auth.tenantId, (tx) => repo.scanFormDocument(tx, auth.tenantId, id), {
          readOnly: true,
        });
  if (!row?.document || !row.contentType) throw notFound('SCAN form not found');
  const extension = row.contentType.startsWith('application/pdf') ? 'pdf' : 'txt';
  return {
    contentType: row.contentType,
    filename: `end-of-day-form-${row.carrierRef ?? row.id}.${extension}`,
    bytes: row.document,
  };
}
