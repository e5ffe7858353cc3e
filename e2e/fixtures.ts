/**
 * Browser-test fixtures. Nothing is built here: run `npm run build` first. Each test file starts the real
 * server (`node apps/api/dist/server.js`) on a free port with a fresh data directory (PGlite, demo shop
 * seeded) and stops it with SIGTERM afterwards; pages are driven with the system Chromium.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { after, before } from 'node:test'
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
  const deadline = Date.now() + 120_000
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
  throw new Error(`the server did not answer within 120 s:\n${output()}`)
}

export async function startServer(): Promise<RunningServer> {
  const entry = path.join(repoRoot, 'apps/api/dist/server.js')
  for (const built of [entry, path.join(repoRoot, 'apps/web/build/server/index.js')]) {
    if (!fs.existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`)
  }
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-'))
  const env: NodeJS.ProcessEnv = { ...process.env }
  // Only what this run sets: a developer's own configuration must not leak in.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'ROOT_DOMAIN', 'PLATFORM_URL', 'DEFAULT_SHOP', 'WEB_BUILD_DIR']) {
    delete env[name]
  }
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      ...env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      PROVIDER_NAME,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout!.on('data', (chunk) => (log += chunk))
  child.stderr!.on('data', (chunk) => (log += chunk))
  const output = () => log
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** Registers before/after hooks for one server (and optionally one browser) per test file. */
export function useServer(): { server: () => RunningServer } {
  let server: RunningServer | undefined
  before(async () => {
    server = await startServer()
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

/** A fresh browser context (its own localStorage) that is closed after the test. */
export async function withPage<T>(browser: Browser, run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    return await run(page, context)
  } finally {
    await context.close()
  }
}

/** Fills in the platform's sign-in form (the page `/login` on the platform) and submits it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const signInSection = page.getByRole('region', { name: 'Sign in' })
  await signInSection.getByRole('textbox', { name: 'Email' }).fill(email)
  await signInSection.getByLabel('Password').fill(password)
  await signInSection.getByRole('button', { name: 'Sign in' }).click()
}

export async function readLocalStorage(page: Page, key: string): Promise<unknown> {
  const raw = await page.evaluate((name) => window.localStorage.getItem(name), key)
  return raw === null ? null : (JSON.parse(raw) as unknown)
}
