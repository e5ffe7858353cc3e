import type { Customer } from '@shop/domain/schemas/customers'
import { useEffect, useState } from 'react'
import { listCustomers } from '../../../api/customers/list-customers'
import { api } from '../../../lib/api'
import { LOOKUP_DEBOUNCE_MS, LOOKUP_LIMIT } from '../customer-lookup'

export type CustomerLookup = { text: string; state: 'looking' | 'found' | 'failed'; customers: Customer[] }

/**
 * The shop's customers matching what staff type (null: nothing worth asking), asked once typing pauses;
 * an answer for older text is dropped, so the matches always belong to the text in the field.
 */
export function useCustomerLookup(shopId: string, text: string | null): CustomerLookup | null {
  const [lookup, setLookup] = useState<CustomerLookup | null>(null)

  useEffect(() => {
    if (text === null) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      listCustomers(api, { shop: shopId, q: text, $limit: LOOKUP_LIMIT }, controller.signal).then(
        (page) => setLookup({ text, state: 'found', customers: page.data.slice(0, LOOKUP_LIMIT) }),
        () => !controller.signal.aborted && setLookup({ text, state: 'failed', customers: [] }),
      )
    }, LOOKUP_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [shopId, text])

  if (text === null) return null
  return lookup?.text === text ? lookup : { text, state: 'looking', customers: [] }
}
