/** HTTP for products, categories and inventory: schemas and one service call per handler. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { IdParams, Page, Uuid, errorResponses } from '@shop/domain/schemas/wire'
import { feathersQuerySchema } from '../../lib/feathers-query'
import {
  CategoryCreateBody,
  CategoryResponse,
  InventoryResponse,
  InventoryUpsertBody,
  MAX_CSV_BYTES,
  ProductCreateBody,
  ProductImportResponse,
  ProductPage,
  ProductPatchBody,
  ProductResponse,
  ProductsAvailabilityBody,
  ProductsAvailabilityResponse,
  StockCheckBody,
  StockCheckResponse,
} from './catalog.schemas'
import { categoryQuerySpec } from './category.repository'
import { createCategory, listShopCategories, removeCategory } from './category.service'
import { inventoryQuerySpec } from './inventory.repository'
import { listProductInventory, setInventory } from './inventory.service'
import { productQuerySpec } from './product.repository'
import { exportProducts, importProducts } from './product-csv.service'
import { createProduct, getProduct, listShopProducts, patchProduct, removeProduct, setAvailability } from './product.service'
import { checkStock } from './stock-check.service'

/** Every catalog route documents the same errors. */
const catalogErrors = errorResponses(400, 401, 403, 404, 409)
/** Anyone; a bearer token shows more to the shop's staff. */
const optionalUser: Record<string, string[]>[] = [{}, { bearer: [] }]

const Flag = (description: string) => Type.Union([Type.Literal('true'), Type.Literal('false')], { description })
const productListQuery = feathersQuerySchema(
  productQuerySpec,
  { shop: Uuid, lowStock: Type.Optional(Flag('staff: only products with a tracked variant at or below the low-stock threshold')) },
  { required: ['shop'] },
)
const ShopQuery = Type.Object({ shop: Uuid }, { additionalProperties: false })
const ImportQuery = Type.Object(
  { shop: Uuid, dryRun: Type.Optional(Flag('true: check the file and answer what it would do; write nothing')) },
  { additionalProperties: false },
)
const categoryListQuery = feathersQuerySchema(
  categoryQuerySpec,
  { shop: Uuid },
  {
    required: ['shop'],
    fields: {
      // Sorted lower-cased, so only a case-insensitive search is offered on the name.
      name: { type: 'object', properties: { $q: { type: 'string' } }, required: ['$q'], additionalProperties: false },
    },
  },
)
const inventoryListQuery = feathersQuerySchema(inventoryQuerySpec, { product: Uuid }, { required: ['product'] })

export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  // ---------------------------------------------------------------- products
  app.get(
    '/api/products/',
    {
      config: { publicRead: true },
      schema: {
        tags: ['catalog'],
        operationId: 'listProducts',
        summary: 'List a shop\'s products (search with title[$q], sort by price.value or createdAt)',
        description:
          'Public: published products, each variant with its availability (no exact count above the shop\'s low-stock threshold). ' +
          'Staff of the shop also see unpublished ones and the exact stock. A title search that finds nothing may answer a `suggestion`.',
        security: optionalUser,
        querystring: productListQuery,
        response: { 200: ProductPage, ...catalogErrors },
      },
    },
    async (request) => {
      const { shop, lowStock, ...query } = request.query
      return listShopProducts(request.ctx, shop, query, { lowStock: lowStock === 'true' })
    },
  )

  app.patch(
    '/api/products/',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'updateProductsAvailability',
        summary: 'Show or hide several products at once (catalog.edit): all of them, or none (404 naming the ids not of the shop)',
        body: ProductsAvailabilityBody,
        response: { 200: ProductsAvailabilityResponse, ...catalogErrors },
      },
    },
    async (request) => setAvailability(request.ctx, request.body),
  )

  app.post(
    '/api/stock-checks',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'checkStock',
        summary: 'Whether there is enough of each cart line; a line asking for more than exists learns how many are left',
        security: [],
        body: StockCheckBody,
        response: { 200: StockCheckResponse, ...catalogErrors },
      },
    },
    async (request) => checkStock(request.ctx, request.body),
  )

  app.get(
    '/api/products.csv',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'exportProducts',
        summary: 'The shop\'s products as CSV, one row per variant with its stock (staff)',
        querystring: ShopQuery,
        response: {
          200: { description: 'the product CSV (docs/api-guide.md, "Product CSV")', content: { 'text/csv': { schema: Type.String() } } },
          ...catalogErrors,
        },
      },
    },
    async (request, reply) => {
      const csv = await exportProducts(request.ctx, request.query.shop)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )

  // The import takes a CSV body, larger than the JSON limit: its parser and limit are this route's only.
  await app.register(async (csv) => {
    csv.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_CSV_BYTES }, (_request, body, done) => done(null, body))
    csv.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/products.csv',
      {
        bodyLimit: MAX_CSV_BYTES,
        schema: {
          tags: ['catalog'],
          operationId: 'importProducts',
          summary: 'Create and update products from a CSV (catalog.edit): all rows or none; dryRun=true previews',
          description: 'A file with a problem answers 400 with an error per row and column (`rows.{line}.{column}`) and writes nothing.',
          consumes: ['text/csv'],
          querystring: ImportQuery,
          body: Type.String({ maxLength: MAX_CSV_BYTES }),
          response: { 200: ProductImportResponse, ...catalogErrors },
        },
      },
      async (request) => importProducts(request.ctx, request.query.shop, request.body, request.query.dryRun === 'true'),
    )
  })

  app.get(
    '/api/products/:id',
    {
      config: { publicRead: true },
      schema: {
        tags: ['catalog'],
        operationId: 'getProduct',
        summary: 'One product (unpublished ones only for the shop\'s staff)',
        security: optionalUser,
        params: IdParams,
        response: { 200: ProductResponse, ...catalogErrors },
      },
    },
    async (request) => getProduct(request.ctx, request.params.id),
  )

  app.post(
    '/api/products/',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'createProduct',
        summary: 'Create a product (catalog.edit)',
        body: ProductCreateBody,
        response: { 201: ProductResponse, ...catalogErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await createProduct(request.ctx, request.body)),
  )

  app.patch(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'updateProduct',
        summary: 'Change a product (catalog.edit)',
        params: IdParams,
        body: ProductPatchBody,
        response: { 200: ProductResponse, ...catalogErrors },
      },
    },
    async (request) => patchProduct(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'deleteProduct',
        summary: 'Delete a product (catalog.edit); answers the deleted product',
        params: IdParams,
        response: { 200: ProductResponse, ...catalogErrors },
      },
    },
    async (request) => removeProduct(request.ctx, request.params.id),
  )

  // ---------------------------------------------------------------- categories
  app.get(
    '/api/categories/',
    {
      config: { publicRead: true },
      schema: {
        tags: ['catalog'],
        operationId: 'listCategories',
        summary: 'List a shop\'s categories, sorted by name',
        security: [],
        querystring: categoryListQuery,
        response: { 200: Page(CategoryResponse), ...catalogErrors },
      },
    },
    async (request) => {
      const { shop, ...query } = request.query
      return listShopCategories(request.ctx, shop, query)
    },
  )

  app.post(
    '/api/categories/',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'createCategory',
        summary: 'Create a category (catalog.edit); a name already used in the shop is a 409',
        body: CategoryCreateBody,
        response: { 201: CategoryResponse, ...catalogErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCategory(request.ctx, request.body)),
  )

  app.delete(
    '/api/categories/:id',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'deleteCategory',
        summary: 'Delete a category and take it out of its products (catalog.edit)',
        params: IdParams,
        response: { 200: CategoryResponse, ...catalogErrors },
      },
    },
    async (request) => removeCategory(request.ctx, request.params.id),
  )

  // ---------------------------------------------------------------- inventory
  app.get(
    '/api/inventory/',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'listInventory',
        summary: 'A product\'s inventory rows (staff); variant filters one variant (empty for none)',
        querystring: inventoryListQuery,
        response: { 200: Page(InventoryResponse), ...catalogErrors },
      },
    },
    async (request) => {
      const { product, ...query } = request.query
      return listProductInventory(request.ctx, product, query)
    },
  )

  app.post(
    '/api/inventory/',
    {
      schema: {
        tags: ['catalog'],
        operationId: 'setInventory',
        summary: 'Set the stock of a product or one of its variants (catalog.edit); updates inStock',
        body: InventoryUpsertBody,
        response: { 200: InventoryResponse, ...catalogErrors },
      },
    },
    async (request) => setInventory(request.ctx, request.body),
  )
}
