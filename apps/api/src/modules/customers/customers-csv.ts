/**
 * A shop's customers as CSV (GET /api/customers.csv), one per line, for a spreadsheet or a message list,
 * written by the one CSV writer (lib/csv.ts: RFC 4180, cells a spreadsheet would run as formulas escaped).
 */
import { toMajor } from '@shop/domain'
import { type CsvValue, csvText } from '../../lib/csv'
import type { CustomerRow } from './customer.repository'

const columns = ['Name', 'Phone', 'Email', 'Orders', 'Spent', 'Owes', 'Currency', 'First order', 'Last order', 'Tags', 'Note'] as const

/** Data, not display: a plain number with two decimals, as a spreadsheet reads it. */
const amount = (minor: number) => toMajor(minor).toFixed(2)

function customerRecord(customer: CustomerRow): CsvValue[] {
  return [
    customer.name,
    customer.phone,
    customer.email,
    customer.orders,
    amount(customer.spentMinor),
    amount(customer.balanceMinor),
    customer.currency,
    customer.firstOrderAt?.toISOString() ?? '',
    customer.lastOrderAt?.toISOString() ?? '',
    customer.tags.join('; '),
    customer.note,
  ]
}

/** The header, then one line per customer of each page as the page comes, each line ended by CRLF. */
export async function* customersCsv(pages: AsyncIterable<readonly CustomerRow[]>): AsyncGenerator<string> {
  yield csvText([columns])
  for await (const page of pages) yield csvText(page.map(customerRecord))
}
