/**
 * `npm run lighthouse`: Lighthouse's mobile run (simulated slow 4G and a 4× slower CPU) on the demo shop's
 * home page (a first visit, and a returning shopper's with a cart), product list, a product page, the checkout
 * with an item in the cart and the about page, three cold loads each, from the production build on PGlite with the demo seed. Prints the medians and writes
 * them to bench/lighthouse.md. Run `npm run build` first (the npm script does).
 *
 *   npm run lighthouse                  # 3 runs per page
 *   npm run lighthouse -- --runs=5
 *   npm run lighthouse -- --page=checkout   # one page (by the start of its name); writes no file
 *   npm run lighthouse -- --save=DIR        # also keep every run's full Lighthouse report (JSON) in DIR
 *   npm run lighthouse -- --journeys=only   # only the slow-network journeys (bench/journeys.ts); writes no file
 *   npm run lighthouse -- --journeys=no     # only Lighthouse
 *
 * After Lighthouse, the shopper's journeys run on a slow network (bench/journeys.ts): how long until "Add to
 * cart" can be pressed on a product page, until the checkout shows the cart, until "Place order" can be.
 * The machine's load average is printed with the figures: on a busy machine they are slower.
 *
 * Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH) with the browser tests' flags.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { type JourneyFigures, SLOW_NETWORK, journeyRun } from './journeys'
import { CHROMIUM_FLAGS, demo, launchBrowser, repoRoot, request, startServer } from '../e2e/fixtures'

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const RUNS = Number(args.runs ?? 3)
const LIGHTHOUSE = args.journeys !== 'only'
const JOURNEYS = args.journeys !== 'no'
const WRITES = !args.page && LIGHTHOUSE && JOURNEYS

const TARGETS = { performance: 95, lcpMs: 1500, cls: 0.05, tbtMs: 200, homeBytes: 180 * 1024 }

type Figures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  bytes: number
}

/** Starts Chromium with a DevTools port of its own choosing and answers the port. */
async function startChromium(userDataDir: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}:\n${output}`)))
  })
  return { port, child }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function figuresOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  if (lhr.runtimeError) throw new Error(`${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  }
}

function medians(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures)[]
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as Figures
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function main() {
  const server = await startServer({ NODE_ENV: 'production' })
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-lighthouse-'))
  const { port, child } = await startChromium(userDataDir)
  try {
    const origin = server.shopUrl(demo.slug)
    const host = new URL(origin).host
    const shop = JSON.parse((await request(server.port, host, `/api/shops/${demo.slug}`)).body) as { _id: string }
    const list = JSON.parse((await request(server.port, host, `/api/products/?shop=${shop._id}&$limit=1`)).body) as {
      data: { _id: string; title: string; variants: { _id: string }[] }[]
    }
    const product = list.data[0]!
    const cart = { version: 2, items: [{ count: 1, product: product._id, variant: product.variants[0]?._id ?? null }] }

    const pages: { name: string; path: string; cart?: boolean }[] = [
      { name: 'home', path: '/' },
      // The same page for a returning shopper with a cart: its scripts start at load (decision 113), as every
      // page's did before; measured beside the first visit, in the same minutes, on the same machine's load.
      { name: 'home, a cart kept', path: '/', cart: true },
      { name: 'products', path: '/products/' },
      { name: 'product', path: `/products/${product._id}` },
      { name: 'checkout (1 item)', path: '/checkout', cart: true },
      { name: 'about', path: '/about' },
    ]

    // Each run is a first visit: no HTTP cache, no storage, no service worker; the checkout's cart is put
    // in localStorage from a page that loads nothing else.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
    const context = browser.contexts()[0]!
    const helper = context.pages()[0] ?? (await context.newPage())
    const cdp = await context.newCDPSession(helper)
    async function coldStart(withCart: boolean) {
      await helper.goto(`${origin}/api/shops/${demo.slug}`)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
      await cdp.send('Network.clearBrowserCache')
      if (withCart) await helper.evaluate((value) => localStorage.setItem('cart', value), JSON.stringify(cart))
      await helper.goto('about:blank')
    }

    async function measure(url: string) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (result?.lhr.runtimeError) process.stdout.write(`${url}: ${result.lhr.runtimeError.code}\n`)
      return result?.lhr.runtimeError ? undefined : result
    }

    const results: { name: string; path: string; runs: Figures[]; median: Figures }[] = []
    for (const page of pages.filter((p) => LIGHTHOUSE && (!args.page || p.name.startsWith(args.page)))) {
      const runs: Figures[] = []
      for (let run = 0; run < RUNS; run++) {
        const attempt = async () => {
          await coldStart(page.cart ?? false)
          return measure(`${origin}${page.path}`)
        }
        // Lighthouse asks for another run when its trace misses the navigation start (NO_NAVSTART): one more try.
        const result = (await attempt()) ?? (await attempt())
        if (!result) throw new Error(`no Lighthouse result for ${page.path}`)
        runs.push(figuresOf(result.lhr))
        if (args.save) {
          await fs.mkdir(args.save, { recursive: true })
          await fs.writeFile(path.join(args.save, `${page.name.split(' ')[0]}-${run + 1}.json`), JSON.stringify(result.lhr))
        }
        process.stdout.write(`${page.name} run ${run + 1}: performance ${runs.at(-1)!.performance}\n`)
      }
      results.push({ ...page, runs, median: medians(runs) })
    }
    await browser.close()

    const journeys: JourneyFigures[] = []
    if (JOURNEYS) {
      const phone = await launchBrowser()
      try {
        for (let run = 0; run < RUNS; run++) {
          journeys.push(await journeyRun(phone, origin, `${origin}/products/${product._id}`, product.title))
          process.stdout.write(`journeys run ${run + 1}: ${JSON.stringify(journeys.at(-1))}\n`)
        }
      } finally {
        await phone.close()
      }
    }
    const journey = journeys.length ? (medians(journeys as unknown as Figures[]) as unknown as JourneyFigures) : undefined

    const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version
    const chromiumVersion = await new Promise<string>((resolve) => {
      const probe = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      let out = ''
      probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
      probe.once('exit', () => resolve(out.trim()))
    })
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met')
    const home = results.find((result) => result.name === 'home')?.median
    const budgeted = results.filter((result) => ['home', 'products', 'product'].includes(result.name))
    const [load1] = os.loadavg()
    const targets = budgeted.length === 0 ? [] : [
      'Targets (home, products and a product page):',
      '',
      `- performance ≥ ${TARGETS.performance}: ${met(budgeted.every((r) => r.median.performance >= TARGETS.performance))}`,
      `- LCP ≤ ${seconds(TARGETS.lcpMs)}: ${met(budgeted.every((r) => r.median.lcpMs <= TARGETS.lcpMs))}`,
      `- CLS ≤ ${TARGETS.cls}: ${met(budgeted.every((r) => r.median.cls <= TARGETS.cls))}`,
      `- TBT ≤ ${TARGETS.tbtMs} ms: ${met(budgeted.every((r) => r.median.tbtMs <= TARGETS.tbtMs))}`,
      ...(home ? [`- home page ≤ ${kb(TARGETS.homeBytes)} transferred: ${met(home.bytes <= TARGETS.homeBytes)} (${kb(home.bytes)})`] : []),
      '',
    ]
    const lines = [
      '# Lighthouse results',
      '',
      'Produced by `npm run lighthouse`.',
      '',
      `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, ` +
        `Lighthouse ${version}, ${chromiumVersion}; mobile preset (simulated slow 4G, 4× CPU slowdown), ` +
        `production build on PGlite with the demo seed, ${RUNS} cold loads per page, medians; ` +
        `load average ${load1!.toFixed(1)} when the run ended.`,
      '',
      '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map(({ name, median: m }) =>
        `| ${name} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${seconds(m.fcpMs)} | ` +
          `${seconds(m.lcpMs)} | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${kb(m.bytes)} |`,
      ),
      '',
      ...targets,
      ...(journey
        ? [
            `Slow network (${SLOW_NETWORK.kbitPerSecond} kbit/s, ${SLOW_NETWORK.latencyMs} ms latency, 360 px, first visit), ` +
              `from the start of each page's navigation, medians of ${journeys.length}:`,
            '',
            '| product page: "Add to cart" works | checkout: the cart shows | checkout: "Place order" works |',
            '|---:|---:|---:|',
            `| ${seconds(journey.addToCartMs)} | ${seconds(journey.checkoutCartMs)} | ${seconds(journey.placeOrderMs)} |`,
            '',
          ]
        : []),
    ]
    const report = lines.join('\n')
    process.stdout.write(`\n${report}`)
    if (WRITES) await fs.writeFile(path.join(repoRoot, 'bench', 'lighthouse.md'), report)
  } finally {
    child.kill('SIGTERM')
    await server.stop()
    await fs.rm(userDataDir, { recursive: true, force: true })
  }
}

await main()
