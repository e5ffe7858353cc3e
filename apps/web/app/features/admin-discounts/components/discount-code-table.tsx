import { Button } from '../../../components/ui/button'
import { codeState, discountValueLabel, lastDayLabel, minSubtotalLabel, usageLabel } from '../discount-code-display'
import type { DiscountCode } from '../types'

type DiscountCodeTableProps = {
  codes: DiscountCode[]
  currency: string
  /** The code whose change is on its way: its buttons wait. */
  busyId: string | null
  onEdit: (code: DiscountCode) => void
  onToggleActive: (code: DiscountCode) => void
}

/** The shop's codes; on a narrow screen the table scrolls sideways inside its frame. */
export function DiscountCodeTable({ codes, currency, busyId, onEdit, onToggleActive }: DiscountCodeTableProps) {
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
          {codes.map((code) => {
            const state = codeState(code)
            const busy = busyId === code._id
            return (
              <tr key={code._id}>
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
                    <Button variant="ghost" onClick={() => onToggleActive(code)} disabled={busy}>
                      {code.active ? 'Deactivate' : 'Activate'}
                      <span className="visually-hidden"> {code.code}</span>
                    </Button>
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
