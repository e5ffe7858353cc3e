/**
 * A shop's customers for its staff (decision 65): the list with search, the owes-money filter and sorting,
 * one customer with their orders, the shop's note and tags on them, and the CSV. Staff who see the dashboard
 * read them; staff who move orders write the note and tags. Another shop's customer is a 404, whoever asks.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { DEFAULT_PHONE_COUNTRY, parsePhone } from '@shop/domain/phone'
import { CUSTOMER_ORDERS_SHOWN } from '@shop/domain/schemas/customers'
import { and } from 'drizzle-orm'
import type { ServiceContext } from '../../context'
import { NotFound, invalidBody } from '../../lib/errors'
import { type Page, type ParsedQuery, parseQuery } from '../../lib/feathers-query'
import { listCustomerOrders } from '../orders/order-customer'
import {
  type CustomerRow,
  customerQuerySpec,
  findCustomer,
  listCustomers,
  owing,
  searchScope,
  shopCustomers,
  updateCustomerNotes,
} from './customer.repository'
import { customerDto } from './customers.dto'
import type { CustomerDetailDto, CustomerDto, CustomerPatchInput } from './customers.schemas'

export type CustomerListQuery = Record<string, unknown> & { shop: string; q?: string; owes?: 'true' }

/** The country code a number written without one belongs to (DEFAULT_PHONE_COUNTRY). */
const defaultCallingCode: Record<string, string> = { GH: '233' }

/**
 * The words as typed, and, when they hold digits, the forms a stored phone (`+233244123456`) contains them
 * in: the whole number in international form, its digits alone ("412 3456" finds it), and a local number's
 * digits with the country code for its leading 0 ("0244 12" finds it).
 */
export function searchTerms(q: string | undefined): string[] {
  const text = q?.trim() ?? ''
  if (!text) return []
  const terms = new Set([text])
  const digits = text.replace(/[\s().-]/g, '')
  if (/^\+?\d{3,}$/.test(digits)) {
    const phone = parsePhone(text)
    if (phone.ok) terms.add(phone.phone)
    terms.add(digits)
    const code = defaultCallingCode[DEFAULT_PHONE_COUNTRY]
    if (code && /^0[1-9]/.test(digits)) terms.add(`${code}${digits.slice(1)}`)
  }
  return [...terms]
}

async function listScope(ctx: ServiceContext, query: CustomerListQuery): Promise<{ scope: ReturnType<typeof shopCustomers>; parsed: ParsedQuery }> {
  const { shop, q, owes, ...rest } = query
  const parsed = parseQuery(customerQuerySpec, rest)
  await ctx.actor.authorize(shop, 'dashboard.view')
  let scope = shopCustomers(shop.toLowerCase())
  if (owes === 'true') scope = and(scope, owing)!
  return { scope: searchScope(scope, searchTerms(q)), parsed }
}

export async function listShopCustomers(ctx: ServiceContext, query: CustomerListQuery): Promise<Page<CustomerDto>> {
  const { scope, parsed } = await listScope(ctx, query)
  const { rows, total } = await listCustomers(ctx.db, scope, parsed)
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows.map(customerDto) }
}

/** The customer, once the caller is known to be staff of its shop with `permission` (404 for anyone else's). */
async function loadCustomer(ctx: ServiceContext, id: string, permission: 'dashboard.view' | 'orders.move'): Promise<CustomerRow> {
  ctx.actor.requireUser()
  const customer = await findCustomer(ctx.db, id.toLowerCase())
  if (!customer) throw NotFound('No such customer')
  await ctx.actor.authorize(customer.shopId, permission)
  return customer
}

export async function getCustomer(ctx: ServiceContext, id: string): Promise<CustomerDetailDto> {
  const customer = await loadCustomer(ctx, id, 'dashboard.view')
  const orders = await listCustomerOrders(ctx, customer.shopId, customer.id, CUSTOMER_ORDERS_SHOWN)
  const { orders: orderCount, ...rest } = customerDto(customer)
  return { ...rest, orderCount, orderTotal: orders.total, orders: orders.data }
}

/** Tags as a merchant means them: trimmed, inner spaces single, each once whatever its case, in the order given. */
function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>()
  const kept: string[] = []
  for (const tag of tags) {
    const clean = tag.trim().replace(/\s+/g, ' ')
    if (!seen.has(clean.toLowerCase())) {
      seen.add(clean.toLowerCase())
      kept.push(clean)
    }
  }
  return kept
}

export async function updateCustomer(ctx: ServiceContext, id: string, input: CustomerPatchInput): Promise<CustomerDetailDto> {
  const customer = await loadCustomer(ctx, id, 'orders.move')
  if (input.note === undefined && input.tags === undefined) invalidBody([{ path: 'note', message: 'send note or tags' }])
  await updateCustomerNotes(ctx.db, customer.id, {
    ...(input.note !== undefined ? { note: input.note.trim() } : {}),
    ...(input.tags !== undefined ? { tags: cleanTags(input.tags) } : {}),
    updatedAt: ctx.clock.now(),
  })
  return getCustomer(ctx, customer.id)
}

/** Customers read at a time by an export. */
const EXPORT_PAGE = 500

/** The most customers one CSV holds. */
export const MAX_EXPORT_ROWS = 10_000

/**
 * The shop's customers for its CSV (`GET /api/customers.csv`), with the list's search, filter and order: the
 * caller's right is checked first, then the rows come a page at a time, so other requests go between pages.
 */
export async function exportShopCustomers(ctx: ServiceContext, query: CustomerListQuery): Promise<AsyncIterable<CustomerRow[]>> {
  const { $limit: _limit, $skip: _skip, ...rest } = query
  const { scope, parsed } = await listScope(ctx, rest)
  return exportPages(ctx, scope, parsed)
}

async function* exportPages(ctx: ServiceContext, scope: ReturnType<typeof shopCustomers>, parsed: ParsedQuery): AsyncGenerator<CustomerRow[]> {
  for (let skip = 0; skip < MAX_EXPORT_ROWS; skip += EXPORT_PAGE) {
    if (skip) await nextTurn()
    const { rows } = await listCustomers(ctx.db, scope, { ...parsed, limit: EXPORT_PAGE, skip })
    yield rows
    if (rows.length < EXPORT_PAGE) return
  }
}
