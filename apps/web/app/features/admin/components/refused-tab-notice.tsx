import { type StaffRole, tabAudience } from '@shop/domain'
import { useSearchParams } from 'react-router'
import { REFUSED_TAB_PARAM, refusedTab } from '../../../lib/admin-tabs'

/**
 * Someone sent away from a tab their role does not see (docs/product.md §6) learns who it is for, from the role
 * table: "Settings is for administrators and owners. Your role here is keeper."
 */
export function RefusedTabNotice({ role }: { role: StaffRole }) {
  const [params, setParams] = useSearchParams()
  const tab = refusedTab(params)
  if (!tab) return null
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(REFUSED_TAB_PARAM)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  return (
    <div className="alert admin-refused" role="alert">
      <span>
        {tabAudience(tab)} Your role here is {role}.
      </span>
      <button type="button" className="alert-dismiss" onClick={dismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  )
}
