/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4), as a scraper reads it: every line
 * a comment, a blank or a sample; every sample of a family whose TYPE came before it; a malformed line
 * throws, naming it.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number }
export type Metrics = { samples: Sample[]; types: Map<string, string> }

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"\s*(?:,|$)/y
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped'])

function number(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): infinities and NaN in any case.
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity
  if (/^-inf(inity)?$/i.test(text)) return -Infinity
  if (/^nan$/i.test(text)) return NaN
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a value: ${line}`)
  return Number(text)
}

function labels(text: string | undefined, line: string): Record<string, string> {
  const found: Record<string, string> = {}
  if (!text) return found
  LABEL.lastIndex = 0
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text)
    if (!match) throw new Error(`malformed labels: ${line}`)
    if (match[1]! in found) throw new Error(`label twice: ${line}`)
    found[match[1]!] = match[2]!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c))
  }
  return found
}

/** The family a sample belongs to: a histogram's or summary's `_bucket`, `_sum` and `_count` are its own. */
function family(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name
  const base = name.replace(/_(bucket|sum|count)$/, '')
  return ['histogram', 'summary'].includes(types.get(base) ?? '') ? base : undefined
}

export function parseMetrics(text: string): Metrics {
  const samples: Sample[] = []
  const types = new Map<string, string>()
  if (!text.endsWith('\n')) throw new Error('the text does not end with a line feed')
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue
    if (line.startsWith('#')) {
      const [, keyword, name, rest] = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line) ?? []
      if (!keyword || !NAME.test(name!)) throw new Error(`malformed comment: ${line}`)
      if (keyword === 'TYPE') {
        if (!TYPES.has(rest!) || types.has(name!)) throw new Error(`bad or repeated TYPE: ${line}`)
        types.set(name!, rest!)
      }
      continue
    }
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`malformed sample: ${line}`)
    if (!family(match[1]!, types)) throw new Error(`a sample before its TYPE: ${line}`)
    samples.push({ name: match[1]!, labels: labels(match[2], line), value: number(match[3]!, line) })
  }
  return { samples, types }
}

/** The value of the one sample named `name` with exactly these labels (besides `le`); undefined when there is none. */
export function metricValue(metrics: Metrics, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
  const found = metrics.samples.filter(
    (sample) => sample.name === name && Object.keys(sample.labels).length === wanted.length && wanted.every(([key, value]) => sample.labels[key] === value),
  )
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`)
  return found[0]?.value
}
