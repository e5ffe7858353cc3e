/**
 * What the benchmarks share: free ports, starting and stopping a server process, and an open-loop load at
 * a steady rate.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'

export const repoRoot = path.resolve(import.meta.dirname, '..')

/** The API tests' own: a port free on 127.0.0.1 now. */
export { freePort } from '../apps/api/test/postgres-processes'

/** Starts `command` in the repository and resolves once its output says `ready`. */
export function start(command: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(command[0]!, command.slice(1), { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command.join(' ')} did not start:\n${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output += chunk
      if (output.includes(ready)) {
        clearTimeout(timer)
        resolve(child)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}:\n${output}`)))
  })
}

export async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

export type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string }

/**
 * An open-loop load at a steady `rate`: one request every 1000/rate ms whatever the answers do (autocannon's
 * per-connection rate sends its connections' requests in bursts), each timed from when it was due, so a
 * slow answer cannot hide the wait of the ones behind it. The first `warmUp` seconds open the sockets and
 * are not counted.
 */
export async function driveAtRate(port: number, next: () => Request, rate: number, timing: { seconds: number; warmUp: number }) {
  const [figures] = await driveSideBySide([{ port, next }], rate, timing)
  return figures!
}

/**
 * `driveAtRate` on several servers at once, each at `rate`, their requests taking turns on one schedule:
 * the servers meet the same moments of the machine (another process's burst, a slow disk), so their figures
 * compare even where the machine is noisy.
 */
export async function driveSideBySide(targets: { port: number; next: () => Request }[], rate: number, timing: { seconds: number; warmUp: number }) {
  const { seconds: duration, warmUp } = timing
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 * targets.length })
  const latencies = targets.map(() => [] as number[])
  const errors = targets.map(() => 0)
  const one = (target: number, request: Request, due: number) =>
    new Promise<void>((resolve) => {
      const { port } = targets[target]!
      const req = http.request({ host: '127.0.0.1', port, path: request.path, method: request.method ?? 'GET', headers: request.headers, agent }, (res) => {
        res.resume()
        res.on('end', () => {
          if (due >= measuredFrom) {
            if (res.statusCode! >= 300) errors[target]!++
            latencies[target]!.push(performance.now() - due)
          }
          resolve()
        })
      })
      req.on('error', () => {
        if (due >= measuredFrom) errors[target]!++
        resolve()
      })
      req.end(request.body)
    })
  const started = performance.now()
  const measuredFrom = started + warmUp * 1000
  const pending: Promise<void>[] = []
  const interval = 1000 / (rate * targets.length)
  for (let i = 0; i < (warmUp + duration) * rate * targets.length; i++) {
    const due = started + i * interval
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const target = i % targets.length
    pending.push(one(target, targets[target]!.next(), due))
  }
  await Promise.all(pending)
  agent.destroy()
  return latencies.map((measured, target) => {
    measured.sort((a, b) => a - b)
    const at = (q: number) => percentile(measured, q)
    return { rps: Math.round(measured.length / duration), p50: at(0.5), p99: at(0.99), errors: errors[target]!, latencies: measured }
  })
}

/** The `q` quantile of ascending `sorted` milliseconds, to a tenth. */
export function percentile(sorted: number[], q: number): number {
  return Math.round(10 * (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0)) / 10
}
