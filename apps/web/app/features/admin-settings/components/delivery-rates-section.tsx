import { useState } from 'react'
import { LoadError } from '../../../components/load-error'
import { Button } from '../../../components/ui/button'
import { formatMoney } from '../../../lib/money'
import { useApiData } from '../../../lib/use-api-data'
import { listDeliveryRates } from '../../../api/delivery/list-delivery-rates'
import { listRegions } from '../../../api/delivery/list-regions'
import type { ReportDirty } from '../hooks/use-dirty-forms'
import { regionSummary } from '../rate-form'
import type { DeliveryRate } from '../types'
import { RateForm } from './rate-form'
import { SettingsSection } from './settings-section'
import { api } from '../../../lib/api'

const paymentOptionText: Record<DeliveryRate['paymentOption'], string> = {
  instant: 'paid with the order',
  'on-delivery': 'paid on delivery',
}

type DeliveryRatesSectionProps = { shopId: string; currency: string; reportDirty: ReportDirty }

/** The shop's delivery rates by region (DESIGN §8), inactive ones included, with a form to add or edit one. */
export function DeliveryRatesSection({ shopId, currency, reportDirty }: DeliveryRatesSectionProps) {
  const rates = useApiData(`delivery-rates/${shopId}`, () => listDeliveryRates(api, { client: shopId, active: 'all', $limit: 100 }))
  const regions = useApiData('regions/GH', () => listRegions(api))
  const [editing, setEditing] = useState<DeliveryRate | 'new' | null>(null)

  const error = rates.error ?? regions.error
  const allRegions = regions.data
  return (
    <SettingsSection id="rates" title="Delivery rates" intro="What delivery costs in each region, and when the buyer pays it.">
      {error ? (
        <LoadError
          error={error}
          onRetry={() => {
            rates.reload()
            regions.reload()
          }}
        />
      ) : !rates.data || !allRegions ? (
        <p className="loading" role="status">
          Loading the delivery rates…
        </p>
      ) : (
        <>
          {rates.data.data.length === 0 ? (
            <p>No delivery rates yet: buyers can only pick up their orders.</p>
          ) : (
            <ul className="settings-list">
              {rates.data.data.map((rate) => (
                <li key={rate._id}>
                  <div className="settings-item-main">
                    <strong>
                      {rate.name} {!rate.active && <span className="tag tag-out">Inactive</span>}
                    </strong>
                    <span className="settings-item-detail">
                      {formatMoney(rate.rate.value, rate.rate.currency)}, {paymentOptionText[rate.paymentOption]}
                      {rate.estimatedDays !== null && ` · about ${rate.estimatedDays} day${rate.estimatedDays === 1 ? '' : 's'}`}
                    </span>
                    <span className="settings-item-detail">{regionSummary(rate.regions, allRegions)}</span>
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
              regions={allRegions}
              rate={editing === 'new' ? null : editing}
              reportDirty={reportDirty}
              onSaved={() => {
                setEditing(null)
                rates.reload()
              }}
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
