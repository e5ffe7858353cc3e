/**
 * Where the product page's "Tell me when it's back" form posts (intent `subscribe`): the alert is made by
 * the API, which checks the phone with the domain's rules. No page of its own.
 */
import { StockAlertBody } from '@shop/domain/schemas/stock-alerts'
import { createStockAlert } from '../api/stock-alerts/create-stock-alert'
import { api } from '../lib/api'
import type { SubscribeAnswer } from '../features/stock-alerts/subscribe-answer'
import { perform } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/stock-alerts'

/** Nothing to show at this address. */
export function loader(): never {
  throw new Response('Not found', { status: 404 })
}

/** The form sends the domain's request as it is: the shop, the product, its variant and one way to reach the shopper. */
const intents = { subscribe: StockAlertBody }

export async function clientAction({ request }: Route.ClientActionArgs): Promise<SubscribeAnswer> {
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  return perform('subscribe', () => createStockAlert(api, submission.value), ['phone', 'email', 'variant'])
}
