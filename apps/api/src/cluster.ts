/**
 * The primary process of a server running WEB_CONCURRENCY workers (node:cluster): it forks them, starts
 * another when one dies, and on SIGTERM or SIGINT asks every worker to drain (each finishes its in-flight
 * requests and closes its database) and exits once all have, 0 when all drained cleanly.
 */
import cluster, { type Worker } from 'node:cluster'

export type Supervisor = {
  /** Resolves with the port once the first worker listens. */
  listening: Promise<number>
  /** Resolves with the primary's exit code once every worker has stopped after SIGTERM or SIGINT. */
  stopped: Promise<number>
}

/** A worker that dies this soon after it started waits a moment before it is replaced: a crash loop must not spin. */
const QUICK_DEATH_MS = 5000
const RESTART_DELAY_MS = 1000

export function superviseWorkers(count: number, log: (line: string) => void = (line) => console.error(line)): Supervisor {
  const startedAt = new Map<Worker, number>()
  let stopping = false
  let failedStops = 0

  const fork = () => {
    const worker = cluster.fork()
    startedAt.set(worker, Date.now())
    worker.once('listening', () => log(`worker ${worker.id} (pid ${worker.process.pid}) is serving`))
  }

  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return
      stopping = true
      log(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} workers`)
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(0)
    }
    process.once('SIGTERM', () => stop('SIGTERM'))
    process.once('SIGINT', () => stop('SIGINT'))

    cluster.on('exit', (worker, code, signal) => {
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
