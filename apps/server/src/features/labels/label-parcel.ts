import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { InsuranceProvider, LabelOptions, LabelSignature, Parcel, ShipLabelQuery } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { boxSizes, type BoxSizeRow, type DeliveryRow, type OrderRow } from '../../db/schema/index.ts';
import type { ShipmentInsurance, ShipmentParcel } from '../../integrations/carriers/carrier-types.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { deliveryContents, seedBoxSizes } from '../orders/index.ts';
import type { LabelsRepository } from './labels-repository.ts';

/** A parcel as the label form shows it: dimensions may still be missing (no box chosen yet). */
interface ParcelDraft {
  boxSizeId: number | null;
  packageType: string | null;
  weight: number;
  length: number | null;
  width: number | null;
  height: number | null;
  /** The SKUs of its lines with no weight of their own nor a weighed product (docs/products.md). */
  unweighed: string[];
}

async function findBox(tx: Executor, tenantId: string, id: number): Promise<BoxSizeRow | undefined> {
  const [row] = await tx
    .select()
    .from(boxSizes)
    .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, id)));
  return row;
}

/**
 * The weight a delivery keeps, or what its contents weigh (docs/order-editing.md, "Weight sources"): a weight a
 * person typed (`seller`) stands; one that is its lines' (`lines`) is what its contents weigh now, a line without a
 * weight counted at its product's (docs/products.md), so an eBay line of weight 0 weighs what its product does once
 * the product has a weight; and nothing kept yet (0) is the contents plus the box's own weight.
 */
function keptWeight(delivery: Pick<DeliveryRow, 'weight' | 'weightSource'>, contents: number, box: number): number {
  if (delivery.weight <= 0) return contents + box;
  return delivery.weightSource === 'seller' ? delivery.weight : contents;
}

/**
 * The parcel a delivery ships as, each part from the first that has it: what the form sent now, what was kept on
 * the delivery, the box (its size, its own weight added to the contents), the contents' weight (a line without a
 * weight counts its product's, one query for the whole delivery).
 */
export async function draftParcel(
  tx: Executor,
  repo: LabelsRepository,
  tenantId: string,
  delivery: DeliveryRow,
  order: Pick<OrderRow, 'packageType' | 'boxSizeId'>,
  query: Omit<ShipLabelQuery, 'deliveryId' | 'boxSizeId'> & { boxSizeId?: number | null },
): Promise<ParcelDraft> {
  const orderPackageType = order.packageType;
  // The delivery's own box (a person shaped it), else the order's (a rule's or a person's "Set by hand").
  const boxSizeId = query.boxSizeId !== undefined ? query.boxSizeId : (delivery.boxSizeId ?? order.boxSizeId);
  let box = boxSizeId ? await findBox(tx, tenantId, boxSizeId) : undefined;
  if (boxSizeId && !box) throw badRequest({ boxSizeId: `No box size ${boxSizeId}` });
  // A box deleted (archived) since a rule or a person chose it for the order no longer ships anything: the parcel is
  // drafted as if none had been chosen (the smallest live box that holds it), so forms and batches never start from
  // a box a purchase would refuse. One the form names now is kept, for the purchase to refuse by name.
  if (query.boxSizeId === undefined && box?.archivedAt) box = undefined;
  const contents = await deliveryContents(tx, tenantId, delivery.id);
  const weighed = keptWeight(delivery, contents.weight, box?.emptyWeight ?? 0);
  const size = (asked: number | undefined, kept: number | null, ofBox: number | undefined) =>
    asked ?? (query.boxSizeId !== undefined && ofBox !== undefined ? ofBox : (kept ?? ofBox ?? null));
  const draft: ParcelDraft = {
    boxSizeId: box?.id ?? null,
    packageType: query.packageType ?? delivery.packageType ?? orderPackageType,
    weight: query.weight ?? weighed,
    length: size(query.length, delivery.length, box?.length),
    width: size(query.width, delivery.width, box?.width),
    height: size(query.height, delivery.height, box?.height),
    unweighed: contents.unweighed,
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
    weight: query.weight ?? keptWeight(delivery, contents.weight, fallback.emptyWeight),
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
    .where(and(eq(boxSizes.tenantId, tenantId), gte(boxSizes.maxWeight, grams), isNull(boxSizes.archivedAt)))
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

/** The box a purchase names must be the tenant's, and not deleted (archived) since the form was opened. */
export async function checkBox(tx: Executor, tenantId: string, parcel: Parcel): Promise<void> {
  if (!parcel.boxSizeId) return;
  const box = await findBox(tx, tenantId, Number(parcel.boxSizeId));
  if (!box) throw badRequest({ 'label.parcel.boxSizeId': `No box size ${parcel.boxSizeId}` });
  if (box.archivedAt) {
    throw badRequest({ 'label.parcel.boxSizeId': `The box size “${box.name}” was deleted; choose another` });
  }
}

export const shipmentParcel = (parcel: Parcel, packageType: string): ShipmentParcel => ({
  weightGrams: parcel.weight,
  lengthIn: parcel.length,
  widthIn: parcel.width,
  heightIn: parcel.height,
  packageType,
});

/** The options a label is bought with, resolved: the order's (a rule's or a person's) unless this label changes them. */
interface ResolvedOptions {
  insuredValue: number | null;
  insuranceProvider: InsuranceProvider;
  signature: LabelSignature | null;
  currency: string;
}

type OptionsOrder = Pick<OrderRow, 'insuredValue' | 'signature' | 'currency'>;

export function orderOptions(order: OptionsOrder, changed?: Partial<LabelOptions>): ResolvedOptions {
  const insured = changed?.insuredValue !== undefined ? changed.insuredValue : order.insuredValue;
  const signature = changed?.signature !== undefined ? changed.signature : (order.signature as LabelSignature | null);
  return {
    insuredValue: insured && insured > 0 ? insured : null,
    insuranceProvider: changed?.insuranceProvider ?? 'carrier',
    signature: signature ?? null,
    currency: order.currency,
  };
}

/** The options of a label form's query (`signature=none` clears it, `insuredValue=0` clears insurance). */
export function queryOptions(order: OptionsOrder, query: ShipLabelQuery): ResolvedOptions {
  return orderOptions(order, {
    ...(query.insuredValue !== undefined ? { insuredValue: query.insuredValue || null } : {}),
    ...(query.insuranceProvider ? { insuranceProvider: query.insuranceProvider } : {}),
    ...(query.signature ? { signature: query.signature === 'none' ? null : query.signature } : {}),
  });
}

/** The options as carriers take them. */
export function shipmentOptions(options: ResolvedOptions): {
  insurance: ShipmentInsurance | null;
  signature: LabelSignature | null;
} {
  return {
    insurance: options.insuredValue
      ? { amountMinor: options.insuredValue, currency: options.currency, provider: options.insuranceProvider }
      : null,
    signature: options.signature,
  };
}
