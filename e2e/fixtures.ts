/**
 * Browser-test fixtures. Nothing is built here: run `npm run build` first. Each test file starts the real
 * server (`node apps/api/dist/server.js`) on a free port with a fresh copy of a data directory where the
 * demo shop is seeded (PGlite), and stops it with SIGTERM afterwards; pages are driven with the system
 * Chromium.
 */
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { after, before } from 'node:test'
import dns2 from 'dns2'
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core'

export const repoRoot = path.resolve(import.meta.dirname, '..')
export const PROVIDER_NAME = 'Shoplet'
export const demo = {
  slug: 'demo',
  title: 'Demo Shop',
  password: 'demo1234',
  shopper: 'shopper@demo.shop',
  owner: 'owner@demo.shop',
} as const

export type RunningServer = {
  port: number
  /** `http://localhost:{port}`: the platform. */
  platformUrl: string
  /** `http://{slug}.localhost:{port}`: a shop's storefront. */
  shopUrl: (slug: string) => string
  output: () => string
  stop: () => Promise<void>
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export type PlainResponse = { status: number; headers: http.IncomingHttpHeaders; body: string }

/** A request to the server with any Host header (no DNS needed for `*.localhost`). */
export function request(
  port: number,
  host: string,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers: { ...options.headers, host } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

async function waitUntilReady(child: ChildProcess, port: number, output: () => string): Promise<void> {
  // Starting takes seconds; a busy machine can stretch that a long way.
  const deadline = Date.now() + 240_000
  let exited: number | null | undefined
  child.once('exit', (code) => (exited = code))
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`the server exited with ${exited}:\n${output()}`)
    try {
      const { status } = await request(port, `localhost:${port}`, `/api/shops/${demo.slug}`)
      if (status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server did not answer within 240 s:\n${output()}`)
}

/** Everything `child` has written to stdout and stderr so far. */
function outputOf(child: ChildProcess): () => string {
  let log = ''
  child.stdout!.on('data', (chunk) => (log += chunk))
  child.stderr!.on('data', (chunk) => (log += chunk))
  return () => log
}

/** The server's environment: only what this run sets, so a developer's own configuration does not leak in. */
function serverEnv(dataDir: string, extraEnv: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'ROOT_DOMAIN', 'PLATFORM_URL', 'DEFAULT_SHOP', 'WEB_BUILD_DIR', 'DNS_SERVERS']) {
    delete env[name]
  }
  return { ...env, NODE_ENV: 'development', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', PROVIDER_NAME, LOG_LEVEL: 'warn', ...extraEnv }
}

const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js')
const templateRoot = path.join(repoRoot, 'node_modules/.cache/e2e-demo')
const TEMPLATE_MAX_AGE = 60 * 60 * 1000

/**
 * A data directory with the demo shop migrated and seeded, made once and copied for each test file's
 * server: seeding draws every demo picture in several widths and formats, half a minute or more, while a
 * copy takes a moment. It is named after the build and the migrations it was made with (so a rebuild makes
 * a new one) and the time it was seeded, and made again after an hour, since the demo's month of orders is
 * dated from then. Test files running at once may each make one; the first to finish is kept.
 */
async function seededTemplate(): Promise<string> {
  const made = [serverEntry, path.join(repoRoot, 'apps/api/drizzle/meta/_journal.json')].map((file) => `${file} ${fs.statSync(file).mtimeMs}`)
  const key = createHash('sha256').update(made.join('\n')).digest('hex').slice(0, 16)
  await mkdir(templateRoot, { recursive: true })
  const now = Date.now()
  const entries = await readdir(templateRoot)
  const seededAt = (name: string) => Number(name.split('-')[1])
  const fresh = entries.find((name) => name.startsWith(`${key}-`) && now - seededAt(name) < TEMPLATE_MAX_AGE)
  if (fresh) return path.join(templateRoot, fresh)
  for (const name of entries) {
    if (!(now - seededAt(name) < TEMPLATE_MAX_AGE)) await rm(path.join(templateRoot, name), { recursive: true, force: true })
  }

  const building = path.join(templateRoot, `building-${now}-${process.pid}`)
  const child = spawn(process.execPath, [serverEntry, '--prepare'], { cwd: repoRoot, env: serverEnv(building, {}), stdio: ['ignore', 'pipe', 'pipe'] })
  const output = outputOf(child)
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) {
    await rm(building, { recursive: true, force: true })
    throw new Error(`seeding the demo shop failed (exit code ${code}):\n${output()}`)
  }
  const template = path.join(templateRoot, `${key}-${now}`)
  await rename(building, template)
  return template
}

/** `extraEnv` adds settings of the test's own (a DNS server it runs, say) to the fixed ones of `serverEnv`. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (const built of [serverEntry, path.join(repoRoot, 'apps/web/build/server/index.js')]) {
    if (!fs.existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`)
  }
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-'))
  await cp(await seededTemplate(), dataDir, { recursive: true })
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: serverEnv(dataDir, { PORT: String(port), ...extraEnv }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = outputOf(child)
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve()
    else child.once('exit', () => resolve())
  })

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    }
    await rm(dataDir, { recursive: true, force: true })
  }

  try {
    await waitUntilReady(child, port, output)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    port,
    platformUrl: `http://localhost:${port}`,
    shopUrl: (slug) => `http://${slug}.localhost:${port}`,
    output,
    stop,
  }
}

/** How the tests and the Lighthouse run start the system Chromium. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS })
}

/**
 * Registers before/after hooks for one server (and optionally one browser) per test file. `env` gives
 * settings of the test's own, read when the server starts.
 */
export function useServer(env: () => Promise<Record<string, string>> | Record<string, string> = () => ({})): {
  server: () => RunningServer
} {
  let server: RunningServer | undefined
  before(async () => {
    server = await startServer(await env())
  })
  after(async () => {
    await server?.stop()
  })
  return {
    server: () => {
      if (!server) throw new Error('the server is not running')
      return server
    },
  }
}

/**
 * A DNS server on 127.0.0.1 that knows no name (every answer is NXDOMAIN), for a server started with
 * `DNS_SERVERS` pointing at it: custom-domain checks then fail at once and say why, with no outside network.
 * The function starts it on first call and answers its `ip:port`; it stops after the file's tests.
 */
export function useEmptyDnsServer(): () => Promise<string> {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request)
      // NXDOMAIN: dns2 3.0 has `Packet.RCODE` but its types do not declare it.
      response.header.rcode = 3
      void send(response)
    },
  })
  let started: Promise<string> | undefined
  after(async () => {
    if (started) await server.close()
  })
  return () =>
    (started ??= server.listen({ udp: { port: 0, address: '127.0.0.1' } }).then(() => `127.0.0.1:${server.addresses().udp!.port}`))
}

export function useBrowser(): { browser: () => Browser } {
  let browser: Browser | undefined
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
  })
  return {
    browser: () => {
      if (!browser) throw new Error('the browser is not running')
      return browser
    },
  }
}

/** The phone the dashboard and the storefront are tried on. */
export const PHONE = { width: 390, height: 844 }
/** The narrowest phone the dashboard is built for. */
export const SMALL_PHONE = { width: 360, height: 740 }

/** Runs `run` on a page of a fresh context with a phone's viewport. */
export async function withPhone<T>(browser: Browser, run: (page: Page) => Promise<T>, viewport = PHONE): Promise<T> {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  try {
    return await run(page)
  } finally {
    await context.close()
  }
}

/** Fails when the page is wider than its viewport, so a phone would scroll it sideways. */
export async function assertNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const [width, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
  assert.ok(width <= viewport, `${where} scrolls sideways: ${width}px in ${viewport}px`)
}

/** Runs `run` on a page of a fresh context (its own localStorage), closed afterwards. */
export async function withPage<T>(browser: Browser, run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    return await run(page, context)
  } finally {
    await context.close()
  }
}

/** Fills in the platform's login form (the page `/login` on the platform) and submits it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const signInSection = page.getByRole('region', { name: 'Log in' })
  await signInSection.getByRole('textbox', { name: 'Email' }).fill(email)
  await signInSection.getByLabel('Password').fill(password)
  await signInSection.getByRole('button', { name: 'Log in' }).click()
}

/** Opens the newest e-mail with this subject in the development mailbox, reloading until the worker has put it there. */
export async function openMail(page: Page, server: RunningServer, subject: string): Promise<void> {
  const deadline = Date.now() + 30_000
  await page.goto(`${server.platformUrl}/dev/mailbox`)
  const link = page.getByRole('link', { name: new RegExp(subject) }).first()
  while (!(await link.isVisible())) {
    if (Date.now() > deadline) throw new Error(`no e-mail "${subject}" in the mailbox`)
    await page.reload()
  }
  await link.click()
  await page.getByRole('heading', { level: 1, name: subject }).waitFor()
}

/** Posts a form, as a browser would, to a page of the platform. */
function postForm(server: RunningServer, urlPath: string, fields: Record<string, string>): Promise<PlainResponse> {
  const body = new URLSearchParams(fields).toString()
  return request(server.port, `localhost:${server.port}`, urlPath, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) },
    body,
  })
}

/** The link after `label: ` in the newest e-mail to `to` in the development mailbox, waiting for the outbox worker. */
export async function mailedLink(server: RunningServer, to: string, label: string): Promise<URL> {
  const deadline = Date.now() + 30_000
  const host = `localhost:${server.port}`
  const listed = new RegExp(`href="/dev/mailbox/([0-9a-f-]{36})"><span class="subject">[^<]*</span><span class="meta">To ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `, 'g')
  for (;;) {
    // Newest first: the first of this person's e-mails that has the link.
    for (const [, id] of (await request(server.port, host, '/dev/mailbox')).body.matchAll(listed)) {
      const text = (await request(server.port, host, `/dev/mailbox/${id}`)).body
      const link = new RegExp(`${label}: (\\S+)`).exec(text)?.[1]
      if (link) return new URL(link)
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with "${label}" in the mailbox`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * Creates an account the way a person does (decision 54): the login page's Create account form for the
 * site `redir`, then the e-mailed link, read from the development mailbox, to choose the password.
 */
export async function createAccount(server: RunningServer, account: { email: string; name: string; password: string; redir: string }): Promise<void> {
  const { email, name, password, redir } = account
  const signedUp = await postForm(server, '/login', { intent: 'signup', email, name, redir })
  if (signedUp.status !== 202) throw new Error(`sign-up of ${email} answered ${signedUp.status}: ${signedUp.body}`)
  const token = (await mailedLink(server, email, 'Choose your password')).searchParams.get('token')!
  const saved = await postForm(server, '/reset-password', { intent: 'reset', token, password })
  if (saved.status !== 303) throw new Error(`choosing the password of ${email} answered ${saved.status}: ${saved.body}`)
}

/**
 * Collects what the page reports about content security policy violations, on every document it loads
 * from now on: Chromium's console messages and the `securitypolicyviolation` events.
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.documentURI}`)
    })
  })
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|CSP violation/i.test(text)) seen.push(`${page.url()}: ${text}`)
  })
  return () => [...seen]
}

export type CartLine = { count: number; product: string; variant: string | null }

/**
 * Puts these lines in the shop's cart as the storefront keeps it, on a page of the shop already open: marked
 * as changed now, so it is newer than the cart's cookie copy (decision 87).
 */
/**
 * Waits until React has hydrated the page (`isHydrated`). A public page starts its
 * scripts at the first touch (decision 113): a journey that means to use the scripted page, not its
 * no-script forms, waits for them after that touch.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(isHydrated)
}

/** Runs in the page: whether React has hydrated the document (it marks the container it hydrates). */
export const isHydrated = () => Object.keys(document).some((key) => key.startsWith('__reactContainer'))

export async function writeCart(page: Page, items: CartLine[]): Promise<void> {
  await page.evaluate((lines) => window.localStorage.setItem('cart', JSON.stringify({ version: 2, items: lines, changed: Date.now() })), items)
}

export async function readLocalStorage(page: Page, key: string): Promise<unknown> {
  const raw = await page.evaluate((name) => window.localStorage.getItem(name), key)
  return raw === null ? null : (JSON.parse(raw) as unknown)
}

export type ApiAnswer<T = unknown> = { status: number; body: T }

/** A JSON call to the API as a script would make it (any host; the API answers on every host). */
export async function api<T = unknown>(
  server: RunningServer,
  method: string,
  urlPath: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const answer = await request(server.port, `localhost:${server.port}`, urlPath, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  return { status: answer.status, body: (answer.body ? JSON.parse(answer.body) : undefined) as T }
}

/** Calls the API as the demo shop's owner (one login per server), failing on anything but a 2xx answer. */
export function ownerApi(server: () => RunningServer): <T = unknown>(method: string, path: string, body?: unknown) => Promise<T> {
  let token: string | undefined
  return async <T = unknown>(method: string, path: string, body?: unknown) => {
    token ??= await tokenFor(server(), demo.owner)
    const answer = await api<T>(server(), method, path, { token, body })
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body
  }
}

/** An access token for a demo login (`POST /api/token/ {email, password}`). */
export async function tokenFor(server: RunningServer, email: string): Promise<string> {
  const answer = await api<{ access_token: string }>(server, 'POST', '/api/token/', { body: { email, password: demo.password } })
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`login of ${email} answered ${answer.status}`)
  return answer.body.access_token
}

/**
 * Logs the page's shop origin in the way the web app keeps a session (docs/product.md §3 authCredentials and user),
 * without the login page (auth.test.ts covers that round trip). Leaves the page on the shop's /terms.
 */
export async function logInPage(server: RunningServer, page: Page, email: string): Promise<{ token: string; userId: string }> {
  const token = await tokenFor(server, email)
  const user = await api<{ _id: string }>(server, 'GET', '/api/user/', { token })
  await page.goto(`${server.shopUrl(demo.slug)}/terms`)
  await page.evaluate(
    ([credentials, profile]) => {
      window.localStorage.setItem('authCredentials', credentials)
      window.localStorage.setItem('user', profile)
    },
    [JSON.stringify({ access_token: token, token_type: 'Bearer' }), JSON.stringify(user.body)] as const,
  )
  return { token, userId: user.body._id }
}

// Resolved as a package, not as a path under node_modules: it finds the copy npm installed wherever that is.
const axeSource = fs.readFileSync(new URL(import.meta.resolve('axe-core/axe.min.js')), 'utf8')

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

/** Runs axe-core (WCAG 2.0/2.1 A and AA rules and best practices) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated, not added as an inline <script>: the pages' content security policy refuses those.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }))
  })
}

/** Fails with a readable list when axe finds anything. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return `${where}: ${violations
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`)
    .join('; ')}`
}
