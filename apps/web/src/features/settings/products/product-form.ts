import {
  formatLength,
  formatWeight,
  HAZARD_CLASSES,
  minorToDecimal,
  normaliseHsCode,
  parseMoney,
  PRODUCT_LIMITS,
  type Product,
  type ProductInput,
  type UnitSystem,
} from '@shipdesk/contract';
import { boxSizesText, storedValue, unitResult, unitText, type Quantity, type UnitValue } from '@/lib/units';

/**
 * The product form as typed (docs/products.md): weight and sides in the tenant's units over the stored grams and
 * inches they started from (docs/units.md: one nobody edited is sent back exactly), the declared value in the major
 * units of its currency as text. `packing` is how it ships: '' (not set), `box:<id>` (one of the
 * seller's boxes) or `package` (a carrier's package code, typed in `packageType`).
 */
export interface ProductFormValues {
  sku: string;
  title: string;
  weight: UnitValue;
  length: UnitValue;
  width: UnitValue;
  height: UnitValue;
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

export function defaultProductForm(product: Product | undefined, currency: string): ProductFormValues {
  return {
    sku: product?.sku ?? '',
    title: product?.title ?? '',
    weight: storedValue(product?.weight),
    length: storedValue(product?.length),
    width: storedValue(product?.width),
    height: storedValue(product?.height),
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

const isEmpty = (value: UnitValue, quantity: Quantity, system: UnitSystem) =>
  unitText(value, quantity, system).trim() === '';

/** The grams or inches a field sends: null while empty (or not a value; the checks say why). */
function unitNumber(value: UnitValue, quantity: Quantity, system: UnitSystem): number | null {
  if (isEmpty(value, quantity, system)) return null;
  const result = unitResult(value, quantity, system);
  return result.ok ? result.value : null;
}

/** What the server checks too, answered before sending; the server's answer is shown on the same fields. */
export function validateProductForm(values: ProductFormValues, system: UnitSystem): Record<string, string> {
  const messages: Record<string, string> = {};
  const sku = values.sku.trim();
  if (!sku) messages.sku = 'SKU is required';
  else if (sku.length > PRODUCT_LIMITS.skuLength) messages.sku = `Use at most ${PRODUCT_LIMITS.skuLength} characters`;
  if (values.title.trim().length > PRODUCT_LIMITS.titleLength) {
    messages.title = `Use at most ${PRODUCT_LIMITS.titleLength} characters`;
  }
  if (!isEmpty(values.weight, 'weight', system)) {
    const weight = unitResult(values.weight, 'weight', system);
    if (!weight.ok) messages.weight = weight.reason;
    else if (weight.value > PRODUCT_LIMITS.maxGrams) {
      messages.weight = `At most ${formatWeight(PRODUCT_LIMITS.maxGrams, system)}`;
    }
  }
  const filled = SIDES.filter((s) => !isEmpty(values[s], 'length', system));
  for (const side of SIDES) {
    if (isEmpty(values[side], 'length', system)) {
      if (filled.length > 0) messages[side] = 'Enter all three sides, or none';
      continue;
    }
    const result = unitResult(values[side], 'length', system);
    if (!result.ok) messages[side] = result.reason;
    else if (!(result.value > 0 && result.value <= PRODUCT_LIMITS.maxInches)) {
      messages[side] = `Above 0, up to ${formatLength(PRODUCT_LIMITS.maxInches, system)}`;
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

/** The product the server takes (grams and inches); call after `validateProductForm` found nothing. */
export function toProductInput(values: ProductFormValues, system: UnitSystem): ProductInput {
  const currency = values.declaredCurrency.trim().toUpperCase();
  const money = values.declaredValue.trim() ? parseMoney(values.declaredValue, currency) : null;
  return {
    sku: values.sku.trim(),
    title: values.title.trim(),
    weight: unitNumber(values.weight, 'weight', system),
    length: unitNumber(values.length, 'length', system),
    width: unitNumber(values.width, 'length', system),
    height: unitNumber(values.height, 'length', system),
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

/** "5 × 4 × 4.5 in", "12.7 × 10.2 × 11.4 cm": the tenant's units; null without a size. */
export function productSizeText(p: Pick<Product, 'length' | 'width' | 'height'>, system: UnitSystem): string | null {
  return p.length === null || p.width === null || p.height === null
    ? null
    : boxSizesText({ length: p.length, width: p.width, height: p.height }, system);
}

export const HAZARD_OPTIONS = HAZARD_CLASSES.map((h) => ({ code: h.code, name: h.name }));
