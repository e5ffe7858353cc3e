/**
 * Where the product page's "Tell me when it's back" form posts (intent `subscribe`): the alert is made by
 * the API, which checks the phone with the domain's rules. No page of its own.
 */
import { createStockAlert } from '../api/stock-alerts/create-stock-alert'
import { api } from '../lib/api'
import type { SubscribeAnswer } from '../features/stock-alerts/subscribe-answer'
import { perform, readSubmission } from '../lib/route-data'
import type { Route } from './+types/stock-alerts'

/** Nothing to show at this address. */
export function loader(): never {
  throw new Response('Not found', { status: 404 })
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export async function clientAction({ request }: Route.ClientActionArgs): Promise<SubscribeAnswer> {
  const { intent, shop, product, variant, channel, contact } = await readSubmission(request)
  if (intent !== 'subscribe') throw new Response(`Unknown intent ${intent}`, { status: 400 })
  const to = text(contact).trim()
  const input = {
    shop: text(shop),
    product: text(product),
    ...(text(variant) ? { variant: text(variant) } : {}),
    ...(channel === 'email' ? { email: to } : { phone: to }),
  }
  return perform('subscribe', () => createStockAlert(api, input), ['phone', 'email', 'variant'])
}
