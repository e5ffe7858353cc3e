/**
 * `npm run bench`: 100,000 products over 100 shops in a scratch database, the built server started on
 * it, and autocannon driving the product list, title search, product by id, the SSR home page and order
 * placement. The product list is also measured on a bare Fastify + driver baseline
 * (bench/baseline-server.ts) in the same run on the same data, the two in alternating rounds. Runs on
 * PostgreSQL (BENCH_DATABASE_URL, default this machine's server) and on PGlite for reference, prints a
 * table and writes bench/results.md.
 *
 * Then, on PostgreSQL, the same storefront load on 100 and on 1,000 shops of 1,000 products each
 * (bench/tenants-at-scale.ts).
 *
 * Last, on both databases, other shops' product list while one shop's staff import, export and change in
 * bulk (bench/staff-bulk-work.ts).
 *
 *   npm run bench                        # both databases, then tenants at scale, then staff bulk work
 *   npm run bench -- --only=postgres     # or --only=pglite, --only=tenants (--rounds=5), --only=main (both
 *                                        # databases, no tenants), --only=bulk (--db=pglite or --db=postgres
 *                                        # for one database, printed only); --duration=10 seconds per scenario
 */
import os from 'node:os'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { type Request, driveAtRate, freePort, start, stop } from './load'
import { type Resident, memoryLines, residentMemory } from './memory'
import { writeMainResults, writeResultsSection } from './results-file'
import { fillCatalog, rowsOf, scratchDatabase } from './scratch'
import { staffBulkWork } from './staff-bulk-work'
import { tenantsAtScale } from './tenants-at-scale'
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const duration = Number(args.duration ?? 10)
const only = args.only as 'postgres' | 'pglite' | 'tenants' | 'main' | 'bulk' | undefined
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SHOPS = 100
const PER_SHOP = 1000
const STOCK = 1_000_000
const CONNECTIONS = 10
const SEARCH_RATE = 50
const LIST_ROUNDS = 2

type Figure = { scenario: string; rps: number; p50: number; p99: number; errors: number; baselineRps?: number; note?: string }

/** Every scenario first runs this long unmeasured: connections, pools and the JIT settle. */
const WARM_UP = 3

type Measured = { rps: number; p50: number; p99: number; errors: number }

/** Several runs of one scenario as one figure: mean throughput and latencies, every error. */
function mean(runs: Measured[]): Measured {
  const avg = (pick: (run: Measured) => number) => Math.round(runs.reduce((sum, run) => sum + pick(run), 0) / runs.length)
  return { rps: avg((r) => r.rps), p50: avg((r) => r.p50), p99: avg((r) => r.p99), errors: runs.reduce((sum, r) => sum + r.errors, 0) }
}

async function drive(port: number, next: () => Request, connections = CONNECTIONS): Promise<Measured> {
  const run = (seconds: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => {
            const r = next()
            return { ...request, method: (r.method ?? 'GET') as 'GET', path: r.path, headers: { ...request.headers, ...r.headers }, body: r.body }
          },
        },
      ],
    })
  await run(WARM_UP)
  const result = await run(duration)
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  }
}

const random = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!

type TargetResult = { label: string; figures: Figure[]; oversell: string; memory: { idle: Resident; loaded: Resident } }

async function benchTarget(kind: 'postgres' | 'pglite'): Promise<TargetResult> {
  const scratch = await scratchDatabase(kind === 'postgres' ? serverUrl : undefined, { prefix: 'shop_bench', onDisk: true })
  const figures: Figure[] = []
  try {
    const { db } = scratch.database
    const started = Date.now()
    await scratch.database.migrate()
    const { shops } = await fillCatalog(db, { shops: SHOPS, perShop: PER_SHOP, stock: STOCK, slugPrefix: 'bench' })
    const products = rowsOf<{ id: string; shop_id: string }>(
      await db.execute(sql`select id, shop_id from products where available order by hashint4(hashtext(id::text)) limit 2000`),
    )
    // The oversell check: 25 units of one product, 200 buyers at once.
    const [scarce] = products
    await db.execute(sql`update inventory set quantity = 25 where product_id = ${scarce!.id}`)
    console.log(`${scratch.label}: ${SHOPS * PER_SHOP} products over ${SHOPS} shops ready in ${Date.now() - started} ms`)
    await scratch.database.close() // PGlite allows one process at a time; the servers open it themselves.

    const shopIds = shops.map((s) => s.id)
    const list = () => ({ path: `/api/products/?shop=${random(shopIds)}` })

    const startBaseline = (port: number) =>
      start(['node', '--import', 'tsx', 'bench/baseline-server.ts'], { ...scratch.env, PORT: String(port) }, 'baseline listening')
    const startApp = (port: number) =>
      start(
        ['node', 'apps/api/dist/server.js'],
        // RATE_LIMITS=off: the load comes from one address, which the order limits would refuse by design.
        // WEB_CONCURRENCY=1: one worker, as the single-process baseline it is compared with.
        { ...scratch.env, PORT: String(port), HOST: '127.0.0.1', ROOT_DOMAIN: `localhost:${port}`, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn', RATE_LIMITS: 'off', WEB_CONCURRENCY: '1' },
        'is running',
      )
    // The list against the baseline in alternating rounds, one server at a time (PGlite opens its data in
    // one process only), so a change in the machine's load during the run weighs on both alike.
    const listRuns: { base: Measured[]; app: Measured[] } = { base: [], app: [] }
    for (let round = 0; round < LIST_ROUNDS; round++) {
      for (const [side, startServer] of [['base', startBaseline], ['app', startApp]] as const) {
        const port = await freePort()
        const server = await startServer(port)
        listRuns[side].push(await drive(port, list))
        await stop(server)
      }
    }
    figures.push({ scenario: 'product list', ...mean(listRuns.app), baselineRps: mean(listRuns.base).rps })

    const port = await freePort()
    const app = await startApp(port)
    const idle = await residentMemory(app.pid!)
    try {
      const scenarios: [string, () => Request][] = [
        ['title search', () => ({ path: `/api/products/?shop=${random(shopIds)}&title[$q]=jackt` })],
        ['product by id', () => ({ path: `/api/products/${random(products).id}` })],
        ['SSR home page', () => ({ path: '/', headers: { host: `${random(shops).slug}.localhost:${port}` } })],
      ]
      for (const [scenario, next] of scenarios) figures.push({ scenario, ...(await drive(port, next)) })
      // Latency at a steady, realistic load rather than at saturation (where p99 only measures the queue).
      const steady = await driveAtRate(port, scenarios[0]![1], SEARCH_RATE, { seconds: duration, warmUp: WARM_UP })
      figures.push({ scenario: `title search at ${SEARCH_RATE} req/s`, ...steady })
      const order = (product: { id: string; shop_id: string }) => ({
        method: 'POST',
        path: `/api/orders/?email=bench%40example.com&shop=${product.shop_id}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ product: product.id, count: 1 }], delivery: { type: 'pick-up' } }),
      })
      const plenty = products.slice(1)
      const placed = await drive(port, () => order(random(plenty)), 20)
      figures.push({ scenario: 'order placement', ...placed, note: 'orders/s' })

      // Zero oversell: 200 concurrent buyers for 25 units.
      const attempts = await Promise.all(
        Array.from({ length: 200 }, async () => {
          const r = order(scarce!)
          const response = await fetch(`http://127.0.0.1:${port}${r.path}`, { method: 'POST', headers: r.headers, body: r.body })
          return response.status
        }),
      )
      const sold = attempts.filter((s) => s === 201).length
      const refused = attempts.filter((s) => s === 409).length
      const memory = { idle, loaded: await residentMemory(app.pid!) }
      return { label: scratch.label, figures, oversell: `${sold} of 200 concurrent orders for 25 units succeeded, ${refused} refused with 409`, memory }
    } finally {
      await stop(app)
    }
  } finally {
    await scratch.drop()
  }
}

function table(results: TargetResult[]): string {
  const lines = [
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ${duration} s per scenario after a ${WARM_UP} s warm-up, ${CONNECTIONS} connections (orders: 20); the product list and its baseline are the means of ${LIST_ROUNDS} alternating runs each; the steady search sends one request every ${1000 / SEARCH_RATE} ms, open-loop.`,
    '',
    '| database | scenario | req/s | p50 ms | p99 ms | errors | baseline req/s | ratio |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const { label, figures } of results) {
    for (const f of figures) {
      const ratio = f.baselineRps ? `${Math.round((100 * f.rps) / f.baselineRps)} %` : ''
      lines.push(`| ${label} | ${f.scenario} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.baselineRps ?? ''} | ${ratio} |`)
    }
  }
  lines.push('')
  for (const { label, oversell } of results) lines.push(`- ${label}: ${oversell}.`)
  lines.push(...memoryLines(results))
  lines.push('', 'Targets: product list ≥ 80 % of the baseline; title search p99 ≤ 30 ms (at a steady load); order placement ≥ 300 orders/s on PostgreSQL with zero oversell.')
  return lines.join('\n')
}

const TENANTS_HEADING = 'Tenants at scale'
const tenants = () => tenantsAtScale({ serverUrl, seconds: duration, warmUp: WARM_UP, rounds: Number(args.rounds ?? 5) })

// Each part replaces its own part of bench/results.md and keeps the rest (bench:cluster's section too).
if (only !== 'tenants' && only !== 'bulk') {
  const results = []
  for (const kind of ['postgres', 'pglite'] as const) {
    if (only && only !== 'main' && only !== kind) continue
    results.push(await benchTarget(kind))
  }
  const text = table(results)
  console.log(`\n${text}`)
  await writeMainResults(`# Benchmark results\n\nProduced by \`npm run bench\`.\n\n${text}\n`)
}
if (only === undefined || only === 'postgres' || only === 'tenants') {
  const section = await tenants()
  console.log(`\n## ${TENANTS_HEADING}\n\n${section}`)
  await writeResultsSection(TENANTS_HEADING, section)
}
const BULK_HEADING = 'Staff bulk work beside shoppers'
if (only === undefined || only === 'bulk') {
  const kinds = (['postgres', 'pglite'] as const).filter((kind) => args.db === undefined || args.db === kind)
  const section = await staffBulkWork({ serverUrl, seconds: duration, warmUp: WARM_UP, kinds })
  console.log(`\n## ${BULK_HEADING}\n\n${section}`)
  // One database's rows alone would replace both in the results: a --db run only prints them.
  if (kinds.length === 2) await writeResultsSection(BULK_HEADING, section)
}
