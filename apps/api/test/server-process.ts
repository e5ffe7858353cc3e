/**
 * The real server process for tests: started with `node --import tsx apps/api/src/server.ts` on a free
 * port of 127.0.0.1, or through `npm start`'s own command line, its output kept, and a request that stays
 * in flight until told to finish.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { repoRoot } from '../src/paths'

export { freePort } from './postgres-processes'

const SOURCE_SERVER = `"${process.execPath}" --import tsx apps/api/src/server.ts`

/**
 * `npm start`'s script as the shell runs it, with the build left out and the built server replaced by its
 * source: whatever the script decides from the environment (NODE_ENV, SEED_DEMO) is decided here too.
 */
export function startScript(): string {
  const start = npmStart()
  return start.slice(BUILD.length, -BUILT.length) + SOURCE_SERVER
}

const BUILD = 'node --import tsx scripts/build-if-changed.ts && '
const BUILT = 'node apps/api/dist/server.js'

/**
 * `npm start`'s script whole, as the shell runs it: the build when the sources changed since the last one
 * (minutes), then the built server. For the tests that must run exactly what an operator starts.
 */
export function npmStart(): string {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }
  if (!scripts.start.startsWith(BUILD) || !scripts.start.endsWith(BUILT)) throw new Error(`npm start no longer reads "${BUILD}… ${BUILT}": ${scripts.start}`)
  return scripts.start
}

type Started = { child: ChildProcess; output: () => string }

/**
 * The server from its source, or through `command` run by the shell (`startScript()`, `npmStart()`), with `env` over this
 * process's; given up on after `timeoutMs` (a first start that seeds the demo takes longer on a busy machine).
 */
export function startServer(env: Record<string, string | undefined>, command?: string, timeoutMs = 120_000): Promise<Started> {
  // No load balancer watches a test's server: it stops without a drain (DRAIN_SECONDS) unless a test asks for one.
  const fullEnv: Record<string, string | undefined> = { ...process.env, HOST: '127.0.0.1', WEB_BUILD_DIR: 'off', LOG_LEVEL: 'warn', SEED_DEMO: '0', DRAIN_SECONDS: '0', ...env }
  for (const [name, value] of Object.entries(fullEnv)) if (value === undefined) delete fullEnv[name]
  const child = command
    ? // Its own process group, so the shell and the server it starts stop together (`stopServer`).
      spawn('sh', ['-c', command], { cwd: repoRoot, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: repoRoot, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs)
    child.stdout.on('data', () => {
      if (output.includes('is running')) {
        clearTimeout(timer)
        resolve({ child, output: () => output })
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
}

/** Stops a server and everything it started with SIGTERM, and waits for it to exit. */
export async function stopServer({ child }: Started): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(child.spawnargs[0] === 'sh' ? -child.pid! : child.pid!, 'SIGTERM')
  await exited
}

/** Sends a request whose body arrives in two halves, so it is still in flight in between. */
export function slowRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1')
  let response = ''
  socket.on('data', (chunk) => (response += chunk))
  const done = new Promise<string>((resolve) => socket.on('close', () => resolve(response)))
  socket.write(
    `POST /api/token/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
  )
  socket.write(body.slice(0, 10))
  return { finish: () => socket.write(body.slice(10)), done }
}
