import {
  MAX_PRODUCT_IMPORT_ROWS,
  minorToDecimal,
  parseMoney,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  type ProductInput,
} from '@shipdesk/contract';
import { cellText } from './products-csv.ts';
import { checkProduct, isCurrencyCode, type ProductField, type ProductFields } from './products-rules.ts';

/**
 * The CSV's columns and rows as products (docs/products.md, "CSV"): a header names the columns (any order, case and
 * spaces ignored); only `sku` is required. A column left out leaves that field of existing products as it is; an
 * empty cell clears it. Columns that go together come together: the three sides, the value and its currency, and
 * the box and the package type (a product has one or the other).
 */
export const CSV_FIELD: Record<ProductCsvColumn, ProductField> = {
  sku: 'sku',
  title: 'title',
  weight_g: 'weight',
  length_in: 'length',
  width_in: 'width',
  height_in: 'height',
  box: 'boxSizeId',
  package_type: 'packageType',
  hazard_class: 'hazardClass',
  category: 'category',
  customs_description: 'customsDescription',
  hs_code: 'hsCode',
  origin_country: 'originCountry',
  declared_value: 'declaredValue',
  declared_currency: 'declaredCurrency',
};
const COLUMN_OF = Object.fromEntries(Object.entries(CSV_FIELD).map(([c, f]) => [f, c])) as Record<
  ProductField,
  ProductCsvColumn
>;

/** A rule's message in the file's words: `weight must be...` -> `weight_g must be...`. */
const inColumnWords = (message: string) =>
  message.replace(/\b(\w+)\b/g, (word) =>
    Object.hasOwn(COLUMN_OF, word) && word !== 'sku' ? COLUMN_OF[word as ProductField] : word,
  );

const GROUPS: ReadonlyArray<readonly ProductCsvColumn[]> = [
  ['length_in', 'width_in', 'height_in'],
  ['declared_value', 'declared_currency'],
  ['box', 'package_type'],
];

type HeaderCheck = { ok: true; columns: ProductCsvColumn[] } | { ok: false; errors: Record<string, string> };

/** The header row's columns, in file order, or what is wrong with it (named by `column`). */
export function checkHeader(header: readonly string[]): HeaderCheck {
  const columns = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  for (const [i, column] of columns.entries()) {
    if (!known.has(column)) {
      return {
        ok: false,
        errors: { column: `column ${i + 1} "${header[i]}" is not one of ${PRODUCT_CSV_COLUMNS.join(', ')}` },
      };
    }
    if (columns.indexOf(column) !== i) return { ok: false, errors: { column: `column "${column}" appears twice` } };
  }
  if (!columns.includes('sku')) return { ok: false, errors: { column: 'the header row must name a "sku" column' } };
  for (const group of GROUPS) {
    const present = group.filter((c) => columns.includes(c));
    if (present.length > 0 && present.length < group.length) {
      return {
        ok: false,
        errors: {
          column: `columns ${group.join(', ')} come together: add ${group.filter((c) => !present.includes(c)).join(', ')}`,
        },
      };
    }
  }
  return { ok: true, columns: columns as ProductCsvColumn[] };
}

export const tooManyRows = (rows: number) =>
  rows > MAX_PRODUCT_IMPORT_ROWS
    ? `a file may hold at most ${MAX_PRODUCT_IMPORT_ROWS.toLocaleString('en-US')} products`
    : null;

type RowCheck =
  { ok: true; product: ProductFields } | { ok: false; sku: string; column: ProductCsvColumn; message: string };

const NUMBER = /^\d+(\.\d+)?$/;

/** One data row as a product, or its first bad column and every problem of the row in words. */
export function checkRow(
  columns: readonly ProductCsvColumn[],
  cells: readonly string[],
  boxIdByName: ReadonlyMap<string, number>,
): RowCheck {
  const value = (column: ProductCsvColumn) => cellText(cells[columns.indexOf(column)]);
  const problems: Array<[ProductCsvColumn, string]> = [];
  const input: ProductInput = { sku: value('sku') };
  const number = (column: ProductCsvColumn, whole: boolean): number | null => {
    const text = value(column);
    if (text === '') return null;
    if (!NUMBER.test(text) || (whole && text.includes('.'))) {
      problems.push([column, `${column} "${text}" must be ${whole ? 'whole grams' : 'a number of inches'}`]);
      return null;
    }
    return Number(text);
  };
  const has = (column: ProductCsvColumn) => columns.includes(column);
  if (has('title')) input.title = value('title');
  if (has('weight_g')) input.weight = number('weight_g', true);
  if (has('length_in')) {
    input.length = number('length_in', false);
    input.width = number('width_in', false);
    input.height = number('height_in', false);
  }
  if (has('box')) {
    const name = value('box');
    const id = name ? boxIdByName.get(name.toLowerCase()) : undefined;
    if (name && id === undefined) problems.push(['box', `box "${name}" is not one of your box sizes`]);
    input.boxSizeId = id === undefined ? null : String(id);
    input.packageType = value('package_type') || null;
  }
  for (const column of ['hazard_class', 'category', 'customs_description', 'hs_code', 'origin_country'] as const) {
    if (has(column)) input[CSV_FIELD[column] as 'category'] = value(column) || null;
  }
  if (has('declared_value')) {
    const currency = value('declared_currency').toUpperCase();
    const amount = value('declared_value');
    input.declaredCurrency = currency || null;
    input.declaredValue = null;
    if (amount !== '') {
      const money = parseMoney(amount, isCurrencyCode(currency) ? currency : 'USD');
      if (money.ok) input.declaredValue = money.minor;
      else problems.push(['declared_value', `declared_value "${amount}": ${money.message}`]);
    }
  }
  const checked = checkProduct(input);
  if (!checked.ok) {
    for (const [field, message] of Object.entries(checked.errors)) {
      const column = COLUMN_OF[field as ProductField];
      if (!problems.some(([c]) => c === column)) problems.push([column, inColumnWords(message)]);
    }
  }
  if (problems.length > 0 || !checked.ok) {
    problems.sort((a, b) => columns.indexOf(a[0]) - columns.indexOf(b[0]));
    return {
      ok: false,
      sku: input.sku.trim(),
      column: problems[0]![0],
      message: problems.map(([, m]) => m).join('; '),
    };
  }
  return { ok: true, product: checked.product };
}

/** A product as an export row, in PRODUCT_CSV_COLUMNS order. */
export function exportRow(p: ProductFields, boxNameById: ReadonlyMap<number, string>): Array<string | number | null> {
  return [
    p.sku,
    p.title,
    p.weight,
    p.length,
    p.width,
    p.height,
    p.boxSizeId === null ? null : (boxNameById.get(p.boxSizeId) ?? null),
    p.packageType,
    p.hazardClass,
    p.category,
    p.customsDescription,
    p.hsCode,
    p.originCountry,
    p.declaredValue === null || p.declaredCurrency === null
      ? null
      : minorToDecimal(p.declaredValue, p.declaredCurrency),
    p.declaredCurrency,
  ];
}

/** Which export columns hold figures, written without the formula guard. */
export const EXPORT_RAW = PRODUCT_CSV_COLUMNS.map((c) =>
  ['weight_g', 'length_in', 'width_in', 'height_in', 'declared_value'].includes(c),
);
