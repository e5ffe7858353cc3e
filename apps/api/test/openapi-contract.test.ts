/**
 * The API matches its OpenAPI document. Every operation of the running app's /api/docs/openapi.json is probed
 * (no list of routes here; the document is the list):
 *
 * - operations that need a user answer 401 to an anonymous caller, whatever the body;
 * - for a body: without its required fields it is a 400 naming each of them; with an unknown field it is a 400
 *   naming that field; with only its required fields it is never refused for a documented optional field's
 *   absence;
 * - every status these probes get is one the document lists for the operation, in the error shape when it
 *   is an error, and never a 5xx.
 */
import { describe, expect, it } from 'vitest'
import { type TestUser, errorBody, setupApp } from './helpers'
import {
  type Operation,
  bodyProperties,
  loadDocument,
  minimalBody,
  operations,
  probeFixtures,
  requiredFields,
  requiresAuth,
  urlOf,
} from './openapi-probe'

const ctx = await setupApp()
const fixtures = await probeFixtures(ctx)
const doc = await loadDocument(ctx)
const all = operations(doc)

type Probe = { name: string; status: number; body: string }
const statuses = new Map<Operation, Probe[]>()

async function send(op: Operation, options: { user?: TestUser; body?: unknown; randomIds?: boolean }, name: string) {
  const headers: Record<string, string> = options.user ? await fixtures.headersOf(options.user) : {}
  const response = await ctx.app.inject({
    method: op.method,
    url: urlOf(op, fixtures, { randomIds: options.randomIds }),
    headers: { ...headers, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  })
  statuses.set(op, [...(statuses.get(op) ?? []), { name, status: response.statusCode, body: response.body }])
  return response
}

const label = (op: Operation) => `${op.method} ${op.path}`
const withBody = all.filter((op) => op.body !== null)

/**
 * Paystack's webhook is skipped for the field probes: its body is Paystack's own event (it must accept the
 * fields Paystack adds, so unknown fields are allowed), and an unsigned request is refused with a 401 before
 * its body is looked at. Its status probes still run below.
 */
const fieldProbed = withBody.filter((op) => op.path !== '/api/payments/paystack/webhook')

describe('the OpenAPI document', () => {
  it('has operations to probe, and marks which need a user', () => {
    expect(all.length).toBeGreaterThan(50)
    expect(fieldProbed.length).toBeGreaterThan(20)
    expect(all.filter((op) => requiresAuth(doc, op)).length).toBeGreaterThan(20)
  })
})

describe('authentication', () => {
  it.each(all.filter((op) => requiresAuth(doc, op)).map((op) => [label(op), op] as const))(
    '%s answers 401 to an anonymous caller, before looking at the body',
    async (_, op) => {
      const empty = await send(op, { body: op.body ? {} : undefined }, 'anonymous')
      expect(empty.statusCode, empty.body).toBe(401)
      expect(errorBody(empty).name).toBe('NotAuthenticated')
      if (op.body) {
        const junk = await send(op, { body: { unexpectedField: [1, { deep: null }] } }, 'anonymous with junk')
        expect(junk.statusCode).toBe(401)
      }
    },
  )

  it.each(all.filter((op) => !requiresAuth(doc, op)).map((op) => [label(op), op] as const))(
    '%s answers an anonymous caller as documented',
    async (_, op) => {
      const response = await send(op, { body: op.body ? minimalBody(op.body, fixtures) : undefined }, 'anonymous')
      expect(response.statusCode).toBeLessThan(500)
    },
  )
})

describe('request bodies', () => {
  it.each(fieldProbed.map((op) => [label(op), op] as const))('%s: required fields missing → 400 naming each', async (_, op) => {
    const required = requiredFields(op.body!)
    const response = await send(op, { user: fixtures.owner, body: {} }, 'empty body')
    if (!required.length) return
    expect(response.statusCode, response.body).toBe(400)
    const paths = errorBody(response).errors?.map((error) => error.path) ?? []
    for (const field of required) expect(paths, `${field} is required`).toContain(field)
  })

  it.each(fieldProbed.map((op) => [label(op), op] as const))('%s: an unknown field → 400 naming it', async (_, op) => {
    const schema = op.body!
    const refusesUnknown = schema.additionalProperties === false || (schema.oneOf?.every((s) => s.additionalProperties === false) ?? false)
    expect(refusesUnknown, 'the schema refuses unknown fields').toBe(true)
    const response = await send(op, { user: fixtures.owner, body: { ...minimalBody(op.body!, fixtures), unexpectedField: 'x' } }, 'unknown field')
    expect(response.statusCode, response.body).toBe(400)
    expect(errorBody(response).errors).toContainEqual({ path: 'unexpectedField', message: 'is not allowed' })
  })

  it.each(fieldProbed.map((op) => [label(op), op] as const))('%s: optional fields are optional', async (_, op) => {
    const body = minimalBody(op.body!, fixtures)
    const optional = Object.keys(bodyProperties(op.body!)).filter((field) => !(field in body))
    const response = await send(op, { user: fixtures.owner, body }, 'required fields only')
    if (response.statusCode !== 400) return
    const refused = (errorBody(response).errors ?? []).filter(
      (error) => optional.includes(error.path.split('.')[0]!) && /required/i.test(error.message),
    )
    expect(refused, `${JSON.stringify(body)} → ${response.body}`).toEqual([])
  })
})

describe('operations without a body', () => {
  // Random ids for deletions, so the probe removes nothing the other probes use.
  it.each(all.filter((op) => op.body === null).map((op) => [label(op), op] as const))('%s answers its owner', async (_, op) => {
    const response = await send(op, { user: fixtures.owner, randomIds: op.method === 'DELETE' }, 'owner')
    expect(response.statusCode).toBeLessThan(500)
  })
})

describe('responses', () => {
  it('every status the probes got is documented for its operation, errors in the error shape, never a 5xx', () => {
    const undocumented: string[] = []
    for (const [op, probes] of statuses) {
      for (const probe of probes) {
        expect(probe.status, `${label(op)} ${probe.name}: ${probe.body}`).toBeLessThan(500)
        if (!op.responses.includes(String(probe.status))) undocumented.push(`${label(op)} ${probe.name} → ${probe.status}`)
        if (probe.status >= 400) {
          const body = JSON.parse(probe.body) as { code?: number; name?: unknown; className?: unknown; message?: unknown }
          expect(body, `${label(op)} ${probe.name}`).toMatchObject({ code: probe.status, name: expect.any(String), className: expect.any(String), message: expect.any(String) })
        }
      }
    }
    expect(undocumented).toEqual([])
    expect(statuses.size).toBe(all.length)
  })
})
