/**
 * `npm run bench:cpu`: the CPU time one request costs, where requests a second say little because the
 * machine is shared. On a scratch PostgreSQL database with the bench's catalog (100 shops of 1,000
 * products), the built server (one worker) and the bare baseline (bench/baseline-server.ts) take turns:
 * each is loaded with autocannon for a warm-up, then measured: its user + system CPU time
 * (`/proc/PID/stat`) over the run, divided by the requests it answered, and the same for the PostgreSQL
 * backends serving the scratch database (what the statements cost the server). Scenarios: the product list on
 * both, and order placement on the app. Prints the median of `--rounds` (default 3) and each round.
 *
 *   npm run bench:cpu                      # --rounds=3 --seconds=5
 *   npm run bench:cpu -- --profile=DIR     # also a CPU profile of the app's worker per scenario (node --cpu-prof)
 *
 * Linux only (it reads /proc).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { freePort, start, stop } from './load'
import { fillCatalog, rowsOf, scratchDatabase } from './scratch'

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const rounds = Number(args.rounds ?? 3)
const seconds = Number(args.seconds ?? 5)
const profileDir = args.profile ? path.resolve(args.profile) : null
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim())

/** A process's user + system CPU time so far, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS
}

/**
 * The CPU time so far of the PostgreSQL backends serving `database` (their process titles name it):
 * what the statements of the requests cost the server, beside what the worker spends sending them.
 */
function databaseCpuMs(database: string): number {
  let total = 0
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue
      total += cpuMs(Number(pid))
    } catch {
      // A backend that ended between the listing and the read.
    }
  }
  return total
}

/** The one worker the app's primary forked (the process that serves), or the process itself. */
function servingPid(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
  return children.length ? Number(children.at(-1)) : pid
}

type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string }

async function load(port: number, next: () => Request, connections: number, duration: number): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const r = next()
          return { ...request, method: (r.method ?? 'GET') as 'GET', path: r.path, headers: { ...request.headers, ...r.headers }, body: r.body }
        },
      },
    ],
  })
  if (result.errors + result.non2xx + result.timeouts > 0) throw new Error(`${result.errors + result.non2xx + result.timeouts} failed requests on port ${port}`)
  return result.requests.total
}

/** µs of CPU per request of `pid`, and of the database's backends, under the load (after 2 s unmeasured). */
async function cpuPerRequest(pid: number, port: number, next: () => Request, connections: number): Promise<{ server: number; database: number }> {
  await load(port, next, connections, 2)
  const before = { server: cpuMs(pid), database: databaseCpuMs(databaseName) }
  const answered = await load(port, next, connections, seconds)
  return {
    server: ((cpuMs(pid) - before.server) * 1000) / answered,
    database: ((databaseCpuMs(databaseName) - before.database) * 1000) / answered,
  }
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/**
 * Where the worker spent its time under the load: the samples of its profile (the one of the profiles in
 * `dir` with the most work) in the last `window` seconds, idle left out, by function, as shares.
 */
function topSelfTime(dir: string, count: number, window = seconds + 2): [string, number][] {
  const profiles = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile)
  const idle = (profile: Profile) => new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id))
  const busy = (profile: Profile) => {
    const idleIds = idle(profile)
    return profile.samples.filter((id) => !idleIds.has(id)).length
  }
  const profile = profiles.sort((a, b) => busy(b) - busy(a))[0]!
  const where = new Map(
    profile.nodes.map((node) => {
      const { functionName, url, lineNumber } = node.callFrame
      const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')
      return [node.id, `${functionName || '(anonymous)'}${url ? ` ${file}:${lineNumber + 1}` : ''}`]
    }),
  )
  const times: number[] = []
  let at = 0
  for (const delta of profile.timeDeltas) times.push((at += delta))
  const from = at - window * 1_000_000
  const hits = new Map<string, number>()
  let total = 0
  profile.samples.forEach((id, i) => {
    const name = where.get(id)!
    if (times[i]! < from || name === '(idle)') return
    hits.set(name, (hits.get(name) ?? 0) + 1)
    total += 1
  })
  return [...hits].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, n]) => [name, (n * 100) / total])
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const random = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!

const scratch = await scratchDatabase(serverUrl, { prefix: 'shop_cpu' })
const databaseName = new URL(scratch.env.DATABASE_URL!).pathname.slice(1)
try {
  const { db } = scratch.database
  await scratch.database.migrate()
  const { shops } = await fillCatalog(db, { shops: 100, perShop: 1000, stock: 1_000_000, slugPrefix: 'cpu' })
  const products = rowsOf<{ id: string; shop_id: string }>(await db.execute(sql`select id, shop_id from products where available order by hashint4(hashtext(id::text)) limit 2000`))
  await scratch.database.close()

  const list = () => ({ path: `/api/products/?shop=${random(shops).id}` })
  const order = () => {
    const product = random(products)
    return {
      method: 'POST',
      path: `/api/orders/?email=bench%40example.com&shop=${product.shop_id}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ product: product.id, count: 1 }], delivery: { type: 'pick-up' } }),
    }
  }
  const startApp = (port: number, scenario: string) =>
    start(
      ['node', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, scenario)}`] : []), 'apps/api/dist/server.js'],
      { ...scratch.env, PORT: String(port), HOST: '127.0.0.1', ROOT_DOMAIN: `localhost:${port}`, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn', RATE_LIMITS: 'off', WEB_CONCURRENCY: '1' },
      'is running',
    )
  const startBaseline = (port: number) => start(['node', '--import', 'tsx', 'bench/baseline-server.ts'], { ...scratch.env, PORT: String(port) }, 'baseline listening')

  type Cost = { server: number; database: number }
  const figures = { baselineList: [] as Cost[], appList: [] as Cost[], appOrder: [] as Cost[] }
  for (let round = 0; round < rounds; round++) {
    let port = await freePort()
    const baseline = await startBaseline(port)
    figures.baselineList.push(await cpuPerRequest(baseline.pid!, port, list, 10))
    await stop(baseline)

    for (const [scenario, next, connections, into] of [
      ['list', list, 10, figures.appList],
      ['order', order, 20, figures.appOrder],
    ] as const) {
      port = await freePort()
      const app = await startApp(port, scenario)
      into.push(await cpuPerRequest(servingPid(app.pid!), port, next, connections))
      await stop(app)
    }
    const [listed, base, placed] = [figures.appList.at(-1)!, figures.baselineList.at(-1)!, figures.appOrder.at(-1)!]
    console.log(
      `round ${round + 1}: list ${Math.round(listed.server)} µs (baseline ${Math.round(base.server)} µs), order ${Math.round(placed.server)} µs; PostgreSQL: list ${Math.round(listed.database)} µs (baseline ${Math.round(base.database)} µs), order ${Math.round(placed.database)} µs`,
    )
  }
  const of = (costs: Cost[], side: keyof Cost) => median(costs.map((cost) => cost[side]))
  const [base, app, placed] = [of(figures.baselineList, 'server'), of(figures.appList, 'server'), of(figures.appOrder, 'server')]
  console.log(`\nmedians of ${rounds} rounds, µs of CPU per request (one worker, PostgreSQL):`)
  console.log(`product list: app ${Math.round(app)}, baseline ${Math.round(base)} (app / baseline ${(app / base).toFixed(2)})`)
  console.log(`order placement: app ${Math.round(placed)}`)
  console.log(
    `PostgreSQL's backends, µs of CPU per request: product list ${Math.round(of(figures.appList, 'database'))} (baseline ${Math.round(of(figures.baselineList, 'database'))}), order placement ${Math.round(of(figures.appOrder, 'database'))}`,
  )
  if (profileDir) {
    for (const scenario of ['list', 'order']) {
      console.log(`\n${scenario}: the worker's self time, top 20 (CPU profiles in ${path.join(profileDir, scenario)})`)
      for (const [where, share] of topSelfTime(path.join(profileDir, scenario), 20)) console.log(`${share.toFixed(1).padStart(5)} %  ${where}`)
    }
  }
} finally {
  await scratch.drop()
}
