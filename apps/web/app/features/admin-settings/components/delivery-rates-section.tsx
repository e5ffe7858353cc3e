import { useState } from 'react'
import { useRevalidator } from 'react-router'
import type { DeliveryRate, Region } from '@shop/domain/schemas/delivery'
import type { Page } from '@shop/domain/schemas/wire'
import { LoadError } from '../../../components/load-error'
import { Button } from '../../../components/ui/button'
import { formatMoney } from '../../../lib/money'
import type { Settled } from '../../../lib/route-data'
import type { ReportDirty } from '../hooks/use-dirty-forms'
import { regionSummary } from '../rate-form'
import { RateForm } from './rate-form'
import { SettingsSection } from './settings-section'

const paymentOptionText: Record<DeliveryRate['paymentOption'], string> = {
  instant: 'paid with the order',
  'on-delivery': 'paid on delivery',
}

type DeliveryRatesSectionProps = {
  shopId: string
  currency: string
  rates: Settled<Page<DeliveryRate>>
  regions: Settled<Region[]>
  reportDirty: ReportDirty
}

/** The shop's delivery rates by region (docs/architecture.md §8), inactive ones included, with a form to add or edit one. */
export function DeliveryRatesSection({ shopId, currency, rates, regions, reportDirty }: DeliveryRatesSectionProps) {
  const revalidator = useRevalidator()
  const [editing, setEditing] = useState<DeliveryRate | 'new' | null>(null)
  return (
    <SettingsSection id="rates" title="Delivery rates" intro="What delivery costs in each region, and when the buyer pays it.">
      {!rates.ok || !regions.ok ? (
        <LoadError error={rates.ok ? (regions.ok ? null : regions.error) : rates.error} onRetry={() => void revalidator.revalidate()} />
      ) : (
        <>
          {rates.value.data.length === 0 ? (
            <p>No delivery rates yet: buyers can only pick up their orders.</p>
          ) : (
            <ul className="settings-list">
              {rates.value.data.map((rate) => (
                <li key={rate._id}>
                  <div className="settings-item-main">
                    <strong>
                      {rate.name} {!rate.active && <span className="tag tag-out">Inactive</span>}
                    </strong>
                    <span className="settings-item-detail">
                      {formatMoney(rate.rate.value, rate.rate.currency)}, {paymentOptionText[rate.paymentOption]}
                      {rate.estimatedDays !== null && ` · about ${rate.estimatedDays} day${rate.estimatedDays === 1 ? '' : 's'}`}
                    </span>
                    <span className="settings-item-detail">{regionSummary(rate.regions, regions.value)}</span>
                  </div>
                  <Button variant="secondary" onClick={() => setEditing(rate)} disabled={editing !== null}>
                    Edit<span className="visually-hidden"> {rate.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {editing ? (
            <RateForm
              key={editing === 'new' ? 'new' : editing._id}
              shopId={shopId}
              currency={currency}
              regions={regions.value}
              rate={editing === 'new' ? null : editing}
              reportDirty={reportDirty}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <div className="form-actions">
              <Button variant="secondary" onClick={() => setEditing('new')}>
                Add a delivery rate
              </Button>
            </div>
          )}
        </>
      )}
    </SettingsSection>
  )
}
