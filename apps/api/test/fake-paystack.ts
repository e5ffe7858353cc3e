/**
 * A local stand-in for Paystack's API (POST /transaction/initialize, GET /transaction/verify/{reference},
 * POST /refund and GET /refund/{id})
 * on 127.0.0.1 and a random port, scriptable per test: what verify answers for a reference (status, amount,
 * currency), and failures (an HTTP error, a refusal, or a dropped connection as if Paystack were down).
 * It checks the secret key and the initialize body as Paystack does, and records every request.
 * Payouts (decision 58): the bank list for GHS (banks and mobile money), resolving an account's name,
 * subaccounts (create, update, fetch), initialize's `subaccount` and `bearer` with the split they make, and
 * settlements by subaccount, paged with `meta` as Paystack pages them.
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
  /** A split payment: the shop's subaccount, and who bears Paystack's fee. */
  subaccount?: string
  bearer?: 'account' | 'subaccount'
}

/** A refund as Paystack keeps it: queued (`pending`) until it is processed or fails. */
export type FakeRefund = { id: number; transaction: string; amount: number; currency: string; status: 'pending' | 'processed' | 'failed'; merchant_note: string }

export type RecordedRequest = { method: string; path: string; authorization: string | undefined; body: unknown }

export type FakePaystack = FakePayoutControls & {
  /** Origin to use as PAYSTACK_BASE_URL. */
  url: string
  secretKey: string
  requests: RecordedRequest[]
  /** Transactions initialized, by reference. */
  initialized: Map<string, Initialized>
  /** Refunds asked for, by Paystack's refund id. */
  refunds: Map<number, FakeRefund>
  /** Makes the next calls fail (initialize, verify, refund) until cleared with null. */
  fail(endpoint: 'initialize' | 'verify' | 'refund', failure: Failure | null): void
  /** What verify answers for `reference`: by default 'abandoned' (not paid yet) with the initialized amount. */
  script(reference: string, answer: VerifyScript): void
  /** The buyer pays on Paystack's page: verify answers success with the initialized amount and currency. */
  pay(reference: string): void
  /** A signed webhook delivery for `charge.success` of `reference`, as Paystack sends it. */
  chargeSuccess(reference: string, overrides?: Record<string, unknown>): { payload: string; headers: Record<string, string> }
  /** Paystack settles a refund (`refund.processed`) or gives up on it (`refund.failed`): the signed webhook it sends. */
  refundEvent(id: number, outcome: 'processed' | 'failed'): { payload: string; headers: Record<string, string> }
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
  const payouts = fakePayouts()
  const requests: RecordedRequest[] = []
  const initialized = new Map<string, Initialized>()
  const scripts = new Map<string, VerifyScript>()
  const failures: Record<'initialize' | 'verify' | 'refund', Failure | null> = { initialize: null, verify: null, refund: null }
  const refunds = new Map<number, FakeRefund>()
  let nextRefundId = 3_018_284

  // Node calls the listener without awaiting it; a failure surfaces as an unhandled rejection, which fails the run.
  const server = http.createServer((request, response) => void answer(request, response))
  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
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
    if (payouts.handle(request.method ?? '', request.url ?? '/', body, response)) return

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
        typeof input.callback_url === 'string' &&
        (input.subaccount === undefined || payouts.subaccounts.has(input.subaccount)) &&
        (input.bearer === undefined || ['account', 'subaccount'].includes(input.bearer))
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
          ...payouts.fees(started, script.amount ?? started.amount),
        },
      })
    }
    if (request.method === 'POST' && path === '/refund') {
      if (failures.refund) return fails(response, failures.refund)
      const input = body as { transaction?: unknown; amount?: unknown; currency?: unknown; merchant_note?: unknown } | null
      const reference = typeof input?.transaction === 'string' ? input.transaction : ''
      const started = initialized.get(reference)
      if (!started || scripts.get(reference)?.status !== 'success') return send(response, 400, { status: false, message: 'Transaction not found' })
      const already = [...refunds.values()].filter((r) => r.transaction === reference && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0)
      // Amount is optional (a full refund); never more than what is left of the payment.
      const amount = input?.amount === undefined ? started.amount - already : input.amount
      if (!Number.isInteger(amount) || (amount as number) <= 0) return send(response, 400, { status: false, message: 'Invalid amount' })
      if ((amount as number) > started.amount - already) {
        return send(response, 400, { status: false, message: 'Refund amount cannot be more than the transaction amount' })
      }
      if (input?.currency !== undefined && input.currency !== started.currency) return send(response, 400, { status: false, message: 'Currency mismatch' })
      const refund: FakeRefund = {
        id: nextRefundId++,
        transaction: reference,
        amount: amount as number,
        currency: started.currency,
        status: 'pending',
        merchant_note: typeof input?.merchant_note === 'string' ? input.merchant_note : '',
      }
      refunds.set(refund.id, refund)
      return send(response, 200, { status: true, message: 'Refund has been queued for processing', data: refundData(refund) })
    }

    const fetchRefund = /^\/refund\/(\d+)$/.exec(path)
    if (request.method === 'GET' && fetchRefund) {
      const refund = refunds.get(Number(fetchRefund[1]))
      if (!refund) return send(response, 404, { status: false, message: 'Refund not found' })
      return send(response, 200, { status: true, message: 'Refund retrieved', data: refundData(refund) })
    }
    send(response, 404, { status: false, message: 'Not found' })
  }

  function refundData(refund: FakeRefund) {
    const started = initialized.get(refund.transaction)
    return {
      transaction: { id: 4_099_260_516, reference: refund.transaction, amount: started?.amount ?? 0, currency: refund.currency },
      integration: 412_829,
      domain: 'test',
      id: refund.id,
      amount: refund.amount,
      deducted_amount: 0,
      currency: refund.currency,
      channel: 'mobile_money',
      status: refund.status,
      merchant_note: refund.merchant_note,
      refunded_by: 'api',
      createdAt: new Date().toISOString(),
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const sign = (payload: string) => createHmac('sha512', secretKey).update(payload).digest('hex')

  return {
    ...payouts.controls,
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    initialized,
    refunds,
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
    refundEvent: (id, outcome) => {
      const refund = refunds.get(id)
      if (!refund) throw new Error(`no refund ${id}`)
      refund.status = outcome
      // Paystack's refund events carry the refund's id, the payment's reference, the amount and the state.
      const payload = JSON.stringify({
        event: `refund.${outcome}`,
        data: {
          status: outcome,
          transaction_reference: refund.transaction,
          refund_reference: outcome === 'processed' ? `RF${refund.id}` : null,
          amount: refund.amount,
          currency: refund.currency,
          processor: 'mobile_money',
          customer: { email: initialized.get(refund.transaction)?.email ?? '' },
          integration: 412_829,
          domain: 'test',
          id: String(refund.id),
        },
      })
      return { payload, headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(payload) } }
    },
    sign,
    reset: () => {
      failures.initialize = null
      failures.verify = null
      failures.refund = null
      scripts.clear()
      payouts.reset()
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

// ---------------------------------------------------------------- payouts: banks, resolve, subaccounts, settlements

export type FakeBank = { name: string; code: string; type: 'mobile_money' | 'ghipss' }

/** Paystack's list for GHS: the three mobile money networks and a few banks on GhIPSS. */
export const fakeBanks: FakeBank[] = [
  { name: 'MTN', code: 'MTN', type: 'mobile_money' },
  { name: 'Telecel Ghana', code: 'VOD', type: 'mobile_money' },
  { name: 'AirtelTigo', code: 'ATL', type: 'mobile_money' },
  { name: 'Absa Bank Ghana Ltd', code: '030100', type: 'ghipss' },
  { name: 'Ecobank Ghana Ltd', code: '130100', type: 'ghipss' },
  { name: 'GCB Bank Limited', code: '040100', type: 'ghipss' },
]

export type FakeSubaccount = {
  subaccount_code: string
  business_name: string
  settlement_bank: string
  account_number: string
  account_name: string
  percentage_charge: number
  description: string
  active: boolean
}

export type FakeSettlement = { amount: number; fees: number; status?: 'success' | 'pending' | 'processing' | 'failed'; date?: string }

type PayoutEndpoint = 'banks' | 'resolve' | 'subaccount' | 'settlement'

export type FakePayoutControls = {
  /** Subaccounts created, by code. */
  subaccounts: Map<string, FakeSubaccount>
  /** The name the bank or network holds for a number: resolve answers it; any other number is not found. */
  holder(bankCode: string, accountNumber: string, name: string): void
  /** A settlement Paystack made to `subaccount` (newest added first in the list). */
  settle(subaccount: string, settlement: FakeSettlement): void
  /** Makes the payout calls of `endpoint` fail until cleared with null. */
  failPayouts(endpoint: PayoutEndpoint, failure: Failure | null): void
}

/** Paystack's fee in Ghana: 1.95% of the payment. */
const feeOf = (amount: number) => Math.round(amount * 0.0195)

function fakePayouts() {
  const holders = new Map<string, string>()
  const subaccounts = new Map<string, FakeSubaccount>()
  const settlements = new Map<string, (FakeSettlement & { id: number; createdAt: string })[]>()
  const failures: Record<PayoutEndpoint, Failure | null> = { banks: null, resolve: null, subaccount: null, settlement: null }
  let nextSettlementId = 3_090_024

  function subaccountData(subaccount: FakeSubaccount) {
    const bank = fakeBanks.find((b) => b.code === subaccount.settlement_bank)
    return {
      ...subaccount,
      settlement_bank: bank?.name ?? subaccount.settlement_bank,
      bank_code: subaccount.settlement_bank,
      currency: 'GHS',
      integration: 412_829,
      domain: 'test',
      is_verified: false,
      settlement_schedule: 'AUTO',
      migrate: false,
      id: 1_151_727 + subaccounts.size,
      createdAt: '2026-11-01T09:24:28.723Z',
      updatedAt: new Date().toISOString(),
    }
  }

  /** Create and update both check the bank and that the number resolves, as Paystack does. */
  function subaccountInput(input: Record<string, unknown> | null, partial: boolean): Partial<FakeSubaccount> | string {
    if (!input) return 'Invalid parameters'
    const has = (key: string) => input[key] !== undefined
    for (const key of ['business_name', 'settlement_bank', 'account_number'] as const) {
      if (has(key) ? typeof input[key] !== 'string' || !(input[key]).trim() : !partial) return `${key} is required`
    }
    if (has('percentage_charge') ? typeof input.percentage_charge !== 'number' || input.percentage_charge < 0 || input.percentage_charge > 100 : !partial) {
      return 'percentage_charge must be a number from 0 to 100'
    }
    return Object.fromEntries(
      (['business_name', 'settlement_bank', 'account_number', 'percentage_charge', 'description'] as const).filter(has).map((key) => [key, input[key]]),
    )
  }

  function handle(method: string, url: string, body: unknown, response: http.ServerResponse): boolean {
    const { pathname, searchParams } = new URL(url, 'http://fake.paystack')
    const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null

    if (method === 'GET' && pathname === '/bank') {
      if (failures.banks) return (fails(response, failures.banks), true)
      const currency = searchParams.get('currency') ?? 'NGN'
      const type = searchParams.get('type')
      const data = currency !== 'GHS' ? [] : fakeBanks.filter((bank) => !type || bank.type === type)
      send(response, 200, {
        status: true,
        message: 'Banks retrieved',
        data: data.map((bank, i) => ({
          name: bank.name,
          slug: bank.name.toLowerCase().replace(/\W+/g, '-'),
          code: bank.code,
          longcode: '',
          gateway: null,
          pay_with_bank: false,
          active: true,
          is_deleted: false,
          country: 'Ghana',
          currency: 'GHS',
          type: bank.type,
          id: 170 + i,
        })),
        meta: { next: null, previous: null, perPage: 100 },
      })
      return true
    }

    if (method === 'GET' && pathname === '/bank/resolve') {
      if (failures.resolve) return (fails(response, failures.resolve), true)
      const accountNumber = searchParams.get('account_number') ?? ''
      const bankCode = searchParams.get('bank_code') ?? ''
      const name = holders.get(`${bankCode}:${accountNumber}`)
      if (!name) send(response, 422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' })
      else send(response, 200, { status: true, message: 'Account number resolved', data: { account_number: accountNumber, account_name: name, bank_id: 9 } })
      return true
    }

    if (method === 'POST' && pathname === '/subaccount') {
      if (failures.subaccount) return (fails(response, failures.subaccount), true)
      const checked = subaccountInput(input, false)
      if (typeof checked === 'string') return (send(response, 400, { status: false, message: checked }), true)
      const name = holders.get(`${checked.settlement_bank}:${checked.account_number}`)
      if (!name) return (send(response, 400, { status: false, message: 'Account details are invalid' }), true)
      const code = `ACCT_${randomBytes(7).toString('hex')}`
      const subaccount: FakeSubaccount = { ...(checked as FakeSubaccount), description: checked.description ?? '', subaccount_code: code, account_name: name, active: true }
      subaccounts.set(code, subaccount)
      send(response, 201, { status: true, message: 'Subaccount created', data: subaccountData(subaccount) })
      return true
    }

    const one = /^\/subaccount\/([^/]+)$/.exec(pathname)
    if (one && (method === 'PUT' || method === 'GET')) {
      if (failures.subaccount) return (fails(response, failures.subaccount), true)
      const subaccount = subaccounts.get(decodeURIComponent(one[1]!))
      if (!subaccount) return (send(response, 404, { status: false, message: 'Subaccount not found' }), true)
      if (method === 'GET') return (send(response, 200, { status: true, message: 'Subaccount retrieved', data: subaccountData(subaccount) }), true)
      const checked = subaccountInput(input, true)
      if (typeof checked === 'string') return (send(response, 400, { status: false, message: checked }), true)
      const next = { ...subaccount, ...checked }
      const name = holders.get(`${next.settlement_bank}:${next.account_number}`)
      if (!name) return (send(response, 400, { status: false, message: 'Account details are invalid' }), true)
      Object.assign(subaccount, next, { account_name: name })
      send(response, 200, { status: true, message: 'Subaccount updated', data: subaccountData(subaccount) })
      return true
    }

    if (method === 'GET' && pathname === '/settlement') {
      if (failures.settlement) return (fails(response, failures.settlement), true)
      const code = searchParams.get('subaccount')
      const perPage = Math.min(Math.max(Number(searchParams.get('perPage') ?? 50) || 50, 1), 100)
      const page = Math.max(Number(searchParams.get('page') ?? 1) || 1, 1)
      const all = code ? (settlements.get(code) ?? []) : []
      const data = all.slice((page - 1) * perPage, page * perPage).map((settlement) => ({
        id: settlement.id,
        domain: 'test',
        status: settlement.status ?? 'success',
        currency: 'GHS',
        integration: 412_829,
        total_amount: settlement.amount,
        effective_amount: settlement.amount,
        total_fees: settlement.fees,
        total_processed: settlement.amount + settlement.fees,
        deductions: null,
        settlement_date: settlement.date ?? settlement.createdAt,
        settled_by: null,
        subaccount: code ? { subaccount_code: code } : null,
        createdAt: settlement.createdAt,
        updatedAt: settlement.createdAt,
      }))
      send(response, 200, {
        status: true,
        message: 'Settlements retrieved',
        data,
        meta: { total: all.length, skip: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(all.length / perPage) },
      })
      return true
    }
    return false
  }

  /** What verify adds for a payment: Paystack's fee, and the split when it went to a subaccount. */
  function fees(started: Initialized, amount: number) {
    const fee = feeOf(amount)
    const subaccount = started.subaccount ? subaccounts.get(started.subaccount) : undefined
    if (!subaccount) return { fees: fee }
    const share = Math.round((amount * subaccount.percentage_charge) / 100)
    const bearer = started.bearer ?? 'account'
    const split =
      bearer === 'subaccount'
        ? { paystack: fee, integration: share, subaccount: amount - fee - share }
        : { paystack: fee, integration: share - fee, subaccount: amount - share }
    return {
      fees: fee,
      fees_split: { ...split, params: { bearer, transaction_charge: '', percentage_charge: String(subaccount.percentage_charge) } },
      subaccount: { subaccount_code: subaccount.subaccount_code, business_name: subaccount.business_name },
    }
  }

  const controls: FakePayoutControls = {
    subaccounts,
    holder: (bankCode, accountNumber, name) => {
      holders.set(`${bankCode}:${accountNumber}`, name)
    },
    settle: (subaccount, settlement) => {
      const list = settlements.get(subaccount) ?? []
      list.unshift({ ...settlement, id: nextSettlementId++, createdAt: new Date().toISOString() })
      settlements.set(subaccount, list)
    },
    failPayouts: (endpoint, failure) => {
      failures[endpoint] = failure
    },
  }

  return {
    handle,
    fees,
    subaccounts,
    controls,
    reset: () => {
      for (const endpoint of Object.keys(failures) as PayoutEndpoint[]) failures[endpoint] = null
    },
  }
}
