/**
 * Staff bulk work beside shoppers: other shops' product lists, at a steady open-loop rate, while one shop's
 * staff run their largest requests back to back, one at a time: a 5,000-row (2 MB) product import creating
 * 2,500 products, the same size of import updating them, the product CSV export, the orders CSV export of
 * 10,000 orders, moving 100 orders and showing or hiding 100 products. On PGlite every request shares one
 * connection, so what one of them holds it for, every shop waits (docs/decisions/0051). Runs on PostgreSQL
 * and on PGlite; reports the list's p50 and p99 with nothing else running and during each kind of work,
 * and how long that work took. Target: the list's p99 under 1 s on PGlite.
 *
 *   npm run bench -- --only=bulk   # this part alone; rewrites its section of bench/results.md
 */
import os from 'node:os'
import { parse } from 'csv-parse/sync'
import { MAX_CSV_BYTES, MAX_CSV_ROWS } from '@shop/domain/schemas/catalog'
import { sql } from 'drizzle-orm'
import { accessTokens, shopConfigs, shopRoles, shops, users } from '../apps/api/src/db/schema'
import { randomToken, sha256 } from '../apps/api/src/lib/crypto'
import { csvText, unescapeCsvCell } from '../apps/api/src/lib/csv'
import { type Request, driveAtRate, freePort, percentile, start, stop } from './load'
import { fillCatalog, rowsOf, scratchDatabase } from './scratch'

const OTHER_SHOPS = 20
const PER_SHOP = 1000
const LIST_RATE = 20
const ORDERS = 10_000
/** The largest file a shop may send. */
const IMPORT_ROWS = MAX_CSV_ROWS
const IMPORT_BYTES = MAX_CSV_BYTES
const TARGET_P99_MS = 1000

type Work = { name: string; send: () => Promise<Response> }
type Phase = { work: string; p50: number; p99: number; errors: number; runs: number; workMedian: number | null; workMax: number | null; workErrors: number }

const random = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!
const median = (values: number[]) => (values.length ? percentile([...values].sort((a, b) => a - b), 0.5) : null)

/** A product CSV of 2,500 new products of two sizes each, every row repeating its product's description: about `bytes` long. */
function creatingFile(round: number, bytes: number): string {
  const header = 'title,description,price,sale_price,published,categories,options,stock\n'
  const rowBytes = Math.floor((bytes - header.length) / IMPORT_ROWS)
  const lines = [header]
  for (let i = 0; i < IMPORT_ROWS / 2; i++) {
    const title = `Round ${round} kente shirt ${i}`
    const first = (description: string) => `${title},"${description}",${50 + (i % 200)},,yes,Shirts; Round ${round % 5},Size: M,${i % 9}\n`
    const description = ''.padEnd(rowBytes - first('').length, `Hand-woven kente, number ${i}. Soft cotton, washed twice, cut and sewn in Kumasi. `)
    lines.push(first(description), `${title},"${description}",,,,,Size: L,\n`)
  }
  return lines.join('')
}

/** The shop's export as its staff would send it back: each product's fields on its first row only. */
function updatingFile(exported: string): string {
  const [header, ...records] = parse(exported).map((record) => record.map(unescapeCsvCell))
  const productFields = ['title', 'description', 'price', 'sale_price', 'published', 'categories'].map((name) => header!.indexOf(name))
  const rows = records.map((record, i) =>
    i > 0 && record[0] === records[i - 1]![0] ? record.map((cell, column) => (productFields.includes(column) ? '' : cell)) : record,
  )
  return csvText([header!, ...rows])
}

async function prepare(kind: 'postgres' | 'pglite', serverUrl: string) {
  const scratch = await scratchDatabase(kind === 'postgres' ? serverUrl : undefined, { prefix: 'shop_bulk', onDisk: true })
  const { db } = scratch.database
  await scratch.database.migrate()
  const started = Date.now()
  const filled = await fillCatalog(db, { shops: OTHER_SHOPS, perShop: PER_SHOP, stock: 1_000_000, slugPrefix: 'bulk' })
  // The working shop has the 1,000 products of a fill, 10,000 orders, and two shops of its owner to import into.
  const [working] = filled.shops
  const importing = rowsOf<{ id: string }>(
    await db.execute(sql`insert into ${shops} (slug, title) values ('bulk-import', 'Import'), ('bulk-update', 'Update') returning id`),
  )
  await db.insert(shopConfigs).values(importing.map((shop) => ({ shopId: shop.id })))
  const [owner] = await db.insert(users).values({ email: 'owner@bulk.example', passwordHash: 'not-a-password' }).returning()
  const token = randomToken()
  await db.insert(accessTokens).values({ userId: owner!.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86_400_000) })
  await db.insert(shopRoles).values([working!, ...importing].map((shop) => ({ shopId: shop.id, userId: owner!.id, role: 'owner' as const })))
  await db.execute(sql`
    with p as (select id, title, price_minor, row_number() over (order by id) - 1 as n from products where shop_id = ${working!.id})
    insert into orders (shop_id, order_id, email, customer_name, phone, items, delivery, currency, subtotal_minor, tax_minor, delivery_minor, discount_minor, total_minor, payment_provider, created_at)
    select ${working!.id}, 'B' || lpad(i::text, 6, '0'), 'buyer' || i || '@example.com', 'Buyer ' || i, '+23324' || lpad(i::text, 7, '0'),
           jsonb_build_array(jsonb_build_object('product', p.id, 'count', 1 + i % 3, 'title', p.title, 'unitPriceMinor', p.price_minor, 'priceMinor', p.price_minor,
             'sellAtMinor', 0, 'currency', 'GHS', 'images', '[]'::jsonb, 'stockTaken', false)),
           '{"type":"pick-up"}'::jsonb, 'GHS', p.price_minor * (1 + i % 3), 0, 0, 0, p.price_minor * (1 + i % 3), 'manual', now() - make_interval(mins => i)
    from generate_series(1, ${ORDERS}) as i join p on p.n = i % ${PER_SHOP}`)
  const orderIds = rowsOf<{ id: string }>(await db.execute(sql`select id from orders where shop_id = ${working!.id} order by created_at`)).map((row) => row.id)
  const productIds = rowsOf<{ id: string }>(await db.execute(sql`select id from products where shop_id = ${working!.id} order by id`)).map((row) => row.id)
  await db.execute(sql`vacuum analyze`)
  await scratch.database.close() // PGlite allows one process at a time; the server opens it itself.
  console.log(`staff bulk work, ${scratch.label}: ${OTHER_SHOPS} shops of ${PER_SHOP} products and ${ORDERS} orders ready in ${Date.now() - started} ms`)
  return {
    scratch,
    token,
    working: working!.id,
    importShop: importing[0]!.id,
    updateShop: importing[1]!.id,
    others: filled.shops.slice(1).map((shop) => shop.id),
    orderIds,
    productIds,
  }
}

/** Sends `work` again and again, one at a time, until `until` settles; answers each one's milliseconds. */
async function repeat(work: Work, until: Promise<unknown>) {
  // Set by the callback below, which the type checker does not follow into the loop.
  let done = false as boolean
  void until.finally(() => (done = true))
  const times: number[] = []
  let errors = 0
  while (!done) {
    const started = performance.now()
    const response = await work.send()
    const body = await response.text()
    if (!response.ok && errors++ === 0) console.log(`staff bulk work, ${work.name}: ${response.status} ${body.slice(0, 300)}`)
    times.push(performance.now() - started)
  }
  return { times, errors }
}

async function benchKind(kind: 'postgres' | 'pglite', options: { serverUrl: string; seconds: number; warmUp: number }) {
  const setup = await prepare(kind, options.serverUrl)
  const port = await freePort()
  const app = await start(
    ['node', 'apps/api/dist/server.js'],
    { ...setup.scratch.env, PORT: String(port), HOST: '127.0.0.1', ROOT_DOMAIN: `localhost:${port}`, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn', RATE_LIMITS: 'off', WEB_CONCURRENCY: '1' },
    'is running',
  )
  const base = `http://127.0.0.1:${port}`
  const headers = { authorization: `Bearer ${setup.token}` }
  const send = (method: string, path: string, body?: string, type = 'application/json') =>
    fetch(`${base}${path}`, { method, headers: body === undefined ? headers : { ...headers, 'content-type': type }, body })
  try {
    let round = 0
    let moved = 0
    let shown = false
    /** The next 100 orders, each batch moving its orders one step further than the last time round. */
    const nextOrders = () => {
      const batch = setup.orderIds.slice(moved, moved + 100)
      moved = (moved + 100) % ORDERS
      return batch
    }
    const seeded = await send('POST', `/api/products.csv?shop=${setup.updateShop}`, creatingFile(0, IMPORT_BYTES - 64 * 1024), 'text/csv')
    if (!seeded.ok) throw new Error(`seeding the import failed: ${seeded.status} ${(await seeded.text()).slice(0, 500)}`)
    const update = updatingFile(await (await send('GET', `/api/products.csv?shop=${setup.updateShop}`)).text())
    console.log(`staff bulk work: import files of ${IMPORT_ROWS} rows, ${Math.round(creatingFile(1, IMPORT_BYTES - 64 * 1024).length / 1024)} KB creating and ${Math.round(update.length / 1024)} KB updating`)
    const works: Work[] = [
      { name: 'import creating 2,500 products', send: () => send('POST', `/api/products.csv?shop=${setup.importShop}`, creatingFile(++round, IMPORT_BYTES - 64 * 1024), 'text/csv') },
      { name: 'import updating 2,500 products', send: () => send('POST', `/api/products.csv?shop=${setup.updateShop}`, update, 'text/csv') },
      { name: 'products.csv, 2,500 products', send: () => send('GET', `/api/products.csv?shop=${setup.updateShop}`) },
      { name: `orders.csv, ${ORDERS.toLocaleString('en')} orders`, send: () => send('GET', `/api/orders.csv?shop=${setup.working}`) },
      {
        name: 'moving 100 orders',
        send: () => send('POST', '/api/order-moves/', JSON.stringify({ shop: setup.working, orders: nextOrders() })),
      },
      {
        name: 'showing or hiding 100 products',
        send: () => send('PATCH', '/api/products/', JSON.stringify({ shop: setup.working, ids: setup.productIds.slice(0, 100), available: (shown = !shown) })),
      },
    ]
    const list = (): Request => ({ path: `/api/products/?shop=${random(setup.others)}` })
    const phases: Phase[] = []
    const quiet = await driveAtRate(port, list, LIST_RATE, { seconds: options.seconds, warmUp: options.warmUp })
    phases.push({ work: 'nothing', ...quiet, runs: 0, workMedian: null, workMax: null, workErrors: 0 })
    for (const work of works) {
      const load = driveAtRate(port, list, LIST_RATE, { seconds: options.seconds, warmUp: options.warmUp })
      const { times, errors } = await repeat(work, load)
      const figures = await load
      phases.push({ work: work.name, ...figures, runs: times.length, workMedian: median(times), workMax: times.length ? Math.round(Math.max(...times)) : null, workErrors: errors })
      console.log(`staff bulk work, ${setup.scratch.label}, ${work.name}: list p50/p99 ${figures.p50}/${figures.p99} ms; ${times.length} runs, median ${median(times)} ms`)
    }
    return { label: setup.scratch.label, phases }
  } finally {
    await stop(app)
    await setup.scratch.drop()
  }
}

export async function staffBulkWork(options: { serverUrl: string; seconds: number; warmUp: number; kinds: ('postgres' | 'pglite')[] }): Promise<string> {
  const results = []
  for (const kind of options.kinds) results.push(await benchKind(kind, options))
  const lines = [
    `${OTHER_SHOPS} other shops of ${PER_SHOP.toLocaleString('en')} products; their product list at ${LIST_RATE} requests a second (open loop, random shops), ${options.seconds} s per row after a ${options.warmUp} s warm-up, while one shop's staff send the work named, one request after another. One worker. ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
    '',
    '| database | staff work | list p50 ms | list p99 ms | list errors | work runs | work median ms | work max ms | work errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const { label, phases } of results) {
    for (const phase of phases) {
      lines.push(`| ${label} | ${phase.work} | ${phase.p50} | ${phase.p99} | ${phase.errors} | ${phase.runs} | ${phase.workMedian ?? ''} | ${phase.workMax ?? ''} | ${phase.workErrors} |`)
    }
  }
  const pglite = results.find((result) => result.label === 'PGlite')
  if (pglite) {
    const missed = pglite.phases.filter((phase) => phase.p99 >= TARGET_P99_MS)
    lines.push('', missed.length ? `Target missed on PGlite (list p99 under ${TARGET_P99_MS} ms): ${missed.map((phase) => phase.work).join('; ')}.` : `Target met: the list's p99 stays under ${TARGET_P99_MS} ms on PGlite whatever the staff work.`)
  }
  return lines.join('\n')
}
