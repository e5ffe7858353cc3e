import { useEffect, useState } from 'react'
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import { api, errorMessage } from './api'
import { type DeliveryItem, calculateDelivery } from '../api/delivery/calculate-delivery'

/** The last answer, for the request it belongs to. */
type State = { request: string; region: string; rates: DeliveryRateOption[] | null; error: string | null }

/**
 * The shop's rates for the chosen region (`/delivery/calculate`); null while loading or with no region.
 * `known`: a region's rates the server already found, shown until the browser asks again.
 */
export function useDeliveryRates(shopId: string, region: string, items: DeliveryItem[], known?: { region: string; rates: DeliveryRateOption[] }) {
  const [state, setState] = useState<State>(() => ({ request: '', region: known?.region ?? '', rates: known?.rates ?? null, error: null }))
  const [attempt, setAttempt] = useState(0)
  const itemsKey = JSON.stringify(items)
  const request = `${region}|${itemsKey}|${attempt}`

  useEffect(() => {
    if (!region) return
    const controller = new AbortController()
    const request = `${region}|${itemsKey}|${attempt}`
    calculateDelivery(api, { shop: shopId, region, items: JSON.parse(itemsKey) as DeliveryItem[] }, controller.signal).then(
      (rates) => setState({ request, region, rates, error: null }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setState({ request, region, rates: null, error: errorMessage(failure) })
      },
    )
    return () => controller.abort()
  }, [shopId, region, itemsKey, attempt])

  // Same region, other items: the rates stay shown while they are checked again; an error only with its request.
  const current = state.region === region ? { rates: state.rates, error: state.request === request ? state.error : null } : { rates: null, error: null }
  return { rates: region ? current.rates : null, error: region ? current.error : null, retry: () => setAttempt((n) => n + 1) }
}
