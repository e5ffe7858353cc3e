import type { CreatedShop, Shop } from '@shop/domain/schemas/shop'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { Field, FormError } from '../../../components/ui/field'
import { hasErrors } from '../../../lib/form-errors'
import { type ActionAnswer, jsonSubmit, useFetcherDone } from '../../../lib/route-data'
import { useSite } from '../../../lib/use-site'
import { useLeaveAfterSave } from '../hooks/use-leave-after-save'
import { type SlugCheck, useSlugAvailability } from '../hooks/use-slug-availability'
import { useStepErrors } from '../hooks/use-step-errors'
import { addressPromise, shopOrigin, suggestSlug } from '../../../lib/shop-address'
import { SLUG_TAKEN, checkNewShop, checkShopTitle } from '../shop-form'
import { nextPath } from '../steps'
import { StepActions } from './step-actions'

function availabilityText(check: SlugCheck | null): string {
  if (!check) return ''
  switch (check.state) {
    case 'checking':
      return 'Checking whether this address is free…'
    case 'available':
      return `${check.slug} is free.`
    case 'taken':
      return `${check.slug} is already taken.`
    case 'failed':
      return 'We could not check this address; it will be checked when you continue.'
  }
}

const ADDRESS_RULES = 'Lower-case letters, digits and hyphens; it becomes your shop’s web address.'

/** The address field's hint: the rules, or the address, promised only as far as it is known to be free. */
function addressHint(slug: string, origin: string | null, check: SlugCheck | null): ReactNode {
  const promise = origin ? addressPromise(slug, check) : 'none'
  if (promise === 'none') return ADDRESS_RULES
  return promise === 'will-open' ? (
    <>
      Your shop will open at <strong>{origin}</strong>.
    </>
  ) : (
    <>
      Your shop’s address would be <strong>{origin}</strong>, if it is free.
    </>
  )
}

/** What the step's route answers: `create-shop` (from /setup) the new shop, `rename-shop` (coming back) the shop. */
type ShopStepAnswer = ActionAnswer<'create-shop', CreatedShop> | ActionAnswer<'rename-shop', Shop>

/**
 * Step 1: the shop's name and its address (`{slug}.{root domain}`), suggested from the name and checked as
 * the user types; its route creates the shop (`create-shop`). Once the shop exists (coming back to this
 * step) only the name can change (`rename-shop`).
 */
export function ShopStep({ shop }: { shop?: Shop }) {
  const id = useId()
  const { platform } = useSite()
  const [title, setTitle] = useState(shop?.title ?? '')
  const [slug, setSlug] = useState(shop?.slug ?? '')
  const [slugEdited, setSlugEdited] = useState(false)
  const { form, errors, show, clear } = useStepErrors()
  const fetcher = useFetcher<ShopStepAnswer>()
  const [saved, setSaved] = useState(false)
  const availability = useSlugAvailability(shop ? '' : slug)
  const { leave, leaveDialog } = useLeaveAfterSave(shop ? title !== shop.title : title !== '' || slug !== '')

  useFetcherDone(fetcher, (answer) => {
    if (!answer.ok) return show(answer.errors)
    setSaved(true)
    leave(nextPath(answer.data._id, 'shop')!)
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (shop) return rename(shop)
    const { body, errors: found } = checkNewShop({ title, slug })
    if (!found.slug && availability?.state === 'taken') found.slug = SLUG_TAKEN
    if (hasErrors(found)) return show(found)
    void fetcher.submit({ intent: 'create-shop', ...body }, jsonSubmit)
  }

  function rename(existing: Shop) {
    const { body, errors: found } = checkShopTitle(title)
    if (hasErrors(found)) return show(found)
    if (body.title === existing.title) return leave(nextPath(existing._id, 'shop')!)
    void fetcher.submit({ intent: 'rename-shop', ...body }, jsonSubmit)
  }

  const origin = slug ? shopOrigin(platform.url, slug) : null
  return (
    <form ref={form} className="setup-step" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Name your shop</h2>
      <Field name="title" label="Shop name" error={errors.title}>
        {(props) => (
          <input
            {...props}
            type="text"
            maxLength={100}
            autoComplete="organization"
            value={title}
            onChange={(event) => {
              setTitle(event.target.value)
              clear('title')
              if (!shop && !slugEdited) {
                setSlug(suggestSlug(event.target.value))
                clear('slug')
              }
            }}
          />
        )}
      </Field>
      {shop ? (
        <p>
          Your shop’s address is <strong>{origin}</strong>.
        </p>
      ) : (
        <>
          <Field
            name="slug"
            label="Shop address"
            error={errors.slug}
            hint={addressHint(slug, origin, availability)}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                maxLength={40}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                value={slug}
                onChange={(event) => {
                  setSlug(event.target.value.toLowerCase())
                  setSlugEdited(true)
                  clear('slug')
                }}
              />
            )}
          </Field>
          <p className={`setup-slug-status setup-slug-${availability?.state ?? 'none'}`} role="status">
            {availabilityText(availability)}
          </p>
        </>
      )}
      <FormError error={errors.form} />
      <StepActions back={null} next={shop ? 'Next' : 'Create shop'} busy={fetcher.state !== 'idle' || saved} />
      {leaveDialog}
    </form>
  )
}
