import { useFetcher } from 'react-router'
import type { DiscountCode } from '@shop/domain/schemas/discount-code'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { type ActionAnswer, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { codeState, discountValueLabel, lastDayLabel, minSubtotalLabel, usageLabel } from '../discount-code-display'

type DiscountCodeTableProps = {
  codes: DiscountCode[]
  currency: string
  onEdit: (code: DiscountCode) => void
}

/** The shop's codes; on a narrow screen the table scrolls sideways inside its frame. */
export function DiscountCodeTable({ codes, currency, onEdit }: DiscountCodeTableProps) {
  return (
    <div className="admin-table-wrap discount-code-table-wrap" role="region" aria-labelledby="discount-codes-caption" tabIndex={0}>
      <table className="admin-table discount-code-table">
        <caption id="discount-codes-caption" className="visually-hidden">
          Discount codes, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Discount</th>
            <th scope="col">Minimum subtotal</th>
            <th scope="col">Last day</th>
            <th scope="col">Used / limit</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <DiscountCodeRow key={code._id} code={code} currency={currency} onEdit={onEdit} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * One code with its buttons. (De)activating is the page's `set-active` intent, submitted in place with this
 * row's own fetcher, so several rows can change at once; the list then reloads.
 */
function DiscountCodeRow({ code, currency, onEdit }: { code: DiscountCode; currency: string; onEdit: (code: DiscountCode) => void }) {
  const toast = useToast()
  const fetcher = useFetcher<ActionAnswer<'set-active', DiscountCode>>()
  // This code's change is on its way: its buttons wait.
  const busy = fetcher.state !== 'idle'
  useFetcherDone(fetcher, (answer) => {
    if (answer.ok) toast(`${answer.data.code} ${answer.data.active ? 'activated' : 'deactivated'}`)
    else toast(`${code.code} could not be changed: ${problemOf(answer.errors)}`, 'error')
  })
  const state = codeState(code)
  return (
    <tr>
      <th scope="row" className="discount-code-name">
        {code.code}
      </th>
      <td>{discountValueLabel(code, currency)}</td>
      <td>{minSubtotalLabel(code.minSubtotal, currency)}</td>
      <td>{code.expiresOn === null ? lastDayLabel(null) : <time dateTime={code.expiresOn}>{lastDayLabel(code.expiresOn)}</time>}</td>
      <td>{usageLabel(code)}</td>
      <td>
        <span className={`discount-state discount-state-${state.toLowerCase().replace(' ', '-')}`}>{state}</span>
      </td>
      <td>
        <div className="discount-code-actions">
          <Button variant="secondary" onClick={() => onEdit(code)} disabled={busy}>
            Edit<span className="visually-hidden"> {code.code}</span>
          </Button>
          <Button
            variant="ghost"
            onClick={() => void fetcher.submit({ intent: 'set-active', id: code._id, active: !code.active }, jsonSubmit)}
            disabled={busy}
          >
            {code.active ? 'Deactivate' : 'Activate'}
            <span className="visually-hidden"> {code.code}</span>
          </Button>
        </div>
      </td>
    </tr>
  )
}
