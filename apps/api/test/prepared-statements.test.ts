/**
 * Statements prepared by their text (decision 121): on a pool straight to PostgreSQL, a statement with
 * parameters is prepared on its connection under a name taken from its text, at most
 * PREPARED_PER_CONNECTION of them a connection; one without parameters, and every statement through a
 * transaction pooler, stays unnamed.
 */
import { eq, sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../src/db/client'
import { PREPARED_PER_CONNECTION, openPool } from '../src/db/pool'
import { queryRows } from '../src/db/query-rows'
import { shops } from '../src/db/schema'
import { parseQuery } from '../src/lib/feathers-query'
import { listProducts, productQuerySpec } from '../src/modules/catalog/product.repository'
import { createShop, setupApp } from './helpers'

const test = await setupApp()

/** The statements prepared by name on `client`'s connection. */
async function preparedOn(client: pg.PoolClient): Promise<{ name: string; statement: string }[]> {
  const { rows } = await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by prepare_time')
  return rows
}

describe.skipIf(!test.databaseUrl)('statements prepared by their text', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ url: test.databaseUrl!, poolMode: 'session' })
  })
  afterAll(async () => {
    await (database as Database | undefined)?.close()
  })

  it('prepares a statement with parameters once on its connection, under the same name on every connection', async () => {
    const [first, second] = [await database.pool!.connect(), await database.pool!.connect()]
    try {
      for (const client of [first, first, second]) {
        const { rows } = await client.query<{ n: number }>({ text: 'select $1::int + 1 as n' }, [41])
        expect(rows).toEqual([{ n: 42 }])
      }
      const [onFirst, onSecond] = [await preparedOn(first), await preparedOn(second)]
      expect(onFirst).toEqual([{ name: expect.stringMatching(/^s_/) as string, statement: 'select $1::int + 1 as n' }])
      expect(onSecond).toEqual(onFirst)
      // Without parameters, and with a name of its own, a statement is left as it is.
      await first.query('select 1')
      await first.query({ name: 'own_name', text: 'select $1::text as t', values: ['x'] })
      expect((await preparedOn(first)).map((row) => row.name)).toEqual([onFirst[0]!.name, 'own_name'])
    } finally {
      first.release()
      second.release()
    }
  })

  it('prepares what the app sends in a transaction', async () => {
    const statements = await database.db.transaction(async (tx) => {
      await tx.select({ id: shops.id }).from(shops).where(eq(shops.slug, 'no-such-shop'))
      return (await queryRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`)).map((row) => row.statement)
    })
    expect(statements).toContain('select "id" from "shops" where "shops"."slug" = $1')
  })

  it(`keeps at most ${PREPARED_PER_CONNECTION} a connection and runs the texts past them unnamed`, async () => {
    const client = await database.pool!.connect()
    try {
      for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) {
        const { rows } = await client.query<{ n: number }>({ text: `select $1::int + ${i} as n` }, [1])
        expect(rows[0]!.n).toBe(1 + i)
      }
      expect((await preparedOn(client)).length).toBe(PREPARED_PER_CONNECTION)
    } finally {
      client.release(true)
    }
  })

  it("plans the product list's first page once, keeping its generic plan, and pages past it with parameters (decision 122)", async () => {
    const shop = await createShop(test)
    await database.db.execute(sql`
      insert into products (shop_id, title, price_minor, currency, available)
      select ${shop.id}, 'Product ' || g, 100 * g, 'GHS', true from generate_series(1, 300) as g`)
    await database.db.execute(sql`analyze products`)
    const scope = { shopId: shop.id, availableOnly: true, lowStockOnly: false }
    // One request at a time: the pool hands back the connection it was given last, so all run on one.
    for (let run = 0; run < 8; run++) {
      const { rows, total } = await listProducts(database.db, scope, parseQuery(productQuerySpec, {}), false)
      expect([rows.length, total]).toEqual([20, 300])
    }
    const later = await listProducts(database.db, scope, parseQuery(productQuerySpec, { $skip: '290' }), false)
    expect([later.rows.length, later.total]).toEqual([10, 300])
    const prepared = await database.db.transaction((tx) =>
      queryRows<{ statement: string; generic_plans: string; custom_plans: string }>(
        tx,
        sql`select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%from "products"%order by%'`,
      ),
    )
    const first = prepared.find((row) => row.statement.endsWith(' limit 20'))
    expect(first).toBeDefined()
    // PostgreSQL tries five custom plans, then keeps the generic one for the other three runs.
    expect(Number(first!.generic_plans)).toBeGreaterThan(0)
    expect(prepared.some((row) => /limit \$\d+ offset \$\d+$/.test(row.statement))).toBe(true)
  })

  it('prepares nothing through a transaction pooler', async () => {
    const pool = openPool(test.databaseUrl!, 'transaction')
    const client = await pool.connect()
    try {
      await client.query({ text: 'select $1::int + 1 as n' }, [1])
      expect(await preparedOn(client)).toEqual([])
    } finally {
      client.release()
      await pool.end()
    }
  })
})
