import type { Region } from '@shop/domain/schemas/delivery'
import type { Shop } from '@shop/domain/schemas/shop'
import { Field } from './ui/field'
import { RegionSelect } from './region-select'
import { formatMoney } from '../lib/money'
import type { DeliveryField } from '../lib/delivery-details'
import type { DeliveryDraftState } from '../lib/use-delivery-draft'

type Props = {
  /** Prefix of the controls' ids (`{idPrefix}-region`, `-rate`, `-address`), to focus the first problem. */
  idPrefix: string
  regions: Region[]
  /** What the shop offers, and where pick-up happens. */
  shop: PickupShop
  /** The delivery being chosen, with its region's rates (`useDeliveryDraft`). */
  delivery: DeliveryDraftState
  errors: Partial<Record<DeliveryField, string>>
}

export type PickupShop = Pick<Shop, 'offersPickup' | 'offersDelivery' | 'pickupAddress' | 'pickupDirections' | 'pickupHours'>

/** "Pick up at 14 Oxford Street", its directions and opening hours: what a buyer needs to collect an order. */
export function PickupPlace({ shop }: { shop: PickupShop }) {
  if (!shop.pickupAddress) return <p className="pickup-place">Pick up from the shop</p>
  return (
    <div className="pickup-place">
      <p>
        Pick up at <strong>{shop.pickupAddress}</strong>
      </p>
      {shop.pickupDirections && <p className="hint">{shop.pickupDirections}</p>}
      {shop.pickupHours && <p className="hint">Open: {shop.pickupHours}</p>}
    </div>
  )
}

/**
 * Pick-up or delivery, as the shop offers them (one offered: no choice), and for delivery the region, the
 * rate and the address (the phone is the buyer's contact).
 */
export function DeliveryFields({ idPrefix, regions, shop, delivery, errors }: Props) {
  const id = idPrefix
  const { draft, update: onChange, rates, ratesError, retryRates: onRetryRates } = delivery
  return (
    <>
      <div className="choice-list">
        {shop.offersPickup && (
        <label className="choice">
          <input
            type="radio"
            name="delivery"
            value="pick-up"
            checked={draft.type === 'pick-up'}
            onChange={() => onChange({ type: 'pick-up' })}
          />
          <span>
            <strong>Pick up</strong>
            {shop.pickupAddress ? ` at ${shop.pickupAddress}` : ' from the shop'}: free
          </span>
        </label>
        )}
        {shop.offersDelivery && (
        <label className="choice">
          <input
            type="radio"
            name="delivery"
            value="dispatch"
            checked={draft.type === 'dispatch'}
            onChange={() => onChange({ type: 'dispatch' })}
          />
          <span>
            <strong>Delivery</strong> to your address
          </span>
        </label>
        )}
      </div>
      {draft.type === 'pick-up' ? (
        <PickupPlace shop={shop} />
      ) : (
        <>
          <Field name="region" id={`${id}-region`} label="Region" error={errors.region}>
            {(props) => <RegionSelect {...props} regions={regions} value={draft.region} placeholder="Choose your region" onChange={(region) => onChange({ region })} />}
          </Field>
          {draft.region && (
            <fieldset className="field rates" aria-describedby={errors.rate ? `${id}-rate-error` : undefined}>
              <legend>Delivery rate</legend>
              {ratesError ? (
                <div className="inline-alert" role="alert">
                  {ratesError}{' '}
                  <button type="button" className="link-button" onClick={onRetryRates}>
                    Try again
                  </button>
                </div>
              ) : rates === null ? (
                <p className="hint" role="status">
                  Finding delivery rates…
                </p>
              ) : rates.length === 0 ? (
                <p className="hint">{shop.offersPickup ? 'This shop does not deliver to this region yet. Choose pick-up or another region.' : 'This shop does not deliver to this region yet. Choose another region.'}</p>
              ) : (
                <div className="choice-list" id={`${id}-rate`} tabIndex={-1}>
                  {rates.map((option) => (
                    <label key={option._id} className="choice">
                      <input
                        type="radio"
                        name="rate"
                        value={option._id}
                        checked={draft.rate === option._id}
                        onChange={() => onChange({ rate: option._id })}
                      />
                      <span>
                        <strong>{option.name}</strong>: {formatFee(option.fee.value, option.fee.currency)}
                        <span className="choice-note">
                          {option.paymentOption === 'instant' ? 'Paid with your order' : 'Paid to the rider on delivery'}
                          {option.estimatedDays !== null &&
                            ` · ${option.estimatedDays <= 1 ? 'about a day' : `about ${option.estimatedDays} days`}`}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              )}
              {errors.rate && (
                <p id={`${id}-rate-error`} className="field-error">
                  {errors.rate}
                </p>
              )}
            </fieldset>
          )}
          <Field name="address" id={`${id}-address`} label="Delivery address" error={errors.address}>
            {(props) => (
              <textarea
                {...props}
                rows={3}
                maxLength={500}
                autoComplete="street-address"
                value={draft.address}
                onChange={(event) => onChange({ address: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
    </>
  )
}

function formatFee(value: number, currency: string): string {
  return value === 0 ? 'free' : formatMoney(value, currency)
}
