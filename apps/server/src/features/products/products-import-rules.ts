import {
  formatLength,
  formatWeight,
  gramsOf,
  inchesOf,
  MAX_PRODUCT_IMPORT_ROWS,
  minorToDecimal,
  parseLengthInput,
  parseMoney,
  parseWeightInput,
  plainLength,
  plainWeight,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_LIMITS,
  type ProductCsvColumn,
  type ProductInput,
  type UnitSystem,
  type WeightUnit,
} from '@shipdesk/contract';
import { cellText } from './products-csv.ts';
import { checkProduct, isCurrencyCode, type ProductField, type ProductFields } from './products-rules.ts';

/**
 * The CSV's columns and rows as products (docs/products.md, "CSV"): a header names the columns (any order, case and
 * spaces ignored); only `sku` is required. A column left out leaves that field of existing products as it is; an
 * empty cell clears it. Columns that go together come together: the three sides, the value and its currency, and
 * the box and the package type (a product has one or the other). A weight and the sides come in the units of their
 * columns (docs/units.md): a number in the unit the header names, or text with its unit.
 */
export const CSV_FIELD: Record<ProductCsvColumn, ProductField> = {
  sku: 'sku',
  title: 'title',
  weight_oz: 'weight',
  weight_lb: 'weight',
  weight_g: 'weight',
  weight_kg: 'weight',
  weight: 'weight',
  length_in: 'length',
  width_in: 'width',
  height_in: 'height',
  length_cm: 'length',
  width_cm: 'width',
  height_cm: 'height',
  length: 'length',
  width: 'width',
  height: 'height',
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

/** How a weight or size column is read: a number in a unit, or text that names its own unit. */
type WeightReading = WeightUnit | 'text';
type LengthReading = 'in' | 'cm' | 'text';
const WEIGHT_COLUMNS: ReadonlyArray<[ProductCsvColumn, WeightReading]> = [
  ['weight_oz', 'oz'],
  ['weight_lb', 'lb'],
  ['weight_g', 'g'],
  ['weight_kg', 'kg'],
  ['weight', 'text'],
];
type Sides = readonly [ProductCsvColumn, ProductCsvColumn, ProductCsvColumn];
const SIDE_COLUMNS: ReadonlyArray<[Sides, LengthReading]> = [
  [['length_in', 'width_in', 'height_in'], 'in'],
  [['length_cm', 'width_cm', 'height_cm'], 'cm'],
  [['length', 'width', 'height'], 'text'],
];

const GROUPS: ReadonlyArray<readonly ProductCsvColumn[]> = [
  ...SIDE_COLUMNS.map(([sides]) => sides),
  ['declared_value', 'declared_currency'],
  ['box', 'package_type'],
];

/** What the header says about a file: its columns in file order, and where its weight and sides are and in what. */
interface CsvLayout {
  columns: ProductCsvColumn[];
  weight: { column: ProductCsvColumn; reading: WeightReading } | null;
  sides: { columns: Sides; reading: LengthReading } | null;
  /** The file's column of each field, to name it in a rule's message. */
  columnOf: Partial<Record<ProductField, ProductCsvColumn>>;
}

type HeaderCheck = ({ ok: true } & CsvLayout) | { ok: false; errors: Record<string, string> };

const refusedHeader = (column: string): HeaderCheck => ({ ok: false, errors: { column } });

/** The header row's columns, in file order, or what is wrong with it (named by `column`). */
export function checkHeader(header: readonly string[]): HeaderCheck {
  const columns = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  for (const [i, column] of columns.entries()) {
    if (!known.has(column)) {
      return refusedHeader(`column ${i + 1} "${header[i]}" is not one of ${PRODUCT_CSV_COLUMNS.join(', ')}`);
    }
    if (columns.indexOf(column) !== i) return refusedHeader(`column "${column}" appears twice`);
  }
  if (!columns.includes('sku')) return refusedHeader('the header row must name a "sku" column');
  for (const group of GROUPS) {
    const present = group.filter((c) => columns.includes(c));
    if (present.length > 0 && present.length < group.length) {
      const missing = group.filter((c) => !present.includes(c)).join(', ');
      return refusedHeader(`columns ${group.join(', ')} come together: add ${missing}`);
    }
  }
  const weights = WEIGHT_COLUMNS.filter(([c]) => columns.includes(c));
  if (weights.length > 1) {
    return refusedHeader(`columns ${weights.map(([c]) => c).join(' and ')} both give the weight: keep one`);
  }
  const sides = SIDE_COLUMNS.filter(([group]) => columns.includes(group[0]));
  if (sides.length > 1) {
    return refusedHeader(`columns ${sides.map(([g]) => g.join(', ')).join(' and ')} both give the sides: keep one set`);
  }
  const typed = columns as ProductCsvColumn[];
  const columnOf = Object.fromEntries(typed.map((c) => [CSV_FIELD[c], c])) as CsvLayout['columnOf'];
  const [weight] = weights;
  const [side] = sides;
  return {
    ok: true,
    columns: typed,
    weight: weight ? { column: weight[0], reading: weight[1] } : null,
    sides: side ? { columns: side[0], reading: side[1] } : null,
    columnOf,
  };
}

export const tooManyRows = (rows: number) =>
  rows > MAX_PRODUCT_IMPORT_ROWS
    ? `a file may hold at most ${MAX_PRODUCT_IMPORT_ROWS.toLocaleString('en-US')} products`
    : null;

type RowCheck =
  { ok: true; product: ProductFields } | { ok: false; sku: string; column: ProductCsvColumn; message: string };

const NUMBER = /^\d+(\.\d+)?$/;
/** Text with a letter or a quote names its unit; a bare number in a text column is refused, not guessed. */
const NAMES_A_UNIT = /[a-z"#]/i;
const UNIT_WORDS: Record<WeightUnit | 'in' | 'cm', string> = {
  oz: 'ounces',
  lb: 'pounds',
  g: 'whole grams',
  kg: 'kilograms',
  in: 'inches',
  cm: 'centimetres',
};
const systemOf = (unit: WeightUnit | 'in' | 'cm'): UnitSystem =>
  unit === 'oz' || unit === 'lb' || unit === 'in' ? 'imperial' : 'metric';
const lowerFirst = (text: string) => `${text[0]!.toLowerCase()}${text.slice(1)}`;

type Read = { ok: true; value: number | null } | { ok: false; message: string };

/** A weight cell as grams: a number in the column's unit (whole grams in `weight_g`), or text with its unit. */
function readWeight(column: ProductCsvColumn, reading: WeightReading, text: string, system: UnitSystem): Read {
  if (text === '') return { ok: true, value: null };
  if (reading === 'text') {
    if (!NAMES_A_UNIT.test(text)) {
      const example = system === 'imperial' ? '2 lb 3 oz' : '1.2 kg';
      return { ok: false, message: `${column} "${text}" needs its unit, such as ${example}` };
    }
    const parsed = parseWeightInput(text, system);
    return parsed.ok ? parsed : { ok: false, message: `${column} "${text}": ${lowerFirst(parsed.reason)}` };
  }
  if (!NUMBER.test(text) || (reading === 'g' && text.includes('.'))) {
    return { ok: false, message: `${column} "${text}" must be ${UNIT_WORDS[reading]}` };
  }
  const grams = gramsOf(Number(text), reading);
  if (grams > PRODUCT_LIMITS.maxGrams) {
    const most = formatWeight(PRODUCT_LIMITS.maxGrams, systemOf(reading));
    return { ok: false, message: `${column} "${text}" is more than the ${most} a product may weigh` };
  }
  return { ok: true, value: grams };
}

/** A side cell as inches (two decimals): a number in the column's unit, or text with its unit. */
function readSide(column: ProductCsvColumn, reading: LengthReading, text: string, system: UnitSystem): Read {
  if (text === '') return { ok: true, value: null };
  let inches: number;
  if (reading === 'text') {
    if (!NAMES_A_UNIT.test(text)) {
      return {
        ok: false,
        message: `${column} "${text}" needs its unit, such as ${system === 'imperial' ? '12 in' : '30 cm'}`,
      };
    }
    const parsed = parseLengthInput(text, system);
    if (!parsed.ok) return { ok: false, message: `${column} "${text}": ${lowerFirst(parsed.reason)}` };
    inches = parsed.value;
  } else {
    if (!NUMBER.test(text))
      return { ok: false, message: `${column} "${text}" must be a number of ${UNIT_WORDS[reading]}` };
    inches = inchesOf(Number(text), reading);
  }
  if (inches <= 0 || inches > PRODUCT_LIMITS.maxInches) {
    const most = formatLength(PRODUCT_LIMITS.maxInches, reading === 'text' ? system : systemOf(reading));
    return { ok: false, message: `${column} "${text}" must be above 0 and at most ${most}` };
  }
  return { ok: true, value: inches };
}

/**
 * One data row as a product, or its first bad column and every problem of the row in words. `system`: the tenant's
 * units, for text without a unit of its own and the words of the limits.
 */
export function checkRow(
  layout: CsvLayout,
  cells: readonly string[],
  boxIdByName: ReadonlyMap<string, number>,
  system: UnitSystem,
): RowCheck {
  const { columns } = layout;
  const value = (column: ProductCsvColumn) => cellText(cells[columns.indexOf(column)]);
  const problems: Array<[ProductCsvColumn, string]> = [];
  const input: ProductInput = { sku: value('sku') };
  const has = (column: ProductCsvColumn) => columns.includes(column);
  if (has('title')) input.title = value('title');
  if (layout.weight) {
    const { column, reading } = layout.weight;
    const read = readWeight(column, reading, value(column), system);
    if (read.ok) input.weight = read.value;
    else problems.push([column, read.message]);
  }
  if (layout.sides) {
    const { columns: sides, reading } = layout.sides;
    for (const column of sides) {
      const read = readSide(column, reading, value(column), system);
      if (read.ok) input[CSV_FIELD[column] as 'length'] = read.value;
      else problems.push([column, read.message]);
    }
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
    // A rule's message in the file's words: `length is required...` -> `length_cm is required...`.
    const inColumnWords = (message: string) =>
      message.replace(/\b(\w+)\b/g, (word) =>
        word !== 'sku' && Object.hasOwn(layout.columnOf, word) ? layout.columnOf[word as ProductField]! : word,
      );
    for (const [field, message] of Object.entries(checked.errors)) {
      const column = layout.columnOf[field as ProductField] ?? 'sku';
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

/**
 * A product as an export row, in `productCsvColumns(system)` order: its weight and sides as numbers in the tenant's
 * units (ounces and inches, or grams and centimetres) that the import reads back to the same grams and inches.
 */
export function exportRow(
  p: ProductFields,
  boxNameById: ReadonlyMap<number, string>,
  system: UnitSystem,
): Array<string | number | null> {
  const side = (inches: number | null) =>
    inches === null ? null : plainLength(inches, system === 'imperial' ? 'in' : 'cm');
  return [
    p.sku,
    p.title,
    p.weight === null ? null : plainWeight(p.weight, system === 'imperial' ? 'oz' : 'g'),
    side(p.length),
    side(p.width),
    side(p.height),
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

/** Which of the export's columns hold figures, written without the formula guard. */
export const exportRaw = (columns: readonly ProductCsvColumn[]) =>
  columns.map((c) => c === 'declared_value' || /^(weight|length|width|height)_/.test(c));
