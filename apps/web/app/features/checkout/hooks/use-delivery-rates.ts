import { useEffect, useState } from 'react'
import { api, errorMessage } from '../../../lib/api'
import type { DeliveryRateOption } from '../../../types/api'
import { type DeliveryItem, calculateDelivery } from '../../../api/delivery/calculate-delivery'

type State = { region: string; rates: DeliveryRateOption[] | null; error: string | null }

/** The shop's rates for the chosen region (`/delivery/calculate`); null while loading or with no region. */
export function useDeliveryRates(shopId: string, region: string, items: DeliveryItem[]) {
  const [state, setState] = useState<State>({ region: '', rates: null, error: null })
  const [attempt, setAttempt] = useState(0)
  const itemsKey = JSON.stringify(items)

  useEffect(() => {
    if (!region) return
    const controller = new AbortController()
    // Same region, other items: keep showing the rates while they are checked again.
    setState((previous) => ({ region, rates: previous.region === region ? previous.rates : null, error: null }))
    calculateDelivery(api, { shop: shopId, region, items: JSON.parse(itemsKey) as DeliveryItem[] }, controller.signal).then(
      (rates) => setState({ region, rates, error: null }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setState({ region, rates: null, error: errorMessage(failure) })
      },
    )
    return () => controller.abort()
  }, [shopId, region, itemsKey, attempt])

  const current = state.region === region ? state : { region, rates: null, error: null }
  return { rates: region ? current.rates : null, error: region ? current.error : null, retry: () => setAttempt((n) => n + 1) }
}
