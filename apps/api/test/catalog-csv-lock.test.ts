/**
 * One product import per shop at a time, whichever process runs it and through PgBouncer in transaction
 * mode. Another process's running import is stood in for by a transaction on a connection of its own that
 * holds the shop's import lock. PostgreSQL only: PGlite is one connection in one process, which runs one
 * transaction at a time, so there a second import waits for the first (a few statements) instead.
 */
import type { ProductPage } from '@shop/domain/schemas/catalog'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { type Database, openDatabase } from '../src/db/client'
import { tryLockProductImport } from '../src/modules/catalog/product.repository'
import { type App, type TestUser, createStaffedShop, errorBody, setupApp } from './helpers'
import { startPgBouncer } from './postgres-processes'

const test = await setupApp()

describe.skipIf(!test.databaseUrl)('one product import per shop at a time (PostgreSQL)', () => {
  let shop: { id: string }
  let otherShop: { id: string }
  let owner: TestUser
  let outsider: TestUser

  beforeAll(async () => {
    ;({ shop, otherShop, owner, outsider } = await createStaffedShop(test))
  })

  const file = (title: string) => `title,price,options,stock\n${title},10,Size: M,3\n${title},,Size: L,\n`
  const importCsv = (app: App, shopId: string, user: TestUser, text: string, dryRun = false) =>
    app.inject({
      method: 'POST',
      url: `/api/products.csv?shop=${shopId}${dryRun ? '&dryRun=true' : ''}`,
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: text,
    })
  const titles = async (shopId: string, user: TestUser) =>
    ((await test.app.inject({ method: 'GET', url: `/api/products/?shop=${shopId}`, headers: user.headers })).json<ProductPage>()).data
      .map((product) => product.title)
      .sort()

  /** Runs `work` while a transaction of another connection, as another process's import would, holds the shop's import lock. */
  async function whileAnotherProcessImports<T>(shopId: string, work: () => Promise<T>): Promise<T> {
    const other = await openDatabase({ url: test.databaseUrl })
    try {
      return await other.db.transaction(async (tx) => {
        expect(await tryLockProductImport(tx, shopId)).toBe(true)
        return work()
      })
    } finally {
      await other.close()
    }
  }

  it('answers 409 in the error shape and writes nothing; other shops and dry runs go on', async () => {
    await whileAnotherProcessImports(shop.id, async () => {
      const refused = await importCsv(test.app, shop.id, owner, file('Kente cap'))
      expect(refused.statusCode, refused.body).toBe(409)
      expect(errorBody(refused)).toMatchObject({
        name: 'Conflict',
        className: 'conflict',
        message: "Another import of this shop's products is running; try again when it has finished",
        errors: [{ path: 'shop', message: 'is importing products already' }],
      })
      expect((await importCsv(test.app, shop.id, owner, file('Kente cap'), true)).statusCode).toBe(200)
      expect((await importCsv(test.app, otherShop.id, outsider, file('Batik cap'))).statusCode).toBe(200)
    })
    expect(await titles(shop.id, owner)).toEqual([])
    expect(await titles(otherShop.id, outsider)).toEqual(['Batik cap'])
    // Once that import is over, the same file goes in.
    expect((await importCsv(test.app, shop.id, owner, file('Kente cap'))).statusCode).toBe(200)
    expect(await titles(shop.id, owner)).toEqual(['Kente cap'])
  })

  describe('through PgBouncer in transaction mode', () => {
    let bouncer: Awaited<ReturnType<typeof startPgBouncer>>
    let database: Database
    let pooled: App

    beforeAll(async () => {
      bouncer = await startPgBouncer(test.databaseUrl!)
      database = await openDatabase({ url: bouncer.url(new URL(test.databaseUrl!).pathname.slice(1)), poolMode: 'transaction' })
      pooled = await buildApp({ config: { ...test.app.config, databasePoolMode: 'transaction' }, database, logger: false })
      await pooled.ready()
    })
    afterAll(async () => {
      // Unset when beforeAll failed part of the way.
      await (pooled as App | undefined)?.close()
      await (database as Database | undefined)?.close()
      await (bouncer as typeof bouncer | undefined)?.stop()
    })

    it('refuses an import while another process imports, and leaves no lock behind on a pooled connection', async () => {
      await whileAnotherProcessImports(shop.id, async () => {
        expect((await importCsv(pooled, shop.id, owner, file('Adinkra tote'))).statusCode).toBe(409)
      })
      // The lock of an import through the pooler goes with its transaction: the server connection that
      // served it serves the next transactions, and a direct import right after is not refused.
      for (const title of ['Adinkra tote', 'Adinkra bag', 'Adinkra purse']) {
        expect((await importCsv(pooled, shop.id, owner, file(title))).statusCode).toBe(200)
      }
      expect((await importCsv(test.app, shop.id, owner, file('Adinkra wallet'))).statusCode).toBe(200)
      expect(await titles(shop.id, owner)).toEqual(['Adinkra bag', 'Adinkra purse', 'Adinkra tote', 'Adinkra wallet', 'Kente cap'])
    })
  })
})
