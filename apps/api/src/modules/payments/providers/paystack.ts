/**
 * `paystack`: mobile money and cards (docs/architecture.md §8). `start` initializes a transaction and answers Paystack's
 * hosted pay page; `verify` asks Paystack what happened to a reference; `refund` gives part or all of a payment
 * back through Paystack's Refund API. Amounts go to Paystack in the
 * currency's subunit (pesewas for GHS), which is how we store them. The webhook's signature is checked in
 * paystack-webhook.ts; its body is never trusted beyond the reference.
 */
import type { PaymentProvider, VerifyResult } from './provider'
import { ProviderError } from './provider'

export type PaystackOptions = { secretKey: string; baseUrl: string; timeoutMs?: number }

type PaystackAnswer = { status?: unknown; message?: unknown; data?: unknown; meta?: unknown }

const DEFAULT_TIMEOUT_MS = 15_000

/** Paystack's transaction states, as ours: anything not settled either way is still pending. */
function statusOf(value: unknown): VerifyResult['status'] {
  if (value === 'success') return 'success'
  if (value === 'failed' || value === 'reversed') return 'failed'
  // 'abandoned' is also what Paystack says of a pay page the buyer has not finished yet.
  return 'pending'
}

function shortMessage(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, 200) : ''
}

/**
 * One call to Paystack's API: its `{status, message, data}` envelope unwrapped to `data` (and `meta` when it
 * pages). Anything else (unreachable, not JSON, `status: false`) is a ProviderError saying what could not be done.
 */
export async function paystackRequest(
  options: PaystackOptions,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  what: string,
  body?: unknown,
): Promise<{ data: unknown; meta: Record<string, unknown> | null }> {
  let response: Response
  try {
    response = await fetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    })
  } catch (error) {
    throw new ProviderError(`Paystack could not be reached to ${what}. Please try again.`, (error as Error).message)
  }
  // `null` is valid JSON too.
  let answer: PaystackAnswer | null
  try {
    answer = (await response.json()) as PaystackAnswer | null
  } catch {
    throw new ProviderError(`Paystack gave an unreadable answer when asked to ${what}. Please try again.`, `HTTP ${response.status}`)
  }
  if (!response.ok || answer?.status !== true || typeof answer.data !== 'object' || answer.data === null) {
    const said = shortMessage(answer?.message)
    throw new ProviderError(`Paystack could not ${what}${said ? `: ${said}` : ''}`, `HTTP ${response.status}`)
  }
  const meta = typeof answer.meta === 'object' && answer.meta !== null ? (answer.meta as Record<string, unknown>) : null
  return { data: answer.data, meta }
}

/** `fees_split` of a split payment, only its amounts: what Paystack, the platform and the shop each got. */
function feesSplit(value: unknown): { feesSplit: { paystack: number; integration: number; subaccount: number } } | null {
  if (typeof value !== 'object' || value === null) return null
  const split = value as Record<string, unknown>
  const amount = (key: string) => (typeof split[key] === 'number' && Number.isSafeInteger(split[key]) ? split[key] : null)
  const [paystack, integration, subaccount] = [amount('paystack'), amount('integration'), amount('subaccount')]
  if (paystack === null || integration === null || subaccount === null) return null
  return { feesSplit: { paystack, integration, subaccount } }
}

export function paystackProvider(options: PaystackOptions): PaymentProvider {
  async function call(method: 'GET' | 'POST' | 'PUT', path: string, what: string, body?: unknown): Promise<Record<string, unknown>> {
    return (await paystackRequest(options, method, path, what, body)).data as Record<string, unknown>
  }

  return {
    name: 'paystack',
    instant: true,
    async start({ order, email, transaction, returnUrl, split }) {
      const data = await call('POST', '/transaction/initialize', 'start the payment', {
        email,
        amount: transaction.amountMinor,
        currency: transaction.currency,
        reference: transaction.reference,
        callback_url: returnUrl,
        metadata: { orderId: order.orderId, shop: order.shopId },
        // Settled to the shop's own subaccount; its percentage_charge is the platform's share (decision 58).
        ...(split ? { subaccount: split.subaccount, bearer: split.bearer } : {}),
      })
      const url = typeof data.authorization_url === 'string' ? data.authorization_url : ''
      let parsed: URL | null = null
      try {
        parsed = new URL(url)
      } catch {
        parsed = null
      }
      if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
        throw new ProviderError('Paystack did not give a payment page. Please try again.', 'no authorization_url')
      }
      return { redirectUrl: parsed.toString() }
    },
    async verify(reference) {
      const data = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, 'confirm the payment')
      const amount = data.amount
      return {
        status: statusOf(data.status),
        amountMinor: typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : -1,
        currency: typeof data.currency === 'string' ? data.currency.toUpperCase() : '',
        // Only what support needs: no customer or card details.
        raw: {
          id: data.id ?? null,
          status: data.status ?? null,
          reference: data.reference ?? null,
          amount: data.amount ?? null,
          currency: data.currency ?? null,
          channel: data.channel ?? null,
          gatewayResponse: data.gateway_response ?? null,
          paidAt: data.paid_at ?? null,
          // Paystack's fee and, for a split payment, each party's share (minor units): the shop's payouts view.
          fees: data.fees ?? null,
          ...(feesSplit(data.fees_split) ?? {}),
        },
      }
    },
    async refund({ transactionReference, amountMinor, currency, reason }) {
      // Paystack's Refund API: the payment's reference and the amount in its subunit; the refund is queued and
      // its outcome arrives as a refund.processed or refund.failed webhook.
      const data = await call('POST', '/refund', 'refund the payment', {
        transaction: transactionReference,
        amount: amountMinor,
        currency,
        customer_note: reason,
        merchant_note: reason,
      })
      const id = data.id
      if ((typeof id !== 'number' && typeof id !== 'string') || String(id) === '') {
        throw new ProviderError('Paystack did not say which refund it queued. Please check your Paystack dashboard.', 'no refund id')
      }
      return { providerReference: String(id), status: refundStatusOf(data.status) }
    },
  }
}

/** Paystack's refund states, as ours: processed is done, failed is not, anything else is on its way. */
export function refundStatusOf(value: unknown): 'pending' | 'succeeded' | 'failed' {
  if (value === 'processed') return 'succeeded'
  if (value === 'failed') return 'failed'
  return 'pending'
}
