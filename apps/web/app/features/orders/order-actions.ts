/**
 * The buyer's writes on an order's page: `cancel-order` while the order may still be canceled, and
 * `retry-payment` back from a pay page that did not take the money. A guest's form sends the order's
 * private key, which the API takes in place of a login. The order pages' clientActions answer them.
 */
import type { Order } from '@shop/domain/schemas/orders'
import { Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'
import { updateOrder } from '../../api/orders/update-order'
import { retryPayment as retryPaymentCall } from '../../api/transactions/retry-payment'
import { api } from '../../lib/api'
import { type ActionAnswer, perform } from '../../lib/route-data'

/** The private link's key, as the link carries it; the API judges whether it opens the order. */
const AccessKey = Type.String({ minLength: 1, maxLength: 100 })

export const orderIntents = {
  'cancel-order': Type.Object({ id: Uuid, key: Type.Optional(AccessKey) }, { additionalProperties: false }),
  'retry-payment': Type.Object({ transaction: Type.String({ minLength: 1, maxLength: 100 }), key: Type.Optional(AccessKey) }, { additionalProperties: false }),
}

export type CancelOrderAnswer = ActionAnswer<'cancel-order', Order>
/** Where to pay the new attempt, or null when the provider has no page to go to. */
export type RetryPaymentAnswer = ActionAnswer<'retry-payment', string | null>

/** Cancels the order as its buyer; the answer is the order as it now is. */
export function cancelOrder({ id, key }: Static<(typeof orderIntents)['cancel-order']>): Promise<CancelOrderAnswer> {
  return perform('cancel-order', () => updateOrder(api, id, 'canceled', key))
}

/** Opens a new attempt to pay, in place of the one that failed. */
export function retryPayment({ transaction, key }: Static<(typeof orderIntents)['retry-payment']>): Promise<RetryPaymentAnswer> {
  return perform('retry-payment', () => retryPaymentCall(api, transaction, key))
}
