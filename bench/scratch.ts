/**
 * Scratch databases and synthetic catalogs for the benchmarks. A PostgreSQL scratch database gets a
 * unique name and is dropped afterwards; a PGlite one lives in a temporary directory (or in memory).
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, type Db, openDatabase } from '../apps/api/src/db/client'

/** Both drivers answer `execute` with `{rows}`; the shared Db type leaves the result untyped. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

export type Scratch = {
  database: Database
  label: string
  /** How a server process reaches it: DATABASE_URL or DATA_DIR. */
  env: { DATABASE_URL?: string; DATA_DIR?: string }
  drop: () => Promise<void>
}

/** `serverUrl` → a new database on that server; otherwise PGlite (`onDisk` for a server process to open). */
export async function scratchDatabase(serverUrl: string | undefined, options: { prefix: string; onDisk?: boolean }): Promise<Scratch> {
  if (!serverUrl) {
    if (!options.onDisk) return { database: await openDatabase({ url: null }), label: 'PGlite', env: {}, drop: async () => {} }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${options.prefix}-`))
    return {
      database: await openDatabase({ url: null, dataDir: dir }),
      label: 'PGlite',
      env: { DATA_DIR: dir },
      drop: () => fs.rm(dir, { recursive: true, force: true }),
    }
  }
  const name = `${options.prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(serverUrl, `create database "${name}"`)
  const target = new URL(serverUrl)
  target.pathname = `/${name}`
  return {
    database: await openDatabase({ url: target.toString() }),
    label: 'PostgreSQL',
    env: { DATABASE_URL: target.toString() },
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

export type FilledCatalog = { shops: { id: string; slug: string }[] }

/**
 * Fills `shops` shops with `perShop` products each (titles as above, 2 % unavailable), one tracked
 * inventory row per product with `stock` units, and a settings row accepting manual payment. Vacuums and
 * analyzes, as a settled database would be, so autovacuum does not start on the new rows mid-measurement, and
 * ends with a checkpoint (the server's user must be a superuser or have pg_checkpoint).
 */
export async function fillCatalog(db: Db, options: { shops: number; perShop: number; stock: number; slugPrefix: string }): Promise<FilledCatalog> {
  const shops = rowsOf<{ id: string; slug: string }>(
    await db.execute(sql`
      insert into shops (slug, title)
      select ${options.slugPrefix} || '-' || s, 'Shop ' || s from generate_series(1, ${options.shops}) as s
      returning id, slug`),
  )
  await db.execute(sql`
    insert into shop_configs (shop_id, payment_options)
    select id, '[{"provider":"manual","enabled":true}]'::jsonb from shops where slug like ${`${options.slugPrefix}-%`}`)
  await db.execute(sql`
    insert into products (shop_id, title, price_minor, currency, created_at, available)
    select s.id,
           ${pick(adjectives, 3)} || ' ' || ${pick(materials, 7)} || ' ' || ${pick(nouns, 11)} || ', ' || ${pick(colors, 13)},
           100 + (hashint4(i) & 2147483647) % 100000,
           'GHS',
           now() - make_interval(secs => i),
           i % 50 <> 0
    from shops s cross join generate_series(1, ${options.perShop}) as i
    where s.slug like ${`${options.slugPrefix}-%`}`)
  await db.execute(sql`
    insert into inventory (shop_id, product_id, variant_id, quantity, tracked)
    select shop_id, id, '', ${options.stock}, true from products`)
  await db.execute(sql`vacuum analyze`)
  // The fill's dirty pages are written now, not by a spread checkpoint in the middle of the measurement,
  // where every commit's flush would queue behind them.
  await db.execute(sql`checkpoint`)
  return { shops }
}
