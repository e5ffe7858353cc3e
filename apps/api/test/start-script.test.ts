/**
 * `npm start` as an operator and a newcomer run it (its script, by the shell, without the build): the quick
 * start serves the demo shop; `NODE_ENV=production` seeds nothing unless SEED_DEMO=1, and a production start
 * that finds demo accounts with the published password says so loudly. Its build step builds only when the
 * build's inputs changed (scripts/build-if-changed.ts, run here on a small tree of its own with the build
 * itself replaced).
 */
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BUILD_OUTPUTS, STAMP_FILE, buildIfChanged, buildStamp } from '../../../scripts/build-if-changed'
import { demoLogins } from '../src/seed/demo-profile'
import { freePort, startScript, startServer, stopServer } from './server-process'

const dirs: string[] = []
// The shell `npm start` runs exits at SIGTERM before its server has closed the database: files may still be
// written while the directory is removed, so removing retries.
afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }))))

async function start(env: Record<string, string | undefined>) {
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'shop-start-test-')))
  dirs.push(dataDir)
  const port = await freePort()
  // The suite runs with NODE_ENV=test: what the operator did not set is unset here.
  const server = await startServer({ NODE_ENV: undefined, SEED_DEMO: undefined, PORT: String(port), DATA_DIR: dataDir, ...env }, startScript())
  return { ...server, port, dataDir }
}

async function ownerLogin(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoLogins.users[0].email, password: demoLogins.password }),
  })
  return response.status
}

describe('npm start', () => {
  it('seeds nothing in production unless SEED_DEMO=1: no demo logins printed, none accepted', async () => {
    const server = await start({ NODE_ENV: 'production' })
    try {
      expect(server.output()).not.toContain('Demo logins')
      expect(server.output()).not.toContain(demoLogins.password)
      // Without SMTP_URL, production keeps no mailbox to read reset links from.
      expect(server.output()).toContain('E-mail:     not sent (no SMTP_URL)')
      expect((await fetch(`http://127.0.0.1:${server.port}/dev/mailbox`)).status).toBe(404)
      expect(await ownerLogin(server.port)).toBe(401)
      const shop = await fetch(`http://127.0.0.1:${server.port}/api/shops/demo`)
      expect(shop.status).toBe(404)
    } finally {
      await stopServer(server)
    }
  }, 120_000)

  it('keeps the quick start’s demo, and a production start on that database warns of its known passwords', async () => {
    const quick = await start({})
    try {
      expect(quick.output()).toContain('Demo logins (just seeded)')
      expect(quick.output()).not.toContain('WARNING')
      expect(quick.output()).toContain('/dev/mailbox')
      expect((await fetch(`http://127.0.0.1:${quick.port}/dev/mailbox`)).status).toBe(200)
      expect(await ownerLogin(quick.port)).toBe(201)
    } finally {
      await stopServer(quick)
    }

    const production = await start({ NODE_ENV: 'production', DATA_DIR: quick.dataDir })
    try {
      const output = production.output()
      expect(output).toContain(`WARNING: this production database has demo accounts with the published password "${demoLogins.password}"`)
      for (const { email } of demoLogins.users) expect(output).toContain(`!!   ${email}`)
    } finally {
      await stopServer(production)
    }
  }, 240_000)
})

describe('npm start’s build step', () => {
  const files: Record<string, string> = {
    'package.json': '{"name":"shop"}',
    'package-lock.json': '{"lockfileVersion":3}',
    'tsconfig.base.json': '{}',
    'packages/domain/src/money.ts': 'export const cents = 100',
    'packages/domain/src/money.test.ts': 'test',
    'apps/api/src/server.ts': 'console.log("serving")',
    'apps/api/build.mjs': '// bundles',
    'apps/api/test/app.test.ts': 'test',
    'apps/web/app/root.tsx': 'export default 1',
    'apps/web/vite.config.ts': 'export default {}',
    'apps/web/node_modules/vite/index.js': 'vite',
    'apps/web/.react-router/types.ts': 'generated',
    'e2e/cart.test.ts': 'browser test',
    'README.md': 'docs',
  }

  async function tree(): Promise<string> {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-build-stamp-'))
    dirs.push(root)
    for (const [file, text] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true })
      await fs.writeFile(path.join(root, file), text)
    }
    return root
  }

  const edit = (root: string, file: string, text: string) => fs.writeFile(path.join(root, file), text)

  it('changes when a source, the lockfile, a build configuration or the build’s environment changes, and not otherwise', async () => {
    const root = await tree()
    const env = { NODE_ENV: undefined, PATH: '/usr/bin' }
    const first = buildStamp(root, env)
    expect(buildStamp(root, env)).toBe(first)

    // What the build never reads: tests, generated and built files, other folders, a file's time alone.
    await edit(root, 'apps/api/test/app.test.ts', 'another test')
    await edit(root, 'packages/domain/src/money.test.ts', 'another test')
    await edit(root, 'apps/web/node_modules/vite/index.js', 'vite 2')
    await edit(root, 'apps/web/.react-router/types.ts', 'regenerated')
    await edit(root, 'e2e/cart.test.ts', 'another browser test')
    await edit(root, 'README.md', 'more docs')
    await fs.mkdir(path.join(root, 'apps/api/dist'), { recursive: true })
    await edit(root, 'apps/api/dist/server.js', 'built')
    await fs.utimes(path.join(root, 'apps/api/src/server.ts'), new Date(), new Date(Date.now() + 60_000))
    expect(buildStamp(root, { ...env, PATH: '/bin', HOME: '/root' })).toBe(first)
    // An unset NODE_ENV builds for production, as `NODE_ENV=production npm start` does: one build for both.
    expect(buildStamp(root, { NODE_ENV: 'production' })).toBe(first)

    const changes: [string, () => Promise<unknown>][] = [
      ['a source', () => edit(root, 'apps/api/src/server.ts', 'console.log("serving!")')],
      ['a web page', () => edit(root, 'apps/web/app/root.tsx', 'export default 2')],
      ['the domain', () => edit(root, 'packages/domain/src/money.ts', 'export const cents = 1000')],
      ['a new file', () => edit(root, 'apps/web/app/new-page.tsx', 'export default 3')],
      ['the lockfile', () => edit(root, 'package-lock.json', '{"lockfileVersion":3,"packages":{}}')],
      ['a build configuration', () => edit(root, 'apps/web/vite.config.ts', 'export default { base: "/" }')],
      ['a manifest', () => edit(root, 'package.json', '{"name":"shop","version":"2.0.0"}')],
    ]
    let previous = first
    for (const [what, change] of changes) {
      await change()
      const next = buildStamp(root, env)
      expect(next, what).not.toBe(previous)
      previous = next
    }
    expect(buildStamp(root, { ...env, NODE_ENV: 'development' })).not.toBe(previous)
    expect(buildStamp(root, { ...env, VITE_SOMETHING: '1' })).not.toBe(previous)
  })

  it('builds the first time, skips a build whose inputs are unchanged, and builds again after a change or a failed build', async () => {
    const root = await tree()
    const builds: string[] = []
    let failNext = false
    // What `npm run build` leaves: both apps' outputs, and an emptied dist/ (the API build empties it first).
    const build = () => {
      builds.push('build')
      for (const output of BUILD_OUTPUTS) {
        const file = path.join(root, output, output.endsWith('client') ? 'index.html' : '')
        fsSync.mkdirSync(path.dirname(file), { recursive: true })
      }
      fsSync.rmSync(path.join(root, STAMP_FILE), { force: true })
      if (failNext) throw new Error('the build failed')
      for (const output of BUILD_OUTPUTS.filter((output) => output.endsWith('.js'))) fsSync.writeFileSync(path.join(root, output), 'built')
    }
    const lines: string[] = []
    const run = () => buildIfChanged({ root, env: {}, build, log: (line) => lines.push(line) })

    expect(run()).toBe(true)
    expect(lines.at(-1)).toContain('apps/api/dist/server.js is missing')
    expect(run()).toBe(false)
    expect(lines.at(-1)).toMatch(/^Build is up to date \(checked in \d+ ms/)
    expect(builds).toHaveLength(1)

    await edit(root, 'apps/web/app/root.tsx', 'export default 2')
    expect(run()).toBe(true)
    expect(lines.at(-1)).toBe('Building: the sources changed since the last build.')
    expect(run()).toBe(false)

    await edit(root, 'apps/web/app/root.tsx', 'export default 3')
    failNext = true
    expect(run).toThrow('the build failed')
    failNext = false
    expect(run()).toBe(true)
    expect(lines.at(-1)).toBe('Building: no record of the last build.')

    // A removed output is rebuilt even when the sources are as they were.
    await fs.rm(path.join(root, 'apps/web/build/client'), { recursive: true })
    expect(run()).toBe(true)
    expect(buildIfChanged({ root, env: {}, build, log: () => {}, force: true })).toBe(true)
    expect(builds).toHaveLength(6)
  })
})
