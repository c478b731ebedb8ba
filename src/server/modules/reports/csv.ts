/**
 * CSV as RFC 4180 describes it (CRLF line ends, fields quoted when they hold a comma, a quote
 * or a line break), made safe to open in a spreadsheet: a cell that starts with = + - @ (or a
 * tab or carriage return) would run as a formula, so it gets a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A CSV document ready to send as a download. */
export interface CsvFile {
  filename: string;
  body: string;
}

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and the data rows. Starts with a byte order mark so Excel reads UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
