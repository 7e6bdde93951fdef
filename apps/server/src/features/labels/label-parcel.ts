import { and, asc, eq, gte } from 'drizzle-orm';
import type { Parcel, ShipLabelQuery } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { boxSizes, type BoxSizeRow, type DeliveryRow } from '../../db/schema/index.ts';
import type { ShipmentParcel } from '../../integrations/carriers/carrier-types.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { seedBoxSizes } from '../orders/index.ts';
import type { LabelsRepository } from './labels-repository.ts';

/** A parcel as the label form shows it: dimensions may still be missing (no box chosen yet). */
interface ParcelDraft {
  boxSizeId: number | null;
  packageType: string | null;
  weight: number;
  length: number | null;
  width: number | null;
  height: number | null;
}

async function findBox(tx: Executor, tenantId: string, id: number): Promise<BoxSizeRow | undefined> {
  const [row] = await tx
    .select()
    .from(boxSizes)
    .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, id)));
  return row;
}

/**
 * The parcel a delivery ships as, each part from the first that has it: what the form sent now, what was kept on
 * the delivery, the box (its size, its own weight added to the contents), the contents' weight.
 */
export async function draftParcel(
  tx: Executor,
  repo: LabelsRepository,
  tenantId: string,
  delivery: DeliveryRow,
  orderPackageType: string | null,
  query: Omit<ShipLabelQuery, 'deliveryId' | 'boxSizeId'> & { boxSizeId?: number | null },
): Promise<ParcelDraft> {
  const boxSizeId = query.boxSizeId !== undefined ? query.boxSizeId : delivery.boxSizeId;
  const box = boxSizeId ? await findBox(tx, tenantId, boxSizeId) : undefined;
  if (boxSizeId && !box) throw badRequest({ boxSizeId: `No box size ${boxSizeId}` });
  const contents = await repo.contentsWeight(tx, tenantId, delivery.id);
  const weighed = delivery.weight > 0 ? delivery.weight : contents + (box?.emptyWeight ?? 0);
  const size = (asked: number | undefined, kept: number | null, ofBox: number | undefined) =>
    asked ?? (query.boxSizeId !== undefined && ofBox !== undefined ? ofBox : (kept ?? ofBox ?? null));
  const draft: ParcelDraft = {
    boxSizeId: box?.id ?? null,
    packageType: query.packageType ?? delivery.packageType ?? orderPackageType,
    weight: query.weight ?? weighed,
    length: size(query.length, delivery.length, box?.length),
    width: size(query.width, delivery.width, box?.width),
    height: size(query.height, delivery.height, box?.height),
  };
  const asked = query.boxSizeId !== undefined || query.length || query.width || query.height;
  if (draft.length && draft.width && draft.height) return draft;
  if (asked) return draft;
  // Nothing says how big the parcel is: the smallest of the seller's boxes that holds its weight.
  const fallback = await smallestBoxFor(tx, tenantId, draft.weight);
  if (!fallback) return draft;
  return {
    ...draft,
    boxSizeId: fallback.id,
    weight: query.weight ?? (delivery.weight > 0 ? delivery.weight : contents + fallback.emptyWeight),
    length: fallback.length,
    width: fallback.width,
    height: fallback.height,
  };
}

/** The smallest of the tenant's boxes (by its sides) whose weight limit holds `grams`; the starter set if none yet. */
async function smallestBoxFor(tx: Executor, tenantId: string, grams: number): Promise<BoxSizeRow | undefined> {
  const [any] = await tx.select({ id: boxSizes.id }).from(boxSizes).where(eq(boxSizes.tenantId, tenantId)).limit(1);
  if (!any) await seedBoxSizes(tx, tenantId);
  const [box] = await tx
    .select()
    .from(boxSizes)
    .where(and(eq(boxSizes.tenantId, tenantId), gte(boxSizes.maxWeight, grams)))
    .orderBy(asc(boxSizes.length), asc(boxSizes.width), asc(boxSizes.height))
    .limit(1);
  return box;
}

/** Why the draft cannot be priced yet, for people; null when it can. */
export function parcelProblem(draft: ParcelDraft): string | null {
  if (draft.weight <= 0) return "Enter the parcel's weight: its lines have no weight";
  if (!draft.length || !draft.width || !draft.height) {
    return 'None of your boxes holds this weight: choose a size, or add a box size in Settings > Labels';
  }
  return null;
}

/** The box a purchase names must be the tenant's. */
export async function checkBox(tx: Executor, tenantId: string, parcel: Parcel): Promise<void> {
  if (parcel.boxSizeId && !(await findBox(tx, tenantId, Number(parcel.boxSizeId)))) {
    throw badRequest({ 'label.parcel.boxSizeId': `No box size ${parcel.boxSizeId}` });
  }
}

export const shipmentParcel = (parcel: Parcel, packageType: string): ShipmentParcel => ({
  weightGrams: parcel.weight,
  lengthIn: parcel.length,
  widthIn: parcel.width,
  heightIn: parcel.height,
  packageType,
});
