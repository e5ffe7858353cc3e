/**
 * What the checkout pages' forms send to their clientActions, and the API calls that answer them: `place`
 * (an order from the cart, or from a shared checkout) and `share` (the cart as a checkout to pay by link).
 * Each is the domain's request (order-input.ts) with the buyer's query beside it, and for `place` the
 * attempt's idempotency key: a retry of the same order sends the same key, so the shop places it once.
 * The routes load this module when a form submits, not with the page: its schemas and their validator
 * would otherwise join every public page's scripts (decision 92).
 */
import { CheckoutCreateBody, OrderCreateBody, PlaceQuery } from '@shop/domain/schemas/order-input'
import type { Checkout, Order } from '@shop/domain/schemas/orders'
import { Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'
import { createCheckout } from '../../api/checkouts/create-checkout'
import { placeOrder } from '../../api/orders/place-order'
import { ApiError, api, errorMessage } from '../../lib/api'
import type { FieldErrors } from '../../lib/field-errors'
import { type ActionAnswer, perform } from '../../lib/route-data'
import { parseSubmission } from '../../lib/submission'

/** The key of one attempt at placing an order, as the page makes it (and as the no-script form posts it). */
const Attempt = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' })

/** Who orders: the shop, and a guest's e-mail when one was given. */
const buyer = { shop: PlaceQuery.properties.shop, email: PlaceQuery.properties.email }
const { payment, name, phone, delivery } = OrderCreateBody.properties

export const checkoutIntents = {
  place: Type.Object({ ...CheckoutCreateBody.properties, payment, ...buyer, attempt: Attempt }, { additionalProperties: false }),
  share: Type.Object({ ...CheckoutCreateBody.properties, ...buyer }, { additionalProperties: false }),
}

/** A shared checkout's order: its items and code are the checkout's; the payer gives their own contact, and maybe their own delivery. */
export const sharedCheckoutIntents = {
  place: Type.Object({ checkout: Uuid, delivery, name, phone, payment, ...buyer, attempt: Attempt }, { additionalProperties: false }),
}

export type PlaceAnswer = ActionAnswer<'place', Order>
export type ShareAnswer = ActionAnswer<'share', Checkout>

type Buyer = { shop: string; email?: string }
const buyerQuery = ({ shop, email }: Buyer) => ({ shop, ...(email ? { email } : {}) })

/** The checkout's clientAction: anyone may place or share, logged in or not (the API knows the buyer). */
export async function checkoutAction(request: Request) {
  const submission = await parseSubmission(request, checkoutIntents)
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'place':
      return placeCheckoutOrder(submission.value)
    case 'share':
      return shareCheckout(submission.value)
  }
}

/** The shared checkout's clientAction: anyone with the link may place it (the API checks the checkout). */
export async function sharedCheckoutAction(request: Request): Promise<PlaceAnswer> {
  const submission = await parseSubmission(request, sharedCheckoutIntents)
  if (!submission.ok) return submission
  return placeCheckoutOrder(submission.value)
}

/** Places the order under the attempt's key; the shop's refusals come back as `checkoutRefusal` words them. */
export function placeCheckoutOrder({ shop, email, attempt, ...order }: Static<(typeof checkoutIntents)['place']> | Static<(typeof sharedCheckoutIntents)['place']>): Promise<PlaceAnswer> {
  return perform('place', () => placeOrder(api, buyerQuery({ shop, email }), order, attempt), checkoutRefusal)
}

/** Saves the cart as a checkout anyone with its link can pay. */
export function shareCheckout({ shop, email, ...checkout }: Static<(typeof checkoutIntents)['share']>): Promise<ShareAnswer> {
  return perform('share', () => createCheckout(api, buyerQuery({ shop, email }), checkout), checkoutRefusal)
}

/**
 * The shop's refusal as the checkout shows it: one message above the buttons (`form`), the lines short of
 * stock by their index in the order (`items.0`), and `discount` when the shop refused the code, which the
 * form then drops. A lost connection says so rather than repeating the browser's words.
 */
export function checkoutRefusal(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.status === null) return { form: 'We could not reach the shop. Check your connection and try again.' }
  const problems: FieldErrors = { form: errorMessage(error) }
  if (!(error instanceof ApiError)) return problems
  if (error.status === 409) {
    for (const problem of error.body?.errors ?? []) {
      const index = /^items\.(\d+)/.exec(problem.path)?.[1]
      if (index !== undefined) problems[`items.${index}`] ??= `Not enough in stock: ${problem.message}.`
    }
  }
  if (error.status === 422) problems.discount = errorMessage(error)
  return problems
}
