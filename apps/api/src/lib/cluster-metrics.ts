/**
 * One scrape for every worker of a machine (docs/decisions/0101-metrics.md). The worker a scrape reaches
 * asks the primary; the primary asks every worker for its metrics (prom-client's AggregatorRegistry, over
 * node:cluster's IPC channel) and answers their sum. prom-client is loaded in the primary only once a
 * scrape asks for it.
 */
import cluster, { type Worker } from 'node:cluster'
import { randomUUID } from 'node:crypto'
import type { AggregatorRegistry, PrometheusContentType, Registry } from 'prom-client'

const ASK = 'shoplet:cluster-metrics'
const ANSWER = 'shoplet:cluster-metrics-answer'
/** Longer than prom-client's own 5 s wait for the workers, so the primary's answer (or its error) comes first. */
const ANSWER_WAIT_MS = 6000

type Ask = { type: typeof ASK; id: string }
type Answer = { type: typeof ANSWER; id: string; text?: string; error?: string }

/** The IPC channel carries other senders' messages too (prom-client's own among them). */
function isMessage<T extends Ask | Answer>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}

/** The primary: answers the workers' requests for everyone's metrics. */
export function answerClusterMetrics(): void {
  let aggregator: Promise<AggregatorRegistry<PrometheusContentType>> | undefined
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) return
    aggregator ??= import('prom-client').then(({ AggregatorRegistry }) => new AggregatorRegistry())
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer)
    }
    aggregator.then((registry) => registry.clusterMetrics()).then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    )
  })
}

/** A worker: hands its registries to the primary's aggregator when it asks. */
export async function shareWithPrimary(registries: Registry[]): Promise<void> {
  const { AggregatorRegistry } = await import('prom-client')
  AggregatorRegistry.setRegistries(registries)
  // Constructing one adds the worker's listener for the primary's requests (prom-client's way).
  new AggregatorRegistry()
}

/** A worker: every worker's metrics, summed by the primary. */
export function clusterMetricsText(): Promise<string> {
  const id = randomUUID()
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isMessage<Answer>(message, ANSWER) || message.id !== id) return
      done()
      if (message.error !== undefined || message.text === undefined) reject(new Error(message.error ?? 'no metrics'))
      else resolve(message.text)
    }
    const timer = setTimeout(() => {
      done()
      reject(new Error('the primary did not answer'))
    }, ANSWER_WAIT_MS)
    const done = () => {
      clearTimeout(timer)
      process.off('message', onMessage)
    }
    process.on('message', onMessage)
    process.send!({ type: ASK, id } satisfies Ask)
  })
}
