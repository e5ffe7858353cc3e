/**
 * The baseline: bare Fastify and a database driver answering the product list with the same SQL as the
 * app (page with each product's stock rows, the shop's low-stock threshold, its rating and the total;
 * newest first, available only) and the same JSON shape, each product's availability from the domain's rule, with no
 * framework features — no validation, no auth, no query translation. Started as its own process by
 * bench/bench.ts.
 *
 *   DATABASE_URL=postgres://… PORT=… npx tsx bench/baseline-server.ts   (or DATA_DIR=… for PGlite)
 */
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import Fastify from 'fastify'
import pg from 'pg'
import { availability, bestAvailability } from '@shop/domain'

type StockRow = [variant: string, quantity: number, tracked: boolean]
type Row = Record<string, unknown> & {
  id: string
  price_minor: number
  currency: string
  sell_at_minor: number
  variants: { _id: string; features: Record<string, string> }[]
  stock: StockRow[] | string
  low_stock_threshold: number
  rating: [number | null, number] | string
  total: number
  created_at: Date | string
  updated_at: Date | string
}
/** `name` prepares the statement once per connection where the driver can (node-postgres), as the app does. */
type Query = (name: string, text: string, params: unknown[]) => Promise<{ rows: Row[] }>

async function connect(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })
    return (name, text, values) => pool.query({ name, text, values })
  }
  const db = await PGlite.create(process.env.DATA_DIR, { extensions: { pg_trgm, btree_gin, btree_gist } })
  return (_name, text, params) => db.query<Row>(text, params)
}

const columns = `id, shop_id, title, description, price_minor, currency, sell_at_minor, images, variants, category_ids, available, in_stock, created_at, updated_at,
  (select coalesce(json_agg(json_build_array(i.variant_id, i.quantity, i.tracked)), '[]'::json) from inventory i where i.shop_id = products.shop_id and i.product_id = products.id) as stock,
  coalesce((select c.low_stock_threshold from shop_configs c where c.shop_id = products.shop_id), 5) as low_stock_threshold,
  (select json_build_array(round(avg(r.rating), 1)::float8, count(*)::int) from reviews r where r.shop_id = products.shop_id and r.product_id = products.id and not r.hidden) as rating`
const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString())

/** Each variant's availability and the product's (its own row, or its best-stocked variant's), as the app answers. */
function stockOf(row: Row) {
  const states = typeof row.stock === 'string' ? (JSON.parse(row.stock) as StockRow[]) : row.stock
  const rows = new Map(states.map(([variant, quantity, tracked]) => [variant, { quantity, tracked }]))
  const of = (variant: string) => availability(rows.get(variant), row.low_stock_threshold)
  const variants = row.variants.map((variant) => ({ _id: variant._id, features: variant.features, availability: of(variant._id) }))
  const product = variants.length ? bestAvailability(variants.map((variant) => variant.availability)) : of('')
  return { variants, product }
}

/** The product's rating, when it has a visible review. */
function ratingOf(row: Row) {
  const [average, count] = typeof row.rating === 'string' ? (JSON.parse(row.rating) as [number | null, number]) : row.rating
  return count > 0 ? { rating: { average: Number(average), count } } : {}
}

const query = await connect()
const app = Fastify()
app.get('/api/products/', async (request) => {
  const { shop } = request.query as { shop: string }
  const count = 'select count(*)::int as total from products where shop_id = $1 and available'
  // The page carries the total; only an empty page is counted on its own.
  const page = await query('page', `select ${columns}, (${count}) as total from products where shop_id = $1 and available order by created_at desc, id asc limit 20`, [shop])
  const total = page.rows.length ? page.rows[0]!.total : (await query('count', count, [shop])).rows[0]!.total
  return {
    total,
    limit: 20,
    skip: 0,
    data: page.rows.map((row) => {
      const stock = stockOf(row)
      return {
        _id: row.id,
        shop: row.shop_id,
        title: row.title,
        description: row.description,
        price: { value: row.price_minor / 100, currency: row.currency },
        sellAt: row.sell_at_minor / 100,
        images: row.images,
        variants: stock.variants,
        categories: row.category_ids,
        available: row.available,
        inStock: row.in_stock,
        availability: stock.product,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        ...ratingOf(row),
      }
    }),
  }
})
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
console.log('baseline listening')
