import { PRODUCT_LIMITS, isCountryCode, normaliseHsCode } from '@shipdesk/contract';

/**
 * What a page of channel orders says about the tenant's products (docs/products.md, "Products from channels"). Pure:
 * the lines as the channel adapters map them (weights already in grams, sizes in inches) in, one fact per SKU out.
 */

/** An order line as an adapter maps it; `weight` 0 means the channel did not say. */
export interface ChannelProductLine {
  sku: string;
  name: string;
  /** Grams per unit; 0 when not known. */
  weight: number;
  /** Inches per unit, when the channel sends all three sides. */
  size?: { length: number; width: number; height: number } | null;
  /** The customs facts the channel keeps for the product (HS code, country of origin), unchecked. */
  customs?: { hsCode: string | null; originCountry: string | null } | null;
}

/** What the channel says of one SKU; null where it said nothing usable. */
interface ChannelProductFacts {
  sku: string;
  /** '' when the channel sent no name. */
  title: string;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  /** Digits only, and an assigned ISO country code; null when the channel said nothing usable. */
  hsCode: string | null;
  originCountry: string | null;
}

const inches = (value: number) => Math.round(value * 100) / 100;

/** Whole grams within what a parcel may weigh, else null ("not known": 0, negative, absurd, not a number). */
function gramsOf(weight: number): number | null {
  if (!Number.isFinite(weight)) return null;
  const grams = Math.round(weight);
  return grams > 0 && grams <= PRODUCT_LIMITS.maxGrams ? grams : null;
}

/** The three sides to two decimals when each is above 0 and within bounds, else null (a product has all or none). */
function sidesOf(size: ChannelProductLine['size']): [number, number, number] | null {
  if (!size) return null;
  const sides = [size.length, size.width, size.height].map((side) => (Number.isFinite(side) ? inches(side) : 0));
  return sides.every((side) => side > 0 && side <= PRODUCT_LIMITS.maxInches)
    ? (sides as [number, number, number])
    : null;
}

/**
 * One fact per SKU of the orders' lines, sorted by SKU (so concurrent pulls lock products in one order). A line without
 * a SKU, or with one longer than a product's, says nothing. When several lines name a SKU, each later line's title,
 * weight, size and customs facts (an HS code of 6 to 10 digits, a known country) replace the earlier ones it gives (a page is oldest change first); a later line that does not say
 * a weight leaves the earlier one's.
 */
export function channelProductFacts(
  orders: ReadonlyArray<{ lines: readonly ChannelProductLine[] }>,
): ChannelProductFacts[] {
  const facts = new Map<string, ChannelProductFacts>();
  for (const line of orders.flatMap((order) => order.lines)) {
    const sku = line.sku.trim();
    if (sku === '' || sku.length > PRODUCT_LIMITS.skuLength) continue;
    const fact = facts.get(sku) ?? {
      sku,
      title: '',
      weight: null,
      length: null,
      width: null,
      height: null,
      hsCode: null,
      originCountry: null,
    };
    const title = line.name.trim().slice(0, PRODUCT_LIMITS.titleLength);
    if (title !== '') fact.title = title;
    fact.weight = gramsOf(line.weight) ?? fact.weight;
    const sides = sidesOf(line.size);
    if (sides) [fact.length, fact.width, fact.height] = sides;
    const hsCode = line.customs?.hsCode ? normaliseHsCode(line.customs.hsCode) : null;
    const origin = line.customs?.originCountry?.trim().toUpperCase() ?? '';
    fact.hsCode = hsCode ?? fact.hsCode;
    fact.originCountry = isCountryCode(origin) ? origin : fact.originCountry;
    facts.set(sku, fact);
  }
  return [...facts.values()].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}
