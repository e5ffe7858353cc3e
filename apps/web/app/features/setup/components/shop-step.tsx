import { shopPatchBody, type Shop } from '@shop/domain/schemas/shop'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Field, FormError } from '../../../components/ui/field'
import { hasErrors, serverFieldErrors, validate } from '../../../lib/form-errors'
import { useSite } from '../../../lib/use-site'
import { createShop } from '../../../api/shops/create-shop'
import { updateShop } from '../../../api/shops/update-shop'
import { useLeaveAfterSave } from '../hooks/use-leave-after-save'
import { type SlugCheck, useSlugAvailability } from '../hooks/use-slug-availability'
import { useStepErrors } from '../hooks/use-step-errors'
import { addressPromise, shopOrigin, suggestSlug } from '../../../lib/shop-address'
import { checkNewShop } from '../shop-form'
import { nextPath } from '../steps'
import { StepActions } from './step-actions'
import { api } from '../../../lib/api'

const TAKEN = 'This address is already taken; choose another'

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

/**
 * Step 1: the shop's name and its address (`{slug}.{root domain}`), suggested from the name and checked as
 * the user types. Once the shop exists (coming back to this step) only the name can change.
 */
export function ShopStep({ shop }: { shop?: Shop }) {
  const id = useId()
  const { platform } = useSite()
  const [title, setTitle] = useState(shop?.title ?? '')
  const [slug, setSlug] = useState(shop?.slug ?? '')
  const [slugEdited, setSlugEdited] = useState(false)
  const { form, errors, show, clear } = useStepErrors()
  const [busy, setBusy] = useState(false)
  const availability = useSlugAvailability(shop ? '' : slug)
  const leave = useLeaveAfterSave(shop ? title !== shop.title : title !== '' || slug !== '')

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (shop) return rename(shop)
    const { body, errors: found } = checkNewShop({ title, slug })
    if (!found.slug && availability?.state === 'taken') found.slug = TAKEN
    if (hasErrors(found)) return show(found)
    setBusy(true)
    try {
      const created = await createShop(api, body)
      leave(nextPath(created._id, 'shop')!)
    } catch (failure) {
      const found = serverFieldErrors(failure, ['title', 'slug'])
      show(found.slug === 'Is already taken' ? { ...found, slug: TAKEN } : found)
      setBusy(false)
    }
  }

  async function rename(existing: Shop) {
    const body = { title: title.trim() }
    const found = validate(shopPatchBody, body)
    if (hasErrors(found)) return show(found)
    setBusy(true)
    try {
      if (body.title !== existing.title) await updateShop(api, existing._id, body)
      leave(nextPath(existing._id, 'shop')!)
    } catch (failure) {
      show(serverFieldErrors(failure, ['title']))
      setBusy(false)
    }
  }

  const origin = slug ? shopOrigin(platform.url, slug) : null
  return (
    <form ref={form} className="setup-step" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-title`}>
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
      <StepActions back={null} next={shop ? 'Next' : 'Create shop'} busy={busy} />
    </form>
  )
}
