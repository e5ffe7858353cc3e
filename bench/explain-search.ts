/**
 * Shows how the product search (`GET /api/products/?shop=…&title[$q]=jackt`) is planned at 100,000 products
 * in one shop: builds a scratch database, fills it, and prints EXPLAIN (ANALYZE, BUFFERS) of the exact SQL
 * the route runs (the repository's own query builders, not a copy of the SQL), in the same
 * `withSearchPlanning` transaction the route uses.
 *
 *   npx tsx bench/explain-search.ts                      # PGlite in memory
 *   npx tsx bench/explain-search.ts postgres://…/postgres  # a uniquely named database on that server, dropped at the end
 *
 * Exits 1 if the plan does not use the trigram index.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { type Database, openDatabase } from '../apps/api/src/db/client'
import { parseQuery } from '../apps/api/src/lib/feathers-query'
import {
  type ProductScope,
  productCountQuery,
  productPageQuery,
  productQuerySpec,
  withSearchPlanning,
} from '../apps/api/src/modules/catalog/product.repository'

const PRODUCTS = 100_000
const SEARCH = 'jackt'
const INDEX = 'products_shop_title_trgm_idx'

const serverUrl = process.argv[2]
if (serverUrl && !/^postgres(ql)?:\/\//.test(serverUrl)) {
  console.error('usage: npx tsx bench/explain-search.ts [postgres://user@host:port/database]')
  process.exit(2)
}

/** Both drivers answer `execute` with `{rows}`; the shared Db type leaves the result untyped. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

async function scratchDatabase(): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
  if (!serverUrl) {
    return { database: await openDatabase({ url: null }), label: 'PGlite (in memory)', drop: async () => {} }
  }
  const name = `shop_explain_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(serverUrl, `create database "${name}"`)
  const target = new URL(serverUrl)
  target.pathname = `/${name}`
  const database = await openDatabase({ url: target.toString() })
  return {
    database,
    label: `PostgreSQL (scratch database ${name})`,
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  }
}

// Titles like "Classic leather jacket, brown": about 1 in 25 names a jacket, as in a real clothing shop.
const adjectives = ['Classic', 'Slim', 'Vintage', 'Oversized', 'Kids', 'Everyday', 'Premium', 'Summer', 'Winter', 'Casual', 'Formal']
const materials = ['leather', 'cotton', 'linen', 'wool', 'denim', 'silk', 'suede', 'canvas', 'kente', 'polyester', 'fleece', 'velvet', 'batik']
const nouns = [
  'jacket', 'shirt', 'dress', 'skirt', 'trousers', 'shorts', 'sandals', 'sneakers', 'boots', 'bag', 'scarf', 'hat', 'belt',
  'wallet', 'coat', 'hoodie', 'sweater', 'blouse', 'jumpsuit', 'socks', 'gloves', 'cap', 'tie', 'apron', 'kaftan',
]
const colors = ['black', 'white', 'brown', 'navy', 'red', 'green', 'yellow', 'grey', 'beige', 'blue', 'orange', 'pink', 'gold']
const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`)
// hashint4 spreads the rows deterministically, with no session state (a pool may switch connections).
const pick = (values: string[], seed: number) =>
  sql`(${textArray(values)})[1 + ((hashint4(i * ${sql.raw(String(seed))}) & 2147483647) % ${sql.raw(String(values.length))})]`

async function main() {
  const { database, label, drop } = await scratchDatabase()
  try {
    const { db } = database
    let started = Date.now()
    await database.migrate()
    const shopRows = rowsOf<{ id: string }>(await db.execute(sql`insert into shops (slug, title) values ('explain', 'Explain') returning id`))
    const shopId = shopRows[0]!.id
    await db.execute(sql`
      insert into products (shop_id, title, price_minor, currency, created_at, available)
      select ${shopId}::uuid,
             ${pick(adjectives, 3)} || ' ' || ${pick(materials, 7)} || ' ' || ${pick(nouns, 11)} || ', ' || ${pick(colors, 13)},
             100 + (hashint4(i) & 2147483647) % 100000,
             'GHS',
             now() - make_interval(secs => i),
             i % 50 <> 0
      from generate_series(1, ${PRODUCTS}) as i`)
    await db.execute(sql`analyze products`)
    console.log(`${label}: migrated and inserted ${PRODUCTS} products in ${Date.now() - started} ms\n`)

    // What the route builds for an anonymous shopper: GET /api/products/?shop=…&title[$q]=jackt
    const parsed = parseQuery(productQuerySpec, { title: { $q: SEARCH } })
    const scope: ProductScope = { shopId, availableOnly: true }
    const dialect = new PgDialect()
    let usesIndex = true
    // The route runs title searches inside withSearchPlanning; so does this explanation.
    await withSearchPlanning(db, async (tx) => {
      for (const [name, query] of [
        ['page query', productPageQuery(tx, scope, parsed)],
        ['count query', productCountQuery(tx, scope, parsed)],
      ] as const) {
        const { sql: text, params } = query.toSQL()
        const explain = sql`explain (analyze, buffers) ${query.getSQL()}`
        if (dialect.sqlToQuery(explain).sql !== `explain (analyze, buffers) ${text}`) throw new Error('explained SQL differs')
        started = Date.now()
        const result = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(explain))
        const plan = result.map((row) => row['QUERY PLAN']).join('\n')
        console.log(`-- ${name} (${Date.now() - started} ms including EXPLAIN overhead)`)
        console.log(`-- SQL: ${text}`)
        console.log(`-- params: ${JSON.stringify(params)}`)
        console.log(plan)
        console.log()
        if (!plan.includes(`Bitmap Index Scan on ${INDEX}`)) usesIndex = false
      }
      const [setting] = rowsOf<{ random_page_cost: string }>(await tx.execute(sql`show random_page_cost`))
      console.log(`(planned with random_page_cost = ${setting!.random_page_cost}, set by withSearchPlanning)`)
    })
    const sample = await withSearchPlanning(db, (tx) => productPageQuery(tx, scope, parsed))
    console.log(`first results: ${sample.slice(0, 3).map((row) => JSON.stringify(row.title)).join(', ')}`)
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
