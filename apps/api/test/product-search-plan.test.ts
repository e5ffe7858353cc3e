/**
 * A title search reads its own shop's part of the trigram index. One GIN index over (shop, title) kept
 * each trigram's list across every shop, so at a million products the same search read 3.6 to 8 times
 * the index pages it read at a hundred thousand; a GiST index led by the shop keeps each shop's entries
 * together (decision 50).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseQuery } from '../src/lib/feathers-query'
import { productQuerySpec, productSearchQuery } from '../src/modules/catalog/product.repository'
import { createShop, setupApp } from './helpers'
import { planScans } from './query-plans'

const ctx = await setupApp()
const { db } = ctx.database

const PER_SHOP = 2000
const OTHER_SHOPS = 8
const INDEX = 'products_shop_title_trgm_idx'

type Rows<T> = { rows: T[] }

/**
 * Titles such as "Slim linen jacket": every shop sells the same kinds of things. Several shops' products
 * are written in turn, as on a platform where shops add products at the same time; written shop after
 * shop, the planner could read a shop's rows in table order instead (a close call at this size, and taken
 * in about one run in fifteen with five shops).
 */
async function fill(shopIds: string[]) {
  await db.execute(sql`
    insert into products (shop_id, title, price_minor, currency)
    select (${`{${shopIds.join(',')}}`}::uuid[])[1 + g % ${shopIds.length}::int],
           (array['Classic','Slim','Vintage','Oversized','Kids','Everyday','Premium'])[1 + g % 7] || ' ' ||
           (array['leather','cotton','linen','wool','denim','silk','suede','canvas','kente','batik','fleece'])[1 + g % 11] || ' ' ||
           (array['jacket','shirt','dress','skirt','trousers','shorts','sandals','boots','bag','scarf','hat','belt','coat'])[1 + g % 13],
           100 * g, 'GHS'
    from generate_series(1, ${PER_SHOP * shopIds.length}::int) as g`)
}

const searchFor = (shopId: string, text = 'jackt') =>
  productSearchQuery(db, { shopId, availableOnly: true }, parseQuery(productQuerySpec, { title: { $q: text } }))

/** The indexes the search's plan reads. */
const indexesRead = async (shopId: string, text?: string) => (await planScans(db, searchFor(shopId, text))).map((scan) => scan.index)

describe('the title search', () => {
  it("reads a trigram index ordered by shop first, and answers only from the shop's products", async () => {
    const shop = await createShop(ctx)
    await fill([shop.id])
    await db.execute(sql`analyze products`)
    const alone = (await searchFor(shop.id)).map((row) => row.id)
    expect(alone).toHaveLength(20)

    const others: string[] = []
    for (let i = 0; i < OTHER_SHOPS; i++) others.push((await createShop(ctx)).id)
    await fill(others)
    await db.execute(sql`analyze products`)
    expect(await indexesRead(shop.id)).toContain(INDEX)
    expect((await searchFor(shop.id)).map((row) => row.id)).toEqual(alone)
    // Several words with a typo read the same index, twice for each word (substring, similarity; decision 85),
    // and never the whole table; the stock, threshold and rating lookups read their own keys for the page's rows.
    const scans = await planScans(db, searchFor(shop.id, 'kente shrt'))
    expect(scans.filter((scan) => scan.relation === 'reviews').map((scan) => scan.index)).toEqual(['reviews_shop_product_visible_idx'])
    const productScans = scans.filter((scan) => !['inventory', 'shop_configs', 'reviews'].includes(scan.relation ?? ''))
    expect(productScans.filter((scan) => scan.index).map((scan) => scan.index)).toEqual(Array(4).fill(INDEX))
    expect(productScans.map((scan) => scan.node)).not.toContain('Seq Scan')
    const kenteShirts = await searchFor(shop.id, 'kente shrt')
    expect(kenteShirts.length).toBeGreaterThan(0)
    expect(kenteShirts.every((row) => row.shopId === shop.id && /kente/i.test(row.title))).toBe(true)

    // A GiST tree splits on its first column first, so each shop's entries share pages (a GIN index would
    // keep one list per trigram, across all shops).
    const [index] = (
      (await db.execute<Record<string, unknown>>(sql`
        select am.amname as method, a.attname as first_column
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_am am on am.oid = c.relam
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
        where c.relname = ${INDEX}`)) as Rows<{ method: string; first_column: string }>
    ).rows
    expect(index).toEqual({ method: 'gist', first_column: 'shop_id' })
  })
})
