/**
 * Tenants at scale: the same storefront load on 100 shops × 1,000 products and on 1,000 shops × 1,000
 * products (one million) in PostgreSQL, each filled in bulk SQL (generate_series) in its own scratch
 * database. For each size the built server serves, at steady open-loop rates, the product list, the title
 * search and order placement over random shops; the sizes take turns for `rounds` rounds and each figure
 * is the median of its rounds. The p99 on the larger catalog may be at most 20 % above the smaller's.
 *
 * Also checks that the larger catalog is read through indexes: EXPLAIN of the list and search the routes
 * build, and the sequential scans PostgreSQL counted on its large tables (pg_stat_user_tables) while the
 * server ran, which covers every statement of order placement too.
 *
 *   npm run bench -- --only=tenants   # this part alone; rewrites its section of bench/results.md
 */
import os from 'node:os'
import { sql } from 'drizzle-orm'
import { type Db } from '../apps/api/src/db/client'
import { parseQuery } from '../apps/api/src/lib/feathers-query'
import { type ProductScope, productCountQuery, productPageQuery, productQuerySpec, productSearchQuery } from '../apps/api/src/modules/catalog/product.repository'
import { type Request, driveAtRate, freePort, start, stop } from './load'
import { type Scratch, fillCatalog, rowsOf, scratchDatabase } from './scratch'

const PER_SHOP = 1000
const SIZES = [100, 1000] as const
/** Requests a second: a busy storefront tier, well below saturation so p99 measures the work, not a queue. */
const RATES = { 'product list': 100, 'title search': 50, 'order placement': 30 } as const
const MAX_P99_GROWTH = 0.2
/** A table this large read whole would show in the latencies: a sequential scan of it is a missing index. */
const LARGE_TABLE = 10_000

type Scenario = keyof typeof RATES
type Run = { p50: number; p99: number; errors: number }
type Size = { shops: number; scratch: Scratch; shopIds: string[]; products: { id: string; shop_id: string }[]; fillMs: number }

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10
}
const random = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!

async function prepare(serverUrl: string, shops: number): Promise<Size> {
  const scratch = await scratchDatabase(serverUrl, { prefix: `shop_scale_${shops}` })
  const started = Date.now()
  await scratch.database.migrate()
  const filled = await fillCatalog(scratch.database.db, { shops, perShop: PER_SHOP, stock: 1_000_000, slugPrefix: 'scale' })
  const products = rowsOf<{ id: string; shop_id: string }>(
    await scratch.database.db.execute(sql`select id, shop_id from products where available order by hashint4(hashtext(id::text)) limit 5000`),
  )
  const fillMs = Date.now() - started
  console.log(`tenants at scale: ${shops * PER_SHOP} products over ${shops} shops ready in ${fillMs} ms`)
  return { shops, scratch, shopIds: filled.shops.map((s) => s.id), products, fillMs }
}

/** The index names and sequentially scanned tables of a plan (EXPLAIN's JSON). */
function planSummary(plan: unknown): { indexes: Set<string>; seqScans: Set<string> } {
  const indexes = new Set<string>()
  const seqScans = new Set<string>()
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Index Name'] === 'string') indexes.add(node['Index Name'])
    if (node['Node Type'] === 'Seq Scan') seqScans.add(String(node['Relation Name']))
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child)
  }
  walk((plan as [{ Plan: Record<string, unknown> }])[0].Plan)
  return { indexes, seqScans }
}

/** EXPLAIN of the exact list, count and search statements the route builds for an anonymous shopper. */
async function explainReads(db: Db, shopId: string): Promise<string[]> {
  const scope: ProductScope = { shopId, availableOnly: true }
  const queries = {
    'product list': productPageQuery(db, scope, parseQuery(productQuerySpec, {})),
    'product count': productCountQuery(db, scope, parseQuery(productQuerySpec, {})),
    'title search': productSearchQuery(db, scope, parseQuery(productQuerySpec, { title: { $q: 'jackt' } })),
  }
  const lines: string[] = []
  for (const [name, query] of Object.entries(queries)) {
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (format json) ${query.getSQL()}`))
    const { indexes, seqScans } = planSummary(row!['QUERY PLAN'])
    const scans = seqScans.size ? `; sequential scans of ${[...seqScans].join(', ')}` : '; no sequential scan'
    lines.push(`${name}: ${[...indexes].sort().join(', ') || 'no index'}${scans}`)
  }
  return lines
}

type TableScans = Map<string, { seqScan: number; rows: number }>
async function tableScans(db: Db): Promise<TableScans> {
  const rows = rowsOf<{ relname: string; seq_scan: number; n_live_tup: number }>(
    await db.execute(sql`select relname, seq_scan, n_live_tup from pg_stat_user_tables`),
  )
  return new Map(rows.map((r) => [r.relname, { seqScan: Number(r.seq_scan), rows: Number(r.n_live_tup) }]))
}

async function measure(size: Size, seconds: number, warmUp: number): Promise<{ runs: Record<Scenario, Run>; scanned: string[] }> {
  const port = await freePort()
  const before = await tableScans(size.scratch.database.db)
  const app = await start(
    ['node', 'apps/api/dist/server.js'],
    // RATE_LIMITS=off: the load comes from one address, which the order limits would refuse by design.
    { ...size.scratch.env, PORT: String(port), HOST: '127.0.0.1', ROOT_DOMAIN: `localhost:${port}`, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn', RATE_LIMITS: 'off' },
    'is running',
  )
  const requests: Record<Scenario, () => Request> = {
    'product list': () => ({ path: `/api/products/?shop=${random(size.shopIds)}` }),
    'title search': () => ({ path: `/api/products/?shop=${random(size.shopIds)}&title[$q]=jackt` }),
    'order placement': () => {
      const product = random(size.products)
      return {
        method: 'POST',
        path: `/api/orders/?email=bench%40example.com&shop=${product.shop_id}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ product: product.id, count: 1 }], delivery: { type: 'pick-up' }, name: 'Bench Buyer', phone: '0244123456' }),
      }
    },
  }
  const runs = {} as Record<Scenario, Run>
  try {
    for (const scenario of Object.keys(RATES) as Scenario[]) {
      const { p50, p99, errors } = await driveAtRate(port, requests[scenario], RATES[scenario], { seconds, warmUp })
      runs[scenario] = { p50, p99, errors }
    }
  } finally {
    await stop(app) // its connections end, and PostgreSQL publishes their table statistics
  }
  const after = await tableScans(size.scratch.database.db)
  const scanned = [...after].filter(([name, now]) => now.rows > LARGE_TABLE && now.seqScan > (before.get(name)?.seqScan ?? 0)).map(([name]) => name)
  return { runs, scanned }
}

export async function tenantsAtScale(options: { serverUrl: string; seconds: number; warmUp: number; rounds: number }): Promise<string> {
  const sizes: Size[] = []
  try {
    for (const shops of SIZES) sizes.push(await prepare(options.serverUrl, shops))
    const largest = sizes.at(-1)!
    const explained = await explainReads(largest.scratch.database.db, random(largest.shopIds))
    const runs = new Map<Size, Record<Scenario, Run>[]>(sizes.map((size) => [size, []]))
    const scanned = new Set<string>()
    // The machine's load (other work on it) weighs on the p99 more than the catalog does: it is reported.
    const loads: number[] = []
    for (let round = 0; round < options.rounds; round++) {
      for (const size of sizes) {
        loads.push(os.loadavg()[0]!)
        const result = await measure(size, options.seconds, options.warmUp)
        runs.get(size)!.push(result.runs)
        for (const table of result.scanned) scanned.add(`${table} (${size.shops} shops)`)
        console.log(`tenants at scale, round ${round + 1}, ${size.shops} shops: ${JSON.stringify(result.runs)}`)
      }
    }

    const figure = (size: Size, scenario: Scenario) => {
      const all = runs.get(size)!.map((r) => r[scenario])
      return { p50: median(all.map((r) => r.p50)), p99: median(all.map((r) => r.p99)), errors: all.reduce((sum, r) => sum + r.errors, 0) }
    }
    const [small, large] = [sizes[0]!, largest]
    const lines = [
      `${options.rounds} rounds, the two catalogs taking turns; each figure is the median of its rounds. ${options.seconds} s per scenario after a ${options.warmUp} s warm-up, requests sent open-loop at a steady rate over random shops (orders: one unit of a random product). PostgreSQL; filled in ${Math.round(small.fillMs / 1000)} s and ${Math.round(large.fillMs / 1000)} s. ${os.cpus().length} cores, load average ${median(loads).toFixed(1)} (median at the start of each run).`,
      '',
      `| scenario | req/s | ${small.shops} × ${PER_SHOP} p50 ms | p99 ms | ${large.shops} × ${PER_SHOP} p50 ms | p99 ms | p99 growth | errors |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    ]
    const verdicts: string[] = []
    for (const scenario of Object.keys(RATES) as Scenario[]) {
      const a = figure(small, scenario)
      const b = figure(large, scenario)
      const growth = (b.p99 - a.p99) / a.p99
      if (growth > MAX_P99_GROWTH) verdicts.push(`${scenario} p99 grew ${Math.round(growth * 100)} %`)
      lines.push(`| ${scenario} | ${RATES[scenario]} | ${a.p50} | ${a.p99} | ${b.p50} | ${b.p99} | ${growth >= 0 ? '+' : ''}${Math.round(growth * 100)} % | ${a.errors + b.errors} |`)
    }
    lines.push(
      '',
      `Plans at one million products (EXPLAIN of the route's own SQL): ${explained.join('; ')}.`,
      scanned.size
        ? `Sequential scans of tables over ${LARGE_TABLE.toLocaleString('en')} rows while serving: ${[...scanned].join(', ')}.`
        : `No sequential scan of a table over ${LARGE_TABLE.toLocaleString('en')} rows while serving (pg_stat_user_tables).`,
      '',
      verdicts.length ? `Target missed (p99 at most +${MAX_P99_GROWTH * 100} %): ${verdicts.join('; ')}.` : `Target met: no p99 more than ${MAX_P99_GROWTH * 100} % above the smaller catalog's.`,
    )
    return lines.join('\n')
  } finally {
    for (const size of sizes) {
      await size.scratch.database.close()
      await size.scratch.drop()
    }
  }
}
