/**
 * "Place order" before the checkout's scripts run (decision 90): the checkout's form posts here as a plain
 * form. The cart is its cookie copy (decision 87); the fields are checked with the same rules as in the
 * browser (checkout-problems.ts) and the order is placed through the same API call, with the page's
 * idempotency key, so a second tap answers the first order. A placed order empties the cookie's cart and
 * redirects to the order's page (a guest's private link) or its pay page; anything else answers the form
 * again with its problems beside the fields and what was typed. Once the scripts run, the form is handled
 * in the page and never posts.
 */
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { PublicDiscountCode } from '@shop/domain/schemas/discount-code'
import type { Order } from '@shop/domain/schemas/orders'
import { type AppLoadContext, data, redirect } from 'react-router'
import { calculateDelivery } from '../../api/delivery/calculate-delivery'
import { listDiscountCodes } from '../../api/discount-codes/list-discount-codes'
import type { ItemInput } from '@shop/domain/schemas/order-input'
import { placeOrder } from '../../api/orders/place-order'
import { getPaymentOptions } from '../../api/payments/get-payment-options'
import { ApiError, errorMessage } from '../../lib/api'
import { serverApi } from '../../lib/api.server'
import { randomId } from '../../lib/random-id'
import { lineKey } from '../../lib/cart/cart'
import { CART_COOKIE, cartSetCookie, cookieValue, decodeCartCookie } from '../../lib/cart/cart-cookie'
import { sameSite } from '../../lib/cart/add-to-cart-form.server'
import { type CheckoutEntry, type CheckoutField, buyerQuery, checkCheckout } from './checkout-problems'
import { confirmationPath } from './confirmation-path'

/** What the buyer posted, as the form shows it again. */
export type PostedCheckout = CheckoutEntry & { code: string; provider: string }

/** The checkout route's answer to a post that did not place an order (or applied a code). */
export type CheckoutFormAnswer = {
  values: PostedCheckout
  problems: Partial<Record<CheckoutField | 'code', string>>
  /** One message above the buttons (the shop's refusal, an empty cart…). */
  failure: string | null
  /** The posted region's rates, so the form can offer them; null when none was chosen. */
  rates: DeliveryRateOption[] | null
  /** The code applied with Apply, counted in the totals and posted with the order. */
  code: PublicDiscountCode | null
  /** Lines the shop refused (lineKey → message). */
  lineProblems: Record<string, string>
  /** The idempotency key for the next post of this attempt. */
  attempt: string
  /**
   * The order number when a second post of the same attempt (a double tap) found the order the first had
   * placed: its private link is given only once, so the page says where it was sent instead.
   */
  placed?: string
}

const ATTEMPT = /^[A-Za-z0-9_-]{16,64}$/

/** The posted fields, each bounded as the form bounds it; missing ones are empty. */
export function readCheckoutForm(form: FormData | URLSearchParams): { intent: string; attempt: string | null; values: PostedCheckout } {
  const text = (name: string, most: number) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.slice(0, most) : ''
  }
  const attempt = text('attempt', 64)
  return {
    intent: text('intent', 20),
    attempt: ATTEMPT.test(attempt) ? attempt : null,
    values: {
      email: text('email', 254),
      name: text('name', 200),
      phone: text('phone', 40),
      delivery: {
        type: text('delivery', 20) === 'dispatch' ? 'dispatch' : 'pick-up',
        region: text('region', 100),
        rate: text('rate', 100),
        address: text('address', 500),
      },
      code: text('code', 32).trim(),
      provider: text('payment', 40),
    },
  }
}

/**
 * Where a placed order sends the buyer: an instant provider's pay page first (it sends them back to the
 * order), else the order's page (a guest's private link) saying it is placed. A form's redirect counts for
 * the page's form-action policy, which allows this host (and the platform's): a pay page elsewhere is
 * reached through the order's own pay link here, whose Pay button opens it.
 */
export function pageAfterPlacing(order: Order, origin: string): string {
  const placed = confirmationPath(order)
  const pay = order.payment.redirectUrl
  if (pay) {
    if (new URL(pay, origin).origin === origin) return pay
    const key = new URL(placed, origin).searchParams.get('key')
    if (key) return `/pay/${encodeURIComponent(order._id)}?${new URLSearchParams({ key }).toString()}`
  }
  return `${placed}${placed.includes('?') ? '&' : '?'}placed=1`
}

type Args = { request: Request; context: AppLoadContext }

/** The checkout route's action: "Place order" (or Apply for a code) posted when the page's scripts have not run. */
export async function placeOrderAction({ request, context }: Args) {
  const shop = context.shop
  if (!shop) throw data({ message: 'There is no shop here.' }, { status: 404 })
  let form: FormData | null = null
  try {
    form = await request.formData()
  } catch {
    // Answered below as an empty form.
  }
  const { intent, attempt: postedAttempt, values } = readCheckoutForm(form ?? new URLSearchParams())
  const attempt = postedAttempt ?? randomId()
  const answer = (status: number, change: Partial<CheckoutFormAnswer>) =>
    data<CheckoutFormAnswer>({ values, problems: {}, failure: null, rates: null, code: null, lineProblems: {}, attempt, ...change }, { status })

  if (!sameSite(request)) return answer(403, { failure: 'Place the order from the shop’s own checkout page.' })
  if (!form) return answer(400, { failure: 'The form could not be read. Try again.' })
  if (intent !== 'place' && intent !== 'apply-code') return answer(400, { failure: 'This form places an order or applies a code.' })

  const cart = decodeCartCookie(cookieValue(request.headers.get('cookie'), CART_COOKIE))
  const items: ItemInput[] = (cart?.items ?? []).map((item) => ({ product: item.product, ...(item.variant ? { variant: item.variant } : {}), count: item.count }))
  if (items.length === 0) return answer(400, { failure: 'Your cart is empty.' })

  const api = serverApi(context)
  const dispatch = values.delivery.type === 'dispatch' && values.delivery.region !== ''
  let rates: DeliveryRateOption[] | null = null
  try {
    rates = dispatch ? await calculateDelivery(api, { shop: shop._id, region: values.delivery.region, items }) : null
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null || error.status >= 500) throw error
    return answer(error.status, { problems: { region: errorMessage(error) } })
  }

  // Apply: the code is looked up as the page's scripts look it up, and counted in the totals shown again.
  let code: PublicDiscountCode | null = null
  if (values.code) {
    try {
      code = (await listDiscountCodes<PublicDiscountCode>(api, { code: values.code, shop: shop._id })).data[0] ?? null
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === null || error.status >= 500) throw error
      return answer(error.status, { rates, failure: errorMessage(error) })
    }
    if (!code) return answer(intent === 'apply-code' ? 200 : 422, { rates, problems: { code: `“${values.code}” is not a valid discount code.` } })
  }
  if (intent === 'apply-code') {
    return values.code ? answer(200, { rates, code }) : answer(400, { rates, problems: { code: 'Enter a discount code.' } })
  }

  const { problems, input } = await checkCheckout(values, { rates, signedIn: false, items, code: code?.code ?? null })
  // A region chosen before the scripts ran shows its rates only now: the buyer sees the fee before ordering.
  if (dispatch && !values.delivery.rate && rates && rates.length > 0) problems.rate = 'Check the delivery rate and its fee, then place the order.'
  const paymentOptions = await getPaymentOptions(api, shop._id)
  const provider = (paymentOptions.find((option) => option.provider === values.provider) ?? paymentOptions[0])?.provider
  if (!provider) return answer(409, { rates, code, failure: 'This shop does not take orders online at the moment.' })
  if (Object.keys(problems).length > 0) return answer(400, { rates, code, problems })

  try {
    const order = await placeOrder(api, buyerQuery(shop._id, values.email, false), { ...input, payment: { provider } }, attempt)
    const secure = new URL(request.url).protocol === 'https:'
    // The cart is spent: an empty copy, newer than the browser's, empties localStorage when the scripts run.
    const emptied = cartSetCookie({ changed: Math.max(Date.now(), (cart?.changed ?? 0) + 1), items: [] }, secure)
    if (!order.privateUrl) {
      return data<CheckoutFormAnswer>(
        { values, problems: {}, failure: null, rates, code, lineProblems: {}, attempt, placed: order.orderId },
        { headers: { 'Set-Cookie': emptied } },
      )
    }
    return redirect(pageAfterPlacing(order, new URL(request.url).origin), { status: 303, headers: { 'Set-Cookie': emptied } })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null || error.status >= 500) throw error
    const lineProblems: Record<string, string> = {}
    if (error.status === 409) {
      for (const problem of error.body?.errors ?? []) {
        const index = /^items\.(\d+)/.exec(problem.path)?.[1]
        const item = index === undefined ? undefined : cart?.items[Number(index)]
        if (item) lineProblems[lineKey(item)] = `Not enough in stock: ${problem.message}.`
      }
    }
    // A code the shop refused is dropped, as the scripted checkout drops it.
    const refusedCode = error.status === 422
    return answer(error.status, {
      rates,
      code: refusedCode ? null : code,
      values: refusedCode ? { ...values, code: '' } : values,
      failure: errorMessage(error),
      lineProblems,
    })
  }
}
