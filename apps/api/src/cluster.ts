/**
 * The primary process of a server running WEB_CONCURRENCY workers (node:cluster): it forks them, starts
 * another when one dies, and on SIGTERM or SIGINT asks every worker to drain (each finishes its in-flight
 * requests and closes its database) and exits once all have, 0 when all drained cleanly. It also sums
 * the workers' metrics for a scrape that reaches any of them (lib/cluster-metrics.ts).
 */
import cluster, { type Worker } from 'node:cluster'
import { answerClusterMetrics } from './lib/cluster-metrics'

export type Supervisor = {
  /** Resolves with the port once the first worker listens. */
  listening: Promise<number>
  /** Resolves with the primary's exit code once every worker has stopped after SIGTERM or SIGINT. */
  stopped: Promise<number>
}

/** A worker that dies this soon after it started waits a moment before it is replaced: a crash loop must not spin. */
const QUICK_DEATH_MS = 5000
const RESTART_DELAY_MS = 1000

/**
 * How each worker runs: a young generation of 2 MB semi-spaces (the default, 16 MB, mostly holds garbage
 * between collections), an old generation capped at 256 MB (V8 then grows the heap in smaller steps; a
 * worker's live data is about 50 MB), no Sparkplug (V8's baseline compiler, which V8 itself leaves off on
 * low-memory devices: without it a worker is about 7 MB smaller after the bench's load, and the hot paths
 * run optimised code either way), and glibc's malloc in one arena (it otherwise keeps one per thread that
 * ever allocated). See docs/decisions/0045-processes-and-memory.md.
 */
export const WORKER_V8_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=256', '--no-sparkplug']
const WORKER_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '1' }

export function superviseWorkers(count: number, log: (line: string) => void = (line) => console.error(line)): Supervisor {
  const startedAt = new Map<Worker, number>()
  let stopping = false
  let failedStops = 0

  cluster.setupPrimary({ execArgv: [...process.execArgv, ...WORKER_V8_FLAGS] })
  answerClusterMetrics()
  const fork = () => {
    const worker = cluster.fork(WORKER_ENV)
    startedAt.set(worker, Date.now())
    worker.once('listening', () => log(`worker ${worker.id} (pid ${worker.process.pid}) is serving`))
  }

  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return
      stopping = true
      log(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} workers`)
      // The same signal: SIGTERM drains for DRAIN_SECONDS first, SIGINT (Ctrl-C) stops at once.
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(0)
    }
    process.once('SIGTERM', () => stop('SIGTERM'))
    process.once('SIGINT', () => stop('SIGINT'))

    // `signal` is null when the worker exited by itself (Node's types say string).
    cluster.on('exit', (worker, code, signal: string | null) => {
      const lived = Date.now() - (startedAt.get(worker) ?? 0)
      startedAt.delete(worker)
      if (stopping) {
        if (code !== 0) failedStops++
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(failedStops === 0 ? 0 : 1)
        return
      }
      log(`worker ${worker.id} (pid ${worker.process.pid}) died (${signal ?? `exit code ${code}`}); starting another`)
      if (lived < QUICK_DEATH_MS) setTimeout(() => stopping || fork(), RESTART_DELAY_MS)
      else fork()
    })
  })

  const listening = new Promise<number>((resolve) => {
    cluster.once('listening', (_worker, address) => resolve(address.port))
  })
  for (let i = 0; i < count; i++) fork()
  return { listening, stopped }
}
