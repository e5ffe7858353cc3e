/** Row → response mapper of customers: only these fields ever reach a client, money in major units. */
import { toMajor } from '@shop/domain'
import type { Customer } from '@shop/domain/schemas/customers'
import type { CustomerRow } from './customer.repository'

export function customerDto(row: CustomerRow): Customer {
  const money = (minor: number) => ({ value: toMajor(minor), currency: row.currency })
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    orders: row.orders,
    spent: money(row.spentMinor),
    balance: money(row.balanceMinor),
    firstOrderAt: row.firstOrderAt?.toISOString() ?? null,
    lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
    note: row.note,
    tags: row.tags,
  }
}
