/**
 * "Tell me when it's back" under Add to cart, when the product (or any of its variants) is sold out: the
 * shopper picks a sold-out variant when there are several, SMS or e-mail (a logged-in shopper's own
 * pre-filled), and hears once when it is back. Posts to the `stock-alerts` route's action.
 */
import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import type { Availability } from '@shop/domain'
import type { ProductVariant } from '@shop/domain/schemas/catalog'
import { Button } from '../../../components/ui/button'
import { Field, FormError } from '../../../components/ui/field'
import { jsonSubmit } from '../../../lib/route-data'
import { useSite } from '../../../lib/use-site'
import { useSessionUser } from '../../../lib/auth/session'
import { variantLabel } from '../../../lib/variant-label'
import type { SubscribeAnswer } from '../subscribe-answer'

type Props = { productId: string; variants: ProductVariant[]; availability: Availability }

export function BackInStock({ productId, variants, availability }: Props) {
  const { shop } = useSite()
  const soldOut = variants.length ? variants.filter((variant) => variant.availability.level === 'sold-out') : availability.level === 'sold-out' ? [null] : []
  if (soldOut.length === 0 || !shop) return null
  return <BackInStockForm shopId={shop._id} productId={productId} soldOut={soldOut} />
}

function BackInStockForm({ shopId, productId, soldOut }: { shopId: string; productId: string; soldOut: (ProductVariant | null)[] }) {
  const user = useSessionUser()
  const fetcher = useFetcher<SubscribeAnswer>()
  const headingId = useId()
  const [open, setOpen] = useState(false)
  const [variant, setVariant] = useState(soldOut[0]?._id ?? '')
  const [channel, setChannel] = useState<'sms' | 'email'>('sms')
  const [phone, setPhone] = useState('')
  const [email, setEmail] = useState('')
  const answer = fetcher.data
  const errors = answer && !answer.ok ? answer.errors : {}
  const busy = fetcher.state !== 'idle'

  if (answer?.ok) {
    return (
      <p className="back-in-stock-done" role="status">
        {answer.data.message}
      </p>
    )
  }

  const onlyOne = soldOut.length === 1 && soldOut[0]
  return (
    <section className="back-in-stock" aria-labelledby={headingId}>
      <h2 id={headingId} className="back-in-stock-title">
        {onlyOne ? `${variantLabel(onlyOne)} is sold out` : soldOut[0] ? 'Some options are sold out' : 'Sold out'}
      </h2>
      {!open ? (
        <Button
          variant="secondary"
          // It opens a form the page's scripts run: a tap before they have started is replayed once they
          // have (scripts-after-load.ts).
          onClick={() => {
            // A logged-in shopper's own phone and e-mail, read once the page runs in the browser.
            setPhone((current) => current || user?.phone || '')
            setEmail((current) => current || user?.email || '')
            setOpen(true)
          }}
        >
          Tell me when it's back
        </Button>
      ) : (
        <form
          className="back-in-stock-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void fetcher.submit(
              {
                intent: 'subscribe',
                shop: shopId,
                product: productId,
                ...(variant ? { variant } : {}),
                ...(channel === 'sms' ? { phone: phone.trim() } : { email: email.trim() }),
              },
              { ...jsonSubmit, action: '/stock-alerts' },
            )
          }}
        >
          {soldOut.length > 1 && (
            <Field name="variant" label="Which one?" error={errors.variant}>
              {(control) => (
                <select {...control} value={variant} onChange={(event) => setVariant(event.target.value)}>
                  {soldOut.map((option) => option && <option key={option._id} value={option._id}>{variantLabel(option)}</option>)}
                </select>
              )}
            </Field>
          )}
          <fieldset className="back-in-stock-channel">
            <legend>Tell me by</legend>
            <label className="variant-option">
              <input type="radio" name="channel" checked={channel === 'sms'} onChange={() => setChannel('sms')} /> SMS
            </label>
            <label className="variant-option">
              <input type="radio" name="channel" checked={channel === 'email'} onChange={() => setChannel('email')} /> E-mail
            </label>
          </fieldset>
          {channel === 'sms' ? (
            <Field name="phone" label="Your phone number" error={errors.phone}>
              {(control) => <input {...control} type="tel" autoComplete="tel" inputMode="tel" value={phone} onChange={(event) => setPhone(event.target.value)} placeholder="024 412 3456" />}
            </Field>
          ) : (
            <Field name="email" label="Your e-mail" error={errors.email}>
              {(control) => <input {...control} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
            </Field>
          )}
          <FormError error={errors.form} />
          <p className="field-hint">One message when it is back, with a link to stop it. Nothing else.</p>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Sending…' : 'Tell me when it\'s back'}
          </Button>
        </form>
      )}
    </section>
  )
}
