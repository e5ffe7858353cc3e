/**
 * Shows how the product search (`GET /api/products/?shop=…&title[$q]=jackt`) is planned at 100,000 products
 * in one shop: builds a scratch database, fills it, and prints EXPLAIN (ANALYZE, BUFFERS) of the exact SQL
 * the route runs (the repository's own query builder, not a copy of the SQL), on a connection with the
 * app's planner settings (`PLANNER_SETTINGS` in apps/api/src/db/client.ts).
 *
 *   npx tsx bench/explain-search.ts                      # PGlite in memory
 *   npx tsx bench/explain-search.ts postgres://…/postgres  # a uniquely named database on that server, dropped at the end
 *
 * Exits 1 if the plan does not use the trigram index.
 */
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { parseQuery } from '../apps/api/src/lib/feathers-query'
import { type ProductScope, productQuerySpec, productSearchQuery } from '../apps/api/src/modules/catalog/product.repository'
import { fillCatalog, rowsOf, scratchDatabase } from './scratch'

const PRODUCTS = 100_000
const SEARCH = 'jackt'
const INDEX = 'products_shop_title_trgm_idx'

const serverUrl = process.argv[2]
if (serverUrl && !/^postgres(ql)?:\/\//.test(serverUrl)) {
  console.error('usage: npx tsx bench/explain-search.ts [postgres://user@host:port/database]')
  process.exit(2)
}

async function main() {
  const { database, label, drop } = await scratchDatabase(serverUrl, { prefix: 'shop_explain' })
  try {
    const { db } = database
    let started = Date.now()
    await database.migrate()
    const { shops } = await fillCatalog(db, { shops: 1, perShop: PRODUCTS, stock: 10, slugPrefix: 'explain' })
    const shopId = shops[0]!.id
    console.log(`${label}: migrated and inserted ${PRODUCTS} products in ${Date.now() - started} ms\n`)

    // What the route builds for an anonymous shopper: GET /api/products/?shop=…&title[$q]=jackt
    const parsed = parseQuery(productQuerySpec, { title: { $q: SEARCH } })
    const scope: ProductScope = { shopId, availableOnly: true }
    const dialect = new PgDialect()
    const query = productSearchQuery(db, scope, parsed)
    const { sql: text, params } = query.toSQL()
    const explain = sql`explain (analyze, buffers) ${query.getSQL()}`
    if (dialect.sqlToQuery(explain).sql !== `explain (analyze, buffers) ${text}`) throw new Error('explained SQL differs')
    started = Date.now()
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(explain))
      .map((row) => row['QUERY PLAN'])
      .join('\n')
    console.log(`-- page and total in one query (${Date.now() - started} ms including EXPLAIN overhead)`)
    console.log(`-- SQL: ${text}`)
    console.log(`-- params: ${JSON.stringify(params)}`)
    console.log(plan)
    console.log()
    const usesIndex = plan.includes(`Bitmap Index Scan on ${INDEX}`)
    const [setting] = rowsOf<{ random_page_cost: string }>(await db.execute(sql`show random_page_cost`))
    console.log(`(planned with random_page_cost = ${setting!.random_page_cost}, the app's connection setting)`)
    const sample = await query
    console.log(`first results: ${sample.slice(0, 3).map((row) => JSON.stringify(row.title)).join(', ')} of ${sample[0]?.total ?? 0}`)
    if (!usesIndex) {
      console.error(`\nThe plan does not use ${INDEX}.`)
      process.exitCode = 1
    }
  } finally {
    await database.close()
    await drop()
  }
}

await main()
