import { formatShortDate } from '@shop/domain'
import type { PayoutPayment, PayoutSettlement, PayoutSettlements } from '@shop/domain/schemas/payments'
import type { Money, Page } from '@shop/domain/schemas/wire'
import { useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { listPayoutPayments } from '../../../api/payouts/list-payout-payments'
import { listPayoutSettlements } from '../../../api/payouts/list-payout-settlements'
import { LoadError } from '../../../components/load-error'
import { Button } from '../../../components/ui/button'
import { api } from '../../../lib/api'
import { formatMoney } from '../../../lib/money'
import type { Settled } from '../../../lib/route-data'
import { useApiData } from '../../../lib/use-api-data'
import { SettingsSection } from './settings-section'

type Props = { shopId: string; settlements: Settled<PayoutSettlements>; payments: Settled<Page<PayoutPayment>> }

const settlementStates: Record<PayoutSettlement['status'], string> = {
  success: 'Paid',
  processing: 'On its way',
  pending: 'Waiting to be paid',
  failed: 'Failed: Paystack will try again',
}

const money = (amount: Money) => formatMoney(amount.value, amount.currency)

/**
 * The shop's payouts (decision 58): what Paystack paid into its payout account, newest first, and what each
 * order paid online and what the shop kept of it. The first page of each comes with the page; older ones
 * load here.
 */
export function PayoutsSection({ shopId, settlements, payments }: Props) {
  const revalidator = useRevalidator()
  const [page, setPage] = useState(1)
  const [skip, setSkip] = useState(0)
  const olderSettlements = useApiData(page > 1 ? `payout-settlements/${shopId}/${page}` : null, () => listPayoutSettlements(api, shopId, page))
  const morePayments = useApiData(skip > 0 ? `payout-payments/${shopId}/${skip}` : null, () => listPayoutPayments(api, shopId, skip))
  const settled: Settled<PayoutSettlements> | null =
    page === 1 ? settlements : olderSettlements.data ? { ok: true, value: olderSettlements.data } : olderSettlements.error ? { ok: false, error: olderSettlements.error } : null
  const paid: Settled<Page<PayoutPayment>> | null =
    skip === 0 ? payments : morePayments.data ? { ok: true, value: morePayments.data } : morePayments.error ? { ok: false, error: morePayments.error } : null

  return (
    <SettingsSection id="payouts" title="Payouts" intro="What Paystack paid into your payout account, and what each order paid you online.">
      <h3 className="payouts-heading">Paid to your account</h3>
      {settled === null ? (
        <p className="loading" role="status">
          Loading payouts…
        </p>
      ) : !settled.ok ? (
        <LoadError error={settled.error} onRetry={() => (page === 1 ? void revalidator.revalidate() : olderSettlements.reload())} />
      ) : settled.value.data.length === 0 ? (
        <p>No payouts yet. Paystack pays your online sales into your payout account, usually the next working day.</p>
      ) : (
        <>
          <ul className="settings-list">
            {settled.value.data.map((settlement) => (
              <li key={settlement._id}>
                <div className="settings-item-main">
                  <strong>
                    {money(settlement.amount)} · {settlementStates[settlement.status]}
                  </strong>
                  <span className="settings-item-detail">
                    {settlement.settledAt ? `${formatShortDate(new Date(settlement.settledAt))} · ` : ''}
                    {money(settlement.processed)} of payments, {money(settlement.fees)} in fees
                  </span>
                </div>
              </li>
            ))}
          </ul>
          {settled.value.pageCount > 1 && (
            <div className="form-actions">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer payouts
              </Button>
              <Button variant="secondary" disabled={page >= settled.value.pageCount} onClick={() => setPage(page + 1)}>
                Older payouts
              </Button>
            </div>
          )}
        </>
      )}

      <h3 className="payouts-heading">Orders paid online</h3>
      {paid === null ? (
        <p className="loading" role="status">
          Loading payments…
        </p>
      ) : !paid.ok ? (
        <LoadError error={paid.error} onRetry={() => (skip === 0 ? void revalidator.revalidate() : morePayments.reload())} />
      ) : paid.value.data.length === 0 ? (
        <p>No orders paid online yet.</p>
      ) : (
        <>
          <ul className="settings-list">
            {paid.value.data.map((payment) => (
              <li key={payment.transaction}>
                <div className="settings-item-main">
                  <strong>
                    <Link to={`/admin/orders?order=${payment.order}`}>Order {payment.orderId}</Link> · {money(payment.amount)}
                  </strong>
                  <span className="settings-item-detail">
                    {payment.net ? `You get ${money(payment.net)}` : 'Paid before your payout account was set up'}
                    {payment.paystackFee ? ` · Paystack fee ${money(payment.paystackFee)}` : ''}
                    {payment.platformFee ? ` · platform fee ${money(payment.platformFee)}` : ''}
                    {` · ${formatShortDate(new Date(payment.paidAt))}`}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          {paid.value.total > paid.value.limit && (
            <div className="form-actions">
              <Button variant="secondary" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - paid.value.limit))}>
                Newer orders
              </Button>
              <Button variant="secondary" disabled={skip + paid.value.limit >= paid.value.total} onClick={() => setSkip(skip + paid.value.limit)}>
                Older orders
              </Button>
            </div>
          )}
        </>
      )}
    </SettingsSection>
  )
}
