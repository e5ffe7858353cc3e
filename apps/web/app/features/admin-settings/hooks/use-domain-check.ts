import { useState } from 'react'
import { useFetcher } from 'react-router'
import type { ShopDomain } from '@shop/domain/schemas/shop'
import { useToast } from '../../../components/ui/toast'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'

/**
 * "Check now" for one custom domain (the page's `check-domain` intent, one fetcher per domain): whether it
 * is under way, and why it could not run. The result shows once the page's settings have reloaded.
 */
export function useDomainCheck(domain: string) {
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'check-domain', ShopDomain>>()
  /** The call itself failed (too many checks, another shop verified it, no network), not the check. */
  const [failure, setFailure] = useState<string | null>(null)
  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return setFailure(problemOf(answer.errors))
    if (answer.data.status === 'verified') toast(`${domain} is verified`)
  })

  function check() {
    setFailure(null)
    void fetcher.submit({ intent: 'check-domain', domain }, jsonSubmit)
  }

  return { checking: fetcher.state !== 'idle', failure, check }
}
