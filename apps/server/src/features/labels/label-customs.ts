import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  CUSTOMS_LIMITS,
  DEFAULT_CUSTOMS,
  customsProblems,
  formatWeight,
  minorToDecimal,
  needsCustoms,
  normaliseHsCode,
  type Carrier,
  type CustomsDeclaration,
  type CustomsDefaults,
  type CustomsDraft,
  type CustomsDraftLine,
  type ExportFiling,
  type UnitSystem,
} from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { deliveryLines, orderLines, products, type OrderRow } from '../../db/schema/index.ts';
import { customsRefusals } from '../../integrations/carriers/carrier-customs.ts';
import type { ShipmentAddress, ShipmentCustoms } from '../../integrations/carriers/carrier-types.ts';
import { badRequest } from '../../lib/http-errors.ts';

/**
 * Customs declarations (docs/customs.md): the draft a label form starts with, prefilled from the delivery's lines and
 * their products, and the checks a purchase passes before the carrier is asked (every problem named by field and
 * line, nothing bought).
 */

/** One order line in the delivery, with what its product knows for customs. */
interface CustomsContentsRow {
  lineId: number;
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
  weight: number;
  productTitle: string | null;
  customsDescription: string | null;
  hsCode: string | null;
  originCountry: string | null;
  declaredValue: number | null;
  declaredCurrency: string | null;
  productWeight: number | null;
}

/** The delivery's lines and their live products, in the order's line order (one query). */
export async function customsContents(
  tx: Executor,
  tenantId: string,
  deliveryId: number,
): Promise<CustomsContentsRow[]> {
  return tx
    .select({
      lineId: orderLines.id,
      sku: orderLines.sku,
      name: orderLines.name,
      quantity: deliveryLines.quantity,
      unitPrice: orderLines.unitPrice,
      weight: orderLines.weight,
      productTitle: products.title,
      customsDescription: products.customsDescription,
      hsCode: products.hsCode,
      originCountry: products.originCountry,
      declaredValue: products.declaredValue,
      declaredCurrency: products.declaredCurrency,
      productWeight: products.weight,
    })
    .from(deliveryLines)
    .innerJoin(
      orderLines,
      and(eq(orderLines.tenantId, deliveryLines.tenantId), eq(orderLines.id, deliveryLines.lineId)),
    )
    .leftJoin(
      products,
      and(eq(products.tenantId, orderLines.tenantId), eq(products.sku, orderLines.sku), isNull(products.archivedAt)),
    )
    .where(and(eq(deliveryLines.tenantId, tenantId), eq(deliveryLines.deliveryId, deliveryId)))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

/** A title cut to `max` characters at a word, for a description nobody wrote for customs. */
function shortTitle(title: string, max: number): string {
  const text = title.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:–-]+$/, '');
}

/** The strictest description length among carriers (USPS): a draft from a title fits every carrier. */
const DRAFT_DESCRIPTION = 30;

/** The exemption a US export starts with: to Canada 30.36, elsewhere 30.37(a). */
function defaultFiling(from: ShipmentAddress, to: ShipmentAddress): ExportFiling {
  return from.country === 'US' && to.country === 'CA' ? 'NOEEI_30_36' : 'NOEEI_30_37_a';
}

function draftLine(row: CustomsContentsRow, currency: string): CustomsDraftLine {
  const perUnitWeight = row.weight > 0 ? row.weight : (row.productWeight ?? 0);
  const declared = row.declaredValue !== null && row.declaredCurrency === currency ? row.declaredValue : null;
  return {
    lineId: String(row.lineId),
    sku: row.sku,
    title: row.name,
    description: row.customsDescription?.trim() || shortTitle(row.productTitle || row.name, DRAFT_DESCRIPTION),
    hsCode: row.hsCode,
    originCountry: row.originCountry ?? '',
    quantity: row.quantity,
    value: Math.min((declared ?? row.unitPrice) * row.quantity, CUSTOMS_LIMITS.lineValue),
    weight: perUnitWeight * row.quantity,
  };
}

interface CustomsContext {
  order: Pick<OrderRow, 'orderNumber' | 'currency'>;
  from: ShipmentAddress;
  to: ShipmentAddress;
  /** The parcel's weight, grams (box included): the lines' net weights cannot add up to more. */
  parcelWeight: number;
  units: UnitSystem;
}

/**
 * Problems beyond each field's own shape: the lines must be the parcel's contents (every unit, nothing else), their
 * net weights within the parcel's, and a US export with a Schedule B line over $2,500 needs an ITN (15 CFR 30.37(a)).
 */
function contentProblems(
  declaration: Pick<CustomsDeclaration, 'exportFiling' | 'lines'>,
  rows: readonly CustomsContentsRow[],
  context: CustomsContext,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const byLine = new Map(rows.map((row) => [String(row.lineId), row]));
  const seen = new Set<string>();
  declaration.lines.forEach((line, index) => {
    const row = byLine.get(line.lineId);
    const at = `lines.${index}`;
    if (!row) problems[`${at}.lineId`] = `Line ${index + 1}: this parcel carries no order line ${line.lineId}`;
    else if (seen.has(line.lineId)) problems[`${at}.lineId`] = `Line ${index + 1} (${row.sku}) is declared twice`;
    else if (line.quantity !== row.quantity) {
      problems[`${at}.quantity`] =
        `Line ${index + 1} (${row.sku}): the parcel carries ${row.quantity}, not ${line.quantity}`;
    }
    seen.add(line.lineId);
  });
  const missing = rows.filter((row) => !seen.has(String(row.lineId)));
  if (missing.length) {
    problems.lines = `Declare every item in the parcel: ${missing.map((row) => `${row.sku} (${row.quantity})`).join(', ')} missing`;
  }
  const net = declaration.lines.reduce((sum, line) => sum + line.weight, 0);
  if (net > context.parcelWeight && !problems.lines) {
    problems.lines =
      `The items' net weights add up to ${formatWeight(net, context.units)}, ` +
      `more than the parcel's ${formatWeight(context.parcelWeight, context.units)}`;
  }
  const usExport = context.from.country === 'US' && context.order.currency === 'USD';
  if (usExport && declaration.exportFiling !== 'AES_ITN') {
    if (declaration.exportFiling === 'NOEEI_30_36' && context.to.country !== 'CA') {
      problems.exportFiling = 'The exemption 30.36 is for exports to Canada only';
    }
    // Per Schedule B number: lines of one HS code count together; a line without one stands alone.
    const totals = new Map<string, { value: number; index: number }>();
    declaration.lines.forEach((line, index) => {
      const key = (line.hsCode && normaliseHsCode(line.hsCode)) || `line-${index}`;
      const total = totals.get(key) ?? { value: 0, index };
      totals.set(key, { value: total.value + line.value, index: total.index });
    });
    const over = [...totals.values()].find((total) => total.value > CUSTOMS_LIMITS.eeiThresholdCents);
    if (over && declaration.exportFiling !== 'NOEEI_30_36' && !problems.exportFiling) {
      problems.exportFiling =
        `Line ${over.index + 1} is worth $${minorToDecimal(over.value, 'USD')}: over $2,500 per Schedule B number, ` +
        'US exports need an EEI filed in AES; choose that filing and enter its ITN';
    }
  }
  return problems;
}

/**
 * The form's draft for a delivery (null when the shipment needs no customs): the batch's or the usual choices, the
 * order's number as the invoice's, one line per order line in the parcel, and what is still missing.
 */
export function draftCustoms(
  rows: readonly CustomsContentsRow[],
  context: CustomsContext,
  defaults: CustomsDefaults = DEFAULT_CUSTOMS,
): CustomsDraft | null {
  if (!needsCustoms(context.from, context.to)) return null;
  const lines = rows.map((row) => draftLine(row, context.order.currency));
  const declaration: CustomsDraft['declaration'] = {
    contentsType: defaults.contentsType,
    contentsExplanation: defaults.contentsExplanation ?? null,
    nonDelivery: defaults.nonDelivery,
    incoterm: defaults.incoterm,
    invoiceNumber: context.order.orderNumber.slice(0, CUSTOMS_LIMITS.invoiceNumberLength),
    exportFiling: defaultFiling(context.from, context.to),
    aesItn: null,
    lines,
  };
  const problems = {
    ...customsProblems(declaration),
    ...contentProblems(declaration, rows, context),
  };
  return { currency: context.order.currency, declaration, problems };
}

/** The first problem of a draft, for a batch item's message (the SKU named, so the seller can fix its product). */
export function firstCustomsProblem(draft: CustomsDraft): string | null {
  const [first] = Object.values(draft.problems);
  return first ? `Customs: ${first}` : null;
}

/**
 * The declaration a purchase sends: the one it carries (the form's, checked against the parcel) or, without one,
 * the draft (a batch's, an API client's), as the carrier takes it. Any problem is a 400 naming `label.customs.<field>`
 * and the line; nothing is bought.
 */
export function purchaseCustoms(
  carrier: Carrier,
  given: CustomsDeclaration | undefined,
  rows: readonly CustomsContentsRow[],
  context: CustomsContext & { shipDate: string },
  defaults?: CustomsDefaults,
): ShipmentCustoms | null {
  const prefix = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).map(([field, message]) => [`label.customs.${field}`, message]));
  if (!needsCustoms(context.from, context.to)) {
    if (!given) return null;
    // A declaration sent for a parcel that crosses no border is a mistake of the caller's: its lines are looked up
    // (another organisation's line is refused as a missing one), then the declaration itself is refused.
    const unknown = Object.fromEntries(
      Object.entries(contentProblems(given, rows, context)).filter(([field]) => field.endsWith('.lineId')),
    );
    if (Object.keys(unknown).length) throw badRequest(prefix(unknown));
    throw badRequest({
      'label.customs': `This parcel stays in one customs territory (${context.from.country} to ${context.to.country}): send no customs declaration`,
    });
  }
  const draft = draftCustoms(rows, context, defaults)!;
  const declaration: CustomsDeclaration = given ?? draft.declaration;
  const skus = new Map(rows.map((row) => [String(row.lineId), row.sku]));
  // The SKUs named in the words, as the draft's are.
  const named = { ...declaration, lines: declaration.lines.map((line) => ({ ...line, sku: skus.get(line.lineId) })) };
  const problems = given ? { ...customsProblems(named), ...contentProblems(given, rows, context) } : draft.problems;
  if (Object.keys(problems).length) throw badRequest(prefix(problems));
  const customs: ShipmentCustoms = {
    contentsType: declaration.contentsType,
    contentsExplanation: declaration.contentsExplanation?.trim() || null,
    nonDelivery: declaration.nonDelivery,
    incoterm: declaration.incoterm,
    invoiceNumber: declaration.invoiceNumber.trim(),
    invoiceDate: context.shipDate,
    exportFiling: declaration.exportFiling,
    aesItn: declaration.exportFiling === 'AES_ITN' ? declaration.aesItn!.trim().toUpperCase() : null,
    currency: context.order.currency,
    signer: context.from.name || context.from.company || 'Shipper',
    lines: declaration.lines.map((line) => ({
      sku: skus.get(line.lineId) ?? '',
      description: line.description.trim(),
      hsCode: line.hsCode ? normaliseHsCode(line.hsCode) : null,
      originCountry: line.originCountry,
      quantity: line.quantity,
      valueMinor: line.value,
      weightGrams: line.weight,
    })),
  };
  const refusals = customsRefusals(carrier, customs);
  if (Object.keys(refusals).length) throw badRequest(prefix(refusals));
  return customs;
}
