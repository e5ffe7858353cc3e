/**
 * A local stand-in for Paystack's API (POST /transaction/initialize, GET /transaction/verify/{reference})
 * on 127.0.0.1 and a random port, scriptable per test: what verify answers for a reference (status, amount,
 * currency), and failures (an HTTP error, a refusal, or a dropped connection as if Paystack were down).
 * It checks the secret key and the initialize body as Paystack does, and records every request.
 */
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type Failure = 'down' | 'http-500' | 'refuse' | 'garbage'

export type VerifyScript = { status?: string; amount?: number; currency?: string }

export type Initialized = {
  email: string
  amount: number
  currency: string
  reference: string
  callback_url: string
  metadata: Record<string, unknown>
}

export type RecordedRequest = { method: string; path: string; authorization: string | undefined; body: unknown }

export type FakePaystack = {
  /** Origin to use as PAYSTACK_BASE_URL. */
  url: string
  secretKey: string
  requests: RecordedRequest[]
  /** Transactions initialized, by reference. */
  initialized: Map<string, Initialized>
  /** Makes the next calls fail (initialize, verify or both) until cleared with null. */
  fail(endpoint: 'initialize' | 'verify', failure: Failure | null): void
  /** What verify answers for `reference`: by default 'abandoned' (not paid yet) with the initialized amount. */
  script(reference: string, answer: VerifyScript): void
  /** The buyer pays on Paystack's page: verify answers success with the initialized amount and currency. */
  pay(reference: string): void
  /** A signed webhook delivery for `charge.success` of `reference`, as Paystack sends it. */
  chargeSuccess(reference: string, overrides?: Record<string, unknown>): { payload: string; headers: Record<string, string> }
  sign(payload: string): string
  reset(): void
  close(): Promise<void>
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function fails(response: http.ServerResponse, failure: Failure): void {
  switch (failure) {
    case 'down':
      // As if nothing answered: the connection is cut before any response.
      response.socket?.destroy()
      return
    case 'http-500':
      return send(response, 500, { status: false, message: 'Internal server error' })
    case 'refuse':
      return send(response, 400, { status: false, message: 'Currency not supported by merchant' })
    case 'garbage':
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<html>gateway timeout</html>')
  }
}

export async function startFakePaystack(secretKey = `sk_test_${randomBytes(20).toString('hex')}`): Promise<FakePaystack> {
  const requests: RecordedRequest[] = []
  const initialized = new Map<string, Initialized>()
  const scripts = new Map<string, VerifyScript>()
  const failures: Record<'initialize' | 'verify', Failure | null> = { initialize: null, verify: null }

  const server = http.createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!
    const text = await readBody(request)
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = text
    }
    requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body })

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(response, 401, { status: false, message: 'Invalid key' })
    }

    if (request.method === 'POST' && path === '/transaction/initialize') {
      if (failures.initialize) return fails(response, failures.initialize)
      const input = body as Partial<Initialized> | null
      const valid =
        !!input &&
        typeof input.email === 'string' &&
        Number.isInteger(input.amount) &&
        (input.amount as number) > 0 &&
        typeof input.currency === 'string' &&
        typeof input.reference === 'string' &&
        /^[A-Za-z0-9.=-]+$/.test(input.reference) &&
        typeof input.callback_url === 'string'
      if (!valid) return send(response, 400, { status: false, message: 'Invalid transaction parameters' })
      if (initialized.has(input.reference!)) return send(response, 400, { status: false, message: 'Duplicate Transaction Reference' })
      initialized.set(input.reference!, input as Initialized)
      const accessCode = randomBytes(8).toString('hex')
      return send(response, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference: input.reference },
      })
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path)
    if (request.method === 'GET' && verify) {
      if (failures.verify) return fails(response, failures.verify)
      const reference = decodeURIComponent(verify[1]!)
      const started = initialized.get(reference)
      if (!started) return send(response, 400, { status: false, message: 'Transaction reference not found' })
      const script = scripts.get(reference) ?? {}
      return send(response, 200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: 4_099_260_516,
          domain: 'test',
          status: script.status ?? 'abandoned',
          reference,
          amount: script.amount ?? started.amount,
          currency: script.currency ?? started.currency,
          channel: 'mobile_money',
          gateway_response: script.status === 'success' ? 'Approved' : 'The transaction was not completed',
          paid_at: script.status === 'success' ? new Date().toISOString() : null,
          customer: { email: started.email },
        },
      })
    }
    send(response, 404, { status: false, message: 'Not found' })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const sign = (payload: string) => createHmac('sha512', secretKey).update(payload).digest('hex')

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    initialized,
    fail: (endpoint, failure) => {
      failures[endpoint] = failure
    },
    script: (reference, answer) => {
      scripts.set(reference, { ...scripts.get(reference), ...answer })
    },
    pay: (reference) => {
      scripts.set(reference, { status: 'success' })
    },
    chargeSuccess: (reference, overrides = {}) => {
      const started = initialized.get(reference)
      const payload = JSON.stringify({
        event: 'charge.success',
        data: {
          id: 4_099_260_516,
          status: 'success',
          reference,
          amount: started?.amount ?? 0,
          currency: started?.currency ?? 'GHS',
          ...overrides,
        },
      })
      return { payload, headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(payload) } }
    },
    sign,
    reset: () => {
      failures.initialize = null
      failures.verify = null
      scripts.clear()
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
