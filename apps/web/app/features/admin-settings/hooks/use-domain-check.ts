import { useState } from 'react'
import { useToast } from '../../../components/ui/toast'
import { api, errorMessage } from '../../../lib/api'
import { checkDomain } from '../../../api/shop-configs/check-domain'
import type { ShopDomain } from '../types'

/** "Check now" for one custom domain: the call, whether it is under way, and why it could not run. */
export function useDomainCheck(shopId: string, domain: string, onChecked: (checked: ShopDomain) => void) {
  const toast = useToast()
  const [checking, setChecking] = useState(false)
  /** The call itself failed (too many checks, another shop verified it, no network), not the check. */
  const [failure, setFailure] = useState<string | null>(null)

  async function check() {
    setChecking(true)
    setFailure(null)
    try {
      const checked = await checkDomain(api, shopId, domain)
      onChecked(checked)
      if (checked.status === 'verified') toast(`${domain} is verified`)
    } catch (error) {
      setFailure(errorMessage(error))
    } finally {
      setChecking(false)
    }
  }

  return { checking, failure, check }
}
