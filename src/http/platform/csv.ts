/*
 * CSV for spreadsheets (RFC 4180): CRLF between records, fields quoted when
 * they hold a comma, a quote, CR or LF, quotes doubled. Cells that a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or CR
 * that some programs skip first) get a leading apostrophe, because the values
 * come from strangers' forms (OWASP "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
