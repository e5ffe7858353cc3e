/**
 * Fuzzing every write route of the OpenAPI document (POST, PATCH, DELETE) with odd input, as the owner of a
 * shop and anonymously: odd strings (NUL, lone surrogates, huge, SQL and HTML injection, unicode), odd
 * numbers (NaN and Infinity as text, huge, negative, fractional) and odd shapes (arrays, objects, null where
 * a string belongs), in path parameters (real ids of the owner's shop, random and odd ones), required query
 * parameters and body fields. Whatever arrives: no 5xx, every error in the Feathers shape, and nothing
 * about SQL in the log. Seeded, so a failure replays; bounded in runs and time.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setupApp } from './helpers'
import { type Operation, bodyProperties, loadDocument, minimalBody, operations, probeFixtures, urlOf } from './openapi-probe'

const logs: string[] = []
const ctx = await setupApp({}, { logStream: { write: (line) => void logs.push(line) }, logLevel: 'info' })
const fixtures = await probeFixtures(ctx)
const doc = await loadDocument(ctx)
const writes = operations(doc).filter((op) => ['POST', 'PATCH', 'DELETE'].includes(op.method))

const SEED = 20_260_523
const RUNS = 500

/** What PostgreSQL cannot store: NUL characters and lone UTF-16 surrogates. */
const unstorable = fc.constantFrom('\u0000', 'abc\u0000def', '\ud800', 'tail\udc00', '\udbff\ud800', 'ok\u0000\ud800')
const injection = fc.constantFrom(
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '\\',
  '%',
  '_',
  '$1',
  "1' UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '../../etc/passwd',
)
const unusual = fc.constantFrom(
  'İstanbul ß ﬁ',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🇬🇭',
  'e\u0301\u0301\u0301',
  '\u200b\u200d\ufeff',
  '\u202eevil',
  ' ',
  '',
  'NaN',
  'null',
  'undefined',
  'true',
  '__proto__',
)
const huge = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map((n) => 'x'.repeat(10 ** (n + 2))),
  fc.constant('y'.repeat(150_000)),
)
const oddString = fc.oneof(
  { arbitrary: unstorable, weight: 4 },
  { arbitrary: injection, weight: 2 },
  { arbitrary: unusual, weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: huge, weight: 1 },
)
const oddNumber = fc.oneof(
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x10', '1_000', ' 5 ', '5abc'),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 0, -0, -1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
)
const oddShape = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    [],
    {},
    [null],
    { $ne: '' },
    { $gt: '' },
    { $where: '1' },
    JSON.parse('{"__proto__": {"admin": true}}') as object,
    { constructor: { prototype: { admin: true } } },
  ),
  fc.array(fc.oneof(oddString, oddNumber), { maxLength: 3 }),
  fc.dictionary(oddString, fc.oneof(oddString, oddNumber), { maxKeys: 3 }),
)
const oddValue = fc.oneof({ arbitrary: oddString, weight: 4 }, { arbitrary: oddNumber, weight: 1 }, { arbitrary: oddShape, weight: 1 })

/** A URL carries UTF-8 only: a lone surrogate can only arrive as U+FFFD (its bytes are not UTF-8). */
const encodePathPart = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\ufffd'))

/** A value one time in five, else undefined. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary, weight: 1 })

/** One request: an operation (by index, so a counterexample stays short), a caller, its path, query and body. */
const request = fc.record({
  op: fc.nat({ max: writes.length - 1 }),
  // Mostly the owner, who gets past authentication to the validation and the handlers.
  asOwner: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
  pathIds: fc.constantFrom('real', 'real', 'real', 'random', 'odd'),
  oddPath: oddString,
  // Odd input mostly in one place at a time, so the rest of the request gets as far as the handler.
  oddQuery: sometimes(fc.tuple(fc.nat(), oddValue)),
  bodyKind: fc.constantFrom('fields', 'fields', 'fields', 'whole', 'none'),
  fields: fc.array(fc.tuple(fc.nat(), oddValue), { minLength: 1, maxLength: 2 }),
  extraKey: sometimes(oddString),
  whole: oddValue,
  remoteAddress: fc.ipV4(),
})
type Request = typeof request extends fc.Arbitrary<infer T> ? T : never

function build(input: Request) {
  const op = writes[input.op]!
  let url = urlOf(op, fixtures, { randomIds: input.pathIds === 'random' })
  if (input.pathIds === 'odd') {
    const [name] = op.parameters.filter((p) => p.in === 'path').map((p) => p.name)
    if (name) url = urlOf({ ...op, path: op.path.replace(`{${name}}`, encodePathPart(input.oddPath)) }, fixtures)
  }
  const query = op.parameters.filter((p) => p.in === 'query')
  if (input.oddQuery && query.length) {
    const [index, value] = input.oddQuery
    const name = query[index % query.length]!.name
    const text = typeof value === 'string' ? value : (JSON.stringify(value) as string | undefined) ?? ''
    // Replaced when present, added when not (URLSearchParams writes lone surrogates as U+FFFD, as a browser would).
    const [path, search = ''] = url.split('?')
    const params = new URLSearchParams(search)
    params.set(name, text)
    url = `${path}?${params}`
  }
  let body: unknown
  if (op.body && input.bodyKind !== 'none') {
    if (input.bodyKind === 'whole') body = input.whole
    else {
      const fields = Object.keys(bodyProperties(op.body))
      const built: Record<string, unknown> = { ...minimalBody(op.body, fixtures) }
      for (const [index, value] of input.fields) if (fields.length) built[fields[index % fields.length]!] = value
      if (input.extraKey !== undefined) built[input.extraKey] = 'extra'
      body = built
    }
  }
  return { url, body }
}

async function send(input: Request) {
  const op = writes[input.op]!
  const { url, body } = build(input)
  const headers: Record<string, string> = input.asOwner ? await fixtures.headersOf(fixtures.owner) : {}
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return {
    url,
    payload,
    response: await ctx.app.inject({
      method: op.method,
      url,
      remoteAddress: input.remoteAddress,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    }),
  }
}

const SQL_TEXT = /Failed query|DrizzleQueryError|syntax error|invalid byte sequence|violates .* constraint|duplicate key|relation ".*" does not exist|invalid input syntax|out of range for type|unterminated|PostgresError/i

/** What a log line says (its message and error), leaving out the request it echoes (the URL is fuzzed). */
function logText(line: string): { level: number; text: string } {
  const entry = JSON.parse(line) as { level: number; msg?: unknown; err?: unknown }
  return { level: entry.level, text: JSON.stringify([entry.msg, entry.err]) }
}

describe('fuzzing the write routes', () => {
  it('has write operations to fuzz', () => {
    expect(writes.length).toBeGreaterThan(25)
    expect(new Set(writes.map((op: Operation) => op.method))).toEqual(new Set(['POST', 'PATCH', 'DELETE']))
  })

  it('answers odd input with a 4xx in the error shape (never a 5xx) and logs no SQL', async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const op = writes[input.op]!
        const { url, payload, response } = await send(input)
        const what = `${op.method} ${url.slice(0, 300)} ${input.asOwner ? 'owner' : 'anonymous'} ${payload?.slice(0, 300) ?? ''}`
        seen.add(`${op.method} ${op.path}`)
        expect(response.statusCode, `${what} → ${response.body.slice(0, 500)}`).toBeLessThan(500)
        if (response.statusCode >= 400) {
          const error = response.json<Record<string, unknown>>()
          expect(error, what).toMatchObject({ code: response.statusCode, name: expect.any(String), message: expect.any(String), className: expect.any(String) })
          expect(Object.keys(error).every((key) => ['name', 'message', 'code', 'className', 'errors'].includes(key)), what).toBe(true)
          expect(response.body, what).not.toMatch(SQL_TEXT)
        }
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 60_000, endOnFailure: true },
    )
    // Most operations were reached at least once.
    expect(seen.size).toBeGreaterThan(writes.length * 0.8)
    const problems = logs.filter((line) => {
      const { level, text } = logText(line)
      return level >= 50 || SQL_TEXT.test(text)
    })
    expect(problems.map((line) => line.slice(0, 600))).toEqual([])
  }, 120_000)
})
