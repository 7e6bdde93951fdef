import {
  HAZARD_CLASS_CODES,
  isCountryCode,
  MAX_MINOR_UNITS,
  normaliseHsCode,
  PRODUCT_LIMITS,
  type ProductInput,
} from '@shipdesk/contract';

/**
 * What a product may be (docs/products.md), checked alike for the API and each row of a CSV import: the schema
 * checks the shapes it can, these rules the rest (codes that exist, fields that go together) and normalise what
 * people type (trimmed text, HS codes without dots, upper-case codes). Errors name the API's fields.
 */
export interface ProductFields {
  sku: string;
  title: string;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  boxSizeId: number | null;
  packageType: string | null;
  hazardClass: string | null;
  category: string | null;
  customsDescription: string | null;
  hsCode: string | null;
  originCountry: string | null;
  declaredValue: number | null;
  declaredCurrency: string | null;
}

export type ProductField = keyof ProductFields;
type ProductCheck = { ok: true; product: ProductFields } | { ok: false; errors: Partial<Record<ProductField, string>> };

let currencies: ReadonlySet<string> | undefined;
/** Whether `code` is an ISO 4217 currency the runtime knows. */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** Trimmed text, or null for none (absent, null or only spaces). */
const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const inRange = (n: number | null | undefined, min: number, max: number, exclusiveMin = false) =>
  n === null || n === undefined || (Number.isFinite(n) && (exclusiveMin ? n > min : n >= min) && n <= max);

/** Checks and normalises one product as typed; `boxSizeId` must still be checked to be the tenant's live box. */
export function checkProduct(input: ProductInput): ProductCheck {
  const errors: Partial<Record<ProductField, string>> = {};
  const sku = input.sku.trim();
  if (!sku) errors.sku = 'sku must not be blank';
  else if (sku.length > PRODUCT_LIMITS.skuLength)
    errors.sku = `sku must be at most ${PRODUCT_LIMITS.skuLength} characters`;
  const title = input.title?.trim() ?? '';
  if (title.length > PRODUCT_LIMITS.titleLength) {
    errors.title = `title must be at most ${PRODUCT_LIMITS.titleLength} characters`;
  }

  const weight = input.weight ?? null;
  if (weight !== null && (!Number.isInteger(weight) || !inRange(weight, 0, PRODUCT_LIMITS.maxGrams))) {
    errors.weight = `weight must be whole grams from 0 to ${PRODUCT_LIMITS.maxGrams.toLocaleString('en-US')}`;
  }
  const sides = { length: input.length ?? null, width: input.width ?? null, height: input.height ?? null };
  for (const [side, value] of Object.entries(sides) as Array<['length' | 'width' | 'height', number | null]>) {
    if (!inRange(value, 0, PRODUCT_LIMITS.maxInches, true)) {
      errors[side] = `${side} must be above 0 and at most ${PRODUCT_LIMITS.maxInches} inches`;
    }
  }
  const given = Object.values(sides).filter((v) => v !== null).length;
  if (given > 0 && given < 3) {
    for (const [side, value] of Object.entries(sides)) {
      if (value === null)
        errors[side as 'length'] ??= `${side} is required with the other sides (or leave all three empty)`;
    }
  }

  const boxSizeId = input.boxSizeId ? Number(input.boxSizeId) : null;
  const packageType = text(input.packageType);
  if (boxSizeId !== null && packageType !== null) {
    errors.packageType = 'packageType and boxSizeId exclude each other: a product ships in a box or a package type';
  }
  const hazardClass = text(input.hazardClass)?.toUpperCase() ?? null;
  if (hazardClass !== null && !HAZARD_CLASS_CODES.includes(hazardClass)) {
    errors.hazardClass = `hazardClass "${hazardClass}" is not one of ${HAZARD_CLASS_CODES.join(', ')}`;
  }
  const category = text(input.category);
  if (category && category.length > PRODUCT_LIMITS.categoryLength) {
    errors.category = `category must be at most ${PRODUCT_LIMITS.categoryLength} characters`;
  }
  const customsDescription = text(input.customsDescription);
  if (customsDescription && customsDescription.length > PRODUCT_LIMITS.customsDescriptionLength) {
    errors.customsDescription = `customsDescription must be at most ${PRODUCT_LIMITS.customsDescriptionLength} characters`;
  }
  const hsText = text(input.hsCode);
  const hsCode = hsText === null ? null : normaliseHsCode(hsText);
  if (hsText !== null && hsCode === null) errors.hsCode = `hsCode "${hsText}" must be 6 to 10 digits (dots allowed)`;
  const originCountry = text(input.originCountry)?.toUpperCase() ?? null;
  if (originCountry !== null && !isCountryCode(originCountry)) {
    errors.originCountry = `originCountry "${originCountry}" is not an ISO 3166-1 alpha-2 country code`;
  }

  const declaredValue = input.declaredValue ?? null;
  const declaredCurrency = text(input.declaredCurrency)?.toUpperCase() ?? null;
  if (declaredValue !== null && (!Number.isInteger(declaredValue) || !inRange(declaredValue, 0, MAX_MINOR_UNITS))) {
    errors.declaredValue = 'declaredValue must be whole minor units, 0 or more';
  } else if (declaredValue !== null && declaredCurrency === null) {
    errors.declaredCurrency = 'declaredCurrency is required with a declared value';
  }
  if (declaredCurrency !== null && !isCurrencyCode(declaredCurrency)) {
    errors.declaredCurrency = `declaredCurrency "${declaredCurrency}" is not an ISO 4217 currency code`;
  } else if (declaredCurrency !== null && declaredValue === null) {
    errors.declaredValue = 'declaredValue is required with a currency';
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    product: {
      sku,
      title,
      weight,
      ...sides,
      boxSizeId,
      packageType,
      hazardClass,
      category,
      customsDescription,
      hsCode,
      originCountry,
      declaredValue,
      declaredCurrency,
    },
  };
}

/** Whether the physical facts a channel may also send (weight and size) differ. */
export function physicalChanged(a: ProductFields, b: ProductFields): boolean {
  return a.weight !== b.weight || a.length !== b.length || a.width !== b.width || a.height !== b.height;
}
