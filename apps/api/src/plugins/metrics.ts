/**
 * `GET /metrics` in Prometheus's text format (docs/decisions/0101-metrics.md): requests by route pattern,
 * method and status with their durations, the outbox, the database pool and replica, the page cache, and
 * the process (prom-client's default metrics). Served to this machine's own connections and to a caller
 * with `Authorization: Bearer $METRICS_TOKEN`; to anyone else it does not exist (404). In a server's
 * workers one scrape answers the sum of every worker (lib/cluster-metrics.ts).
 *
 * Each request costs one route-level onResponse hook: a lookup by method and status in the route's own
 * series and a few additions; nothing is allocated once a route has answered a status.
 */
import cluster from 'node:cluster'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, onResponseHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client'
import { driverQuery } from '../db/client'
import { clusterMetricsText, shareWithPrimary } from '../lib/cluster-metrics'
import { NotFound, Unavailable } from '../lib/errors'
import { fromThisMachine } from '../lib/this-machine'
import { hookList } from './route-security'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      /** This app's own metrics (the process's default metrics are in a registry of their own). */
      registry: Registry
      pageCacheHits: Counter
      pageCacheMisses: Counter
      /** Counts a request no route took (the not-found handler), as route `(unmatched)`. */
      unmatched(request: FastifyRequest, reply: FastifyReply): void
    }
  }
}

/** Upper bounds of the duration buckets, in seconds: most answers take a few milliseconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

type Series = { counts: number[]; sum: number; count: number }
type MetricValue = { labels: Record<string, string | number>; value: number; metricName: string }

/** One route's requests: by method, then by status. */
class RouteSeries {
  readonly byMethod = new Map<string, Map<number, Series>>()
  constructor(readonly route: string) {}

  observe(method: string, status: number, milliseconds: number): void {
    let byStatus = this.byMethod.get(method)
    if (!byStatus) this.byMethod.set(method, (byStatus = new Map()))
    let series = byStatus.get(status)
    if (!series) byStatus.set(status, (series = { counts: new Array<number>(BUCKETS.length + 1).fill(0), sum: 0, count: 0 }))
    const seconds = milliseconds / 1000
    let bucket = 0
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++
    series.counts[bucket]!++
    series.sum += seconds
    series.count++
  }
}

/**
 * `http_request_duration_seconds`, a histogram kept by hand (prom-client's own builds a label object and a
 * key string at every observation) and read by prom-client's registry through `get()`, as any metric.
 */
class RequestDurations {
  readonly name = 'http_request_duration_seconds'
  readonly help = 'Time to answer a request, by route pattern, method and status (its _count counts the requests)'
  readonly type = 'histogram'
  readonly aggregator = 'sum'
  private readonly routes = new Map<string, RouteSeries>()

  route(pattern: string): RouteSeries {
    let series = this.routes.get(pattern)
    if (!series) this.routes.set(pattern, (series = new RouteSeries(pattern)))
    return series
  }

  get() {
    const values: MetricValue[] = []
    for (const { route, byMethod } of this.routes.values()) {
      for (const [method, byStatus] of byMethod) {
        for (const [status, series] of byStatus) {
          const labels = { route, method, status }
          let cumulative = 0
          BUCKETS.forEach((le, i) => {
            cumulative += series.counts[i]!
            values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` })
          })
          values.push({ labels: { ...labels, le: '+Inf' }, value: series.count, metricName: `${this.name}_bucket` })
          values.push({ labels, value: series.sum, metricName: `${this.name}_sum` })
          values.push({ labels, value: series.count, metricName: `${this.name}_count` })
        }
      }
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values }
  }

  reset() {
    this.routes.clear()
  }
}

/** The process's default metrics (CPU, memory, event loop, GC): one registry per process, however many apps it builds. */
let processRegistry: Registry | undefined
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** This machine's own connection, or the bearer of METRICS_TOKEN. */
function mayScrape(request: FastifyRequest, tokenDigest: Buffer | null): boolean {
  if (fromThisMachine(request.socket.remoteAddress, request.headers)) return true
  const [scheme, token] = (request.headers.authorization ?? '').split(' ')
  return tokenDigest !== null && scheme?.toLowerCase() === 'bearer' && !!token && timingSafeEqual(digest(token), tokenDigest)
}

/** A gauge of the whole database: every worker reads the same value, so the cluster's sum keeps one (the max). */
function databaseGauge(registry: Registry, name: string, help: string, read: () => Promise<number | null>): Gauge {
  return new Gauge({
    name,
    help,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      // A database that does not answer leaves the gauge out of this scrape, not the whole scrape.
      const value = await read().catch(() => null)
      if (value === null) this.reset()
      else this.set(value)
    },
  })
}

export default fp(async function metrics(app: FastifyInstance) {
  const registry = new Registry()
  const durations = new RequestDurations()
  registry.registerMetric(durations as never)

  // Every route counts its own answers: a hook of its own, bound to its series.
  app.addHook('onRoute', (route: RouteOptions) => {
    const series = durations.route(route.url)
    const observe: onResponseHookHandler = (request, reply, done) => {
      series.observe(request.method, reply.statusCode, reply.elapsedTime)
      done()
    }
    route.onResponse = [...hookList(route.onResponse), observe]
  })
  const unmatched = durations.route('(unmatched)')

  const query = driverQuery(app.db)
  // Both outbox gauges of one scrape share one query.
  let counting: Promise<{ due: number; failed: number }> | null = null
  const outboxCounts = () => (counting ??= countOutbox().finally(() => (counting = null)))
  const countOutbox = async () => {
    const [row] = await query(
      `select (select count(*) from outbox_messages where status = 'pending' and next_attempt_at <= now())::int as due,
              (select count(*) from outbox_messages where status = 'failed')::int as failed`,
      [],
    )
    return row as { due: number; failed: number }
  }
  databaseGauge(registry, 'shoplet_outbox_messages_due', 'E-mail and SMS messages due to be sent now (waiting for an outbox worker)', async () => (await outboxCounts()).due)
  databaseGauge(registry, 'shoplet_outbox_messages_failed', 'E-mail and SMS messages that failed for good (kept in the outbox)', async () => (await outboxCounts()).failed)

  const { pool, replica } = app.database
  new Gauge({
    name: 'shoplet_db_pool_size',
    help: 'Connections the database pool may open: 1 on PGlite, one connection whose queries wait their turn inside it',
    registers: [registry],
    collect() {
      this.set(pool?.options.max ?? 1)
    },
  })
  if (pool) {
    new Gauge({
      name: 'shoplet_db_pool_in_use',
      help: 'PostgreSQL connections of the pool running a query or a transaction now',
      registers: [registry],
      collect() {
        this.set(pool.totalCount - pool.idleCount)
      },
    })
    new Gauge({
      name: 'shoplet_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection of the pool',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount)
      },
    })
  }
  if (replica) {
    new Gauge({
      name: 'shoplet_db_replica_lag_bytes',
      help: 'WAL the read replica had still to replay at its last check (absent while it does not answer)',
      registers: [registry],
      aggregator: 'max',
      collect() {
        const lag = replica.lagBytes()
        if (lag === null) this.reset()
        else this.set(lag)
      },
    })
    new Gauge({
      name: 'shoplet_db_replica_in_use',
      help: 'Whether public reads go to the read replica now (1), or to the primary because it lags or is down (0)',
      registers: [registry],
      aggregator: 'min',
      collect() {
        this.set(replica.state() === 'in use' ? 1 : 0)
      },
    })
  }
  const pageCacheHits = new Counter({ name: 'shoplet_page_cache_hits_total', help: 'Public shop pages answered from the server\'s page cache', registers: [registry] })
  const pageCacheMisses = new Counter({ name: 'shoplet_page_cache_misses_total', help: 'Public shop pages rendered because the page cache did not hold them', registers: [registry] })

  app.decorate('metrics', {
    registry,
    pageCacheHits,
    pageCacheMisses,
    unmatched: (request: FastifyRequest, reply: FastifyReply) => unmatched.observe(request.method, 404, reply.elapsedTime),
  })

  // Made now, not at the first scrape: the process's CPU counts from when it was made.
  const ownMetrics = processMetrics()
  const inWorker = cluster.isWorker
  if (inWorker) await shareWithPrimary([ownMetrics, registry])
  const tokenDigest = app.config.metricsToken ? digest(app.config.metricsToken) : null

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, tokenDigest)) throw NotFound(`Nothing at GET /metrics`)
    let text: string
    try {
      text = inWorker ? await clusterMetricsText() : (await ownMetrics.metrics()) + (await registry.metrics())
    } catch (error) {
      request.log.warn({ err: error }, 'metrics could not be gathered')
      throw Unavailable('The metrics could not be gathered: try again')
    }
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text)
  })
})
