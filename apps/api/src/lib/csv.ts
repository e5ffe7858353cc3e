/**
 * The one CSV writer of every export (RFC 4180: commas, CRLF after each record, a cell holding a quote,
 * comma or line break quoted with its quotes doubled), and the inverse of its formula escape for imports.
 *
 * A spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage return as a formula
 * (OWASP, CSV injection), so such a cell is written with a single quote before it, which spreadsheets show
 * as text. A cell that already starts with quotes before such a character gets one more, so that taking
 * one away (`unescapeCsvCell`) always gives back exactly what was written (docs/decisions/0051).
 */

export type CsvValue = string | number

const FORMULA = /^'*[=+\-@\t\r]/
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: CsvValue): string {
  let text = String(value)
  if (FORMULA.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The records as CSV text, each ended by CRLF. */
export function csvText(records: Iterable<readonly CsvValue[]>): string {
  let text = ''
  for (const record of records) text += `${record.map(csvCell).join(',')}\r\n`
  return text
}

/** A cell as read back from a file: the quote `csvCell` put before a formula character is taken away. */
export function unescapeCsvCell(cell: string): string {
  return ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell
}
