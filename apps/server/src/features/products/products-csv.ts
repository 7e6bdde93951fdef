/**
 * CSV as the product import reads it and the export writes it (RFC 4180): cells separated by commas, a cell quoted
 * when it holds a comma, a quote (doubled) or a line break; CRLF or LF between records; an optional UTF-8 byte order
 * mark. The export guards text cells against spreadsheet formulas (OWASP "CSV injection") with a leading quote,
 * which the import takes off again.
 */

const BOM = '\uFEFF';
const CRLF = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell and what ends it: a quoted cell (quotes doubled inside, line breaks allowed), or an unquoted one (which
 * may hold a quote, only not as its first character), then a comma, a line break or the end of the text.
 */
const TOKEN = /(?:"((?:[^"]|"")*)"|([^,\r\n"][^,\r\n]*|))(,|\r\n|\n|\r|$)/y;

/** Records of a CSV text, each a list of cells; a last line break ends no record. Null when it is not CSV. */
export function parseCsv(input: string): string[][] | null {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: string[][] = [];
  if (text === '') return records;
  let record: string[] = [];
  let at = 0;
  for (;;) {
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(text);
    if (!match) return null;
    record.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]!);
    at = TOKEN.lastIndex;
    if (match[3] === ',') continue;
    records.push(record);
    record = [];
    if (match[3] === '' || at >= text.length) return records;
  }
}

/** A cell's text as the seller meant it: outer spaces dropped, the export's formula guard taken off. */
export function cellText(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return text.length > 1 && text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** One cell: text guarded against formulas, or a figure written as is (`raw`). */
function csvCell(value: string | number | null, raw: boolean): string {
  if (value === null) return '';
  let text = String(value);
  if (!raw && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the BOM, the header and a line per row; `raw[i]` says column i holds figures. */
export function writeCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
  raw: readonly boolean[],
): string {
  const lines = [header.join(','), ...rows.map((row) => row.map((v, i) => csvCell(v, raw[i] ?? false)).join(','))];
  return `${BOM}${lines.join(CRLF)}${CRLF}`;
}
