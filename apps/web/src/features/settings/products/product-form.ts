import {
  HAZARD_CLASSES,
  minorToDecimal,
  normaliseHsCode,
  parseMoney,
  PRODUCT_LIMITS,
  type Product,
  type ProductInput,
} from '@shipdesk/contract';

/**
 * The product form as typed (docs/products.md): weight in grams, sides in inches, the declared value in the major
 * units of its currency, all as text until sent. `packing` is how it ships: '' (not set), `box:<id>` (one of the
 * seller's boxes) or `package` (a carrier's package code, typed in `packageType`).
 */
export interface ProductFormValues {
  sku: string;
  title: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  packing: string;
  packageType: string;
  hazardClass: string;
  category: string;
  customsDescription: string;
  hsCode: string;
  originCountry: string;
  declaredValue: string;
  declaredCurrency: string;
}

/** The form's fields a server error may name (`boxSizeId` lands on the packing choice). */
export const PRODUCT_FIELDS = [
  'sku',
  'title',
  'weight',
  'length',
  'width',
  'height',
  'packing',
  'packageType',
  'hazardClass',
  'category',
  'customsDescription',
  'hsCode',
  'originCountry',
  'declaredValue',
  'declaredCurrency',
] as const;

const SIDES = ['length', 'width', 'height'] as const;
const text = (v: number | string | null) => (v === null ? '' : String(v));

export function defaultProductForm(product: Product | undefined, currency: string): ProductFormValues {
  return {
    sku: product?.sku ?? '',
    title: product?.title ?? '',
    weight: text(product?.weight ?? null),
    length: text(product?.length ?? null),
    width: text(product?.width ?? null),
    height: text(product?.height ?? null),
    packing: product?.boxSizeId ? `box:${product.boxSizeId}` : product?.packageType ? 'package' : '',
    packageType: product?.packageType ?? '',
    hazardClass: product?.hazardClass ?? '',
    category: product?.category ?? '',
    customsDescription: product?.customsDescription ?? '',
    hsCode: product?.hsCode ?? '',
    originCountry: product?.originCountry ?? '',
    declaredValue:
      product?.declaredValue != null && product.declaredCurrency
        ? minorToDecimal(product.declaredValue, product.declaredCurrency)
        : '',
    declaredCurrency: product?.declaredCurrency ?? currency,
  };
}

const number = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** What the server checks too, answered before sending; the server's answer is shown on the same fields. */
export function validateProductForm(values: ProductFormValues): Record<string, string> {
  const messages: Record<string, string> = {};
  const sku = values.sku.trim();
  if (!sku) messages.sku = 'SKU is required';
  else if (sku.length > PRODUCT_LIMITS.skuLength) messages.sku = `Use at most ${PRODUCT_LIMITS.skuLength} characters`;
  if (values.title.trim().length > PRODUCT_LIMITS.titleLength) {
    messages.title = `Use at most ${PRODUCT_LIMITS.titleLength} characters`;
  }
  const weight = number(values.weight);
  if (weight !== null && (!Number.isInteger(weight) || weight < 0 || weight > PRODUCT_LIMITS.maxGrams)) {
    messages.weight = `Whole grams, 0 to ${PRODUCT_LIMITS.maxGrams.toLocaleString('en')}`;
  }
  const filled = SIDES.filter((s) => values[s].trim() !== '');
  for (const side of SIDES) {
    const value = number(values[side]);
    if (value === null) {
      if (filled.length > 0) messages[side] = 'Enter all three sides, or none';
    } else if (!(value > 0 && value <= PRODUCT_LIMITS.maxInches)) {
      messages[side] = `Above 0, up to ${PRODUCT_LIMITS.maxInches}`;
    }
  }
  if (values.packing === 'package' && !values.packageType.trim())
    messages.packageType = 'Enter the carrier’s package code';
  if (values.hsCode.trim() && !normaliseHsCode(values.hsCode)) messages.hsCode = '6 to 10 digits, dots allowed';
  if (values.originCountry.trim() && !/^[A-Za-z]{2}$/.test(values.originCountry.trim())) {
    messages.originCountry = 'Two letters, e.g. US';
  }
  if (values.declaredValue.trim()) {
    const money = parseMoney(values.declaredValue, values.declaredCurrency.trim().toUpperCase() || 'USD');
    if (!money.ok) messages.declaredValue = money.message;
    if (!/^[A-Za-z]{3}$/.test(values.declaredCurrency.trim())) messages.declaredCurrency = 'Three letters, e.g. USD';
  }
  return messages;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toProductInput(values: ProductFormValues): ProductInput {
  const currency = values.declaredCurrency.trim().toUpperCase();
  const money = values.declaredValue.trim() ? parseMoney(values.declaredValue, currency) : null;
  return {
    sku: values.sku.trim(),
    title: values.title.trim(),
    weight: number(values.weight),
    length: number(values.length),
    width: number(values.width),
    height: number(values.height),
    boxSizeId: values.packing.startsWith('box:') ? values.packing.slice(4) : null,
    packageType: values.packing === 'package' ? orNull(values.packageType) : null,
    hazardClass: orNull(values.hazardClass),
    category: orNull(values.category),
    customsDescription: orNull(values.customsDescription),
    hsCode: orNull(values.hsCode),
    originCountry: orNull(values.originCountry)?.toUpperCase() ?? null,
    declaredValue: money?.ok ? money.minor : null,
    declaredCurrency: money?.ok ? currency : null,
  };
}

/** "5 × 4 × 4.5 in", or null without a size. */
export function productSizeText(p: Pick<Product, 'length' | 'width' | 'height'>): string | null {
  return p.length === null || p.width === null || p.height === null
    ? null
    : `${p.length} × ${p.width} × ${p.height} in`;
}

export const HAZARD_OPTIONS = HAZARD_CLASSES.map((h) => ({ code: h.code, name: h.name }));
