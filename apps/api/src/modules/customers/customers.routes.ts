/** HTTP for a shop's customers (decision 65): schemas and one call per handler. */
import { Readable } from 'node:stream'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { IdParams, Page, Uuid, errorResponses } from '@shop/domain/schemas/wire'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { customerQuerySpec } from './customer.repository'
import { exportShopCustomers, getCustomer, listShopCustomers, updateCustomer } from './customer.service'
import { customersCsv } from './customers-csv'
import { CustomerDetailResponse, CustomerPatchBody, CustomerResponse, CustomerSearch, OwesFilter } from './customers.schemas'

const listParams = { shop: Uuid, q: CustomerSearch, owes: OwesFilter }
const customerListQuery = feathersQuerySchema(customerQuerySpec, listParams, { required: ['shop'] })

const listDescription =
  'One customer per phone (or per e-mail for a buyer who gave no phone) per shop, kept up to date as their orders ' +
  'are placed, paid, refunded, edited or canceled. `orders` counts the orders not canceled; `spent` is paid less ' +
  'refunded over all their orders; `balance` is still due on the orders not canceled. `q` finds customers whose ' +
  'name, e-mail or phone contains it (a phone in any form, or part of one: 024 412 3456, 412 3456); `owes=true` ' +
  'keeps those with a balance. Filters and sort: lastOrderAt (default newest first), firstOrderAt, spent, balance, ' +
  'orders, name.'

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/customers/',
    {
      schema: {
        tags: ['customers'],
        operationId: 'listCustomers',
        summary: 'A shop\'s customers with what they ordered, spent and owe (its staff)',
        description: listDescription,
        querystring: customerListQuery,
        response: { 200: Page(CustomerResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listShopCustomers(request.ctx, request.query),
  )

  app.get(
    '/api/customers.csv',
    {
      schema: {
        tags: ['customers'],
        operationId: 'exportCustomers',
        summary: 'A shop\'s customers as CSV, with the list\'s search, filter and sort (its staff)',
        description:
          '`$limit` and `$skip` are ignored; at most 10,000 customers. One line per customer: name, phone, e-mail, ' +
          'orders, spent, owes, currency, first and last order, tags, note.',
        querystring: customerListQuery,
        response: {
          200: { description: 'CSV (RFC 4180), UTF-8', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const pages = await exportShopCustomers(request.ctx, request.query)
      const day = request.ctx.clock.now().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(customersCsv(pages)))
    },
  )

  app.get(
    '/api/customers/:id',
    {
      schema: {
        tags: ['customers'],
        operationId: 'getCustomer',
        summary: 'One customer with their orders, newest first (staff of its shop)',
        description:
          '`orders` holds their orders (canceled ones too) as the orders list answers them, newest first, at most 50; ' +
          '`orderCount` is the list\'s count (not canceled) and `orderTotal` how many they placed.',
        params: IdParams,
        response: { 200: CustomerDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCustomer(request.ctx, request.params.id),
  )

  app.patch(
    '/api/customers/:id',
    {
      schema: {
        tags: ['customers'],
        operationId: 'updateCustomer',
        summary: 'The shop\'s note and tags on a customer (staff who move orders)',
        description: '`note` up to 2,000 characters; `tags` the whole new list, at most 20 of up to 40 characters each (repeats dropped).',
        params: IdParams,
        body: CustomerPatchBody,
        response: { 200: CustomerDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateCustomer(request.ctx, request.params.id, request.body),
  )
}
