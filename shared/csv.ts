// CSV for spreadsheets: UTF-8 with a byte order mark (so that Excel reads the accents right),
// fields quoted when needed (RFC 4180), lines ended by CRLF, and every cell a spreadsheet would
// run as a formula (starting with = + - @, a tab or a carriage return) neutralised with a leading
// apostrophe (OWASP's advice against CSV injection).

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text a spreadsheet shows and never runs. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header row, rows. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\ufeff${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
