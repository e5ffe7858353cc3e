import type { Shop, ShopLogo, SocialSite, shopPatchBody } from '@shop/domain/schemas/shop'
import type { Static } from 'typebox'
import { socialNames } from './social-icon'
import { Field } from './ui/field'
import type { FieldErrors } from '../lib/form-errors'
import { ShopProfileLogo } from './shop-profile-logo'

export type ShopPatch = Static<typeof shopPatchBody>

export const socialSites = ['facebook', 'instagram', 'twitter'] as const satisfies readonly SocialSite[]

/** The profile a shop shows everywhere: what the Site tab and the setup wizard both edit. */
export type ShopProfileValues = {
  tagline: string
  about: string
  logo: ShopLogo
  /** One address per site; empty for none. */
  socials: Record<SocialSite, string>
  /** The WhatsApp number shoppers can chat with; empty for none. */
  whatsapp: string
}

export function profileValues(shop: Shop): ShopProfileValues {
  const url = (site: SocialSite) => shop.socials.find((social) => social.site === site)?.url ?? ''
  return {
    tagline: shop.tagline,
    about: shop.about,
    logo: shop.logo,
    socials: { facebook: url('facebook'), instagram: url('instagram'), twitter: url('twitter') },
    whatsapp: shop.whatsapp,
  }
}

/**
 * The profile part of `PATCH /api/shops/{id}`: trimmed text, and only the social sites with an address
 * (as typed: the API adds `https://` to `instagram.com/yourshop`).
 */
export function profileBody(values: ShopProfileValues): Pick<ShopPatch, 'tagline' | 'about' | 'logo' | 'socials' | 'whatsapp'> {
  return {
    tagline: values.tagline.trim(),
    about: values.about.trim(),
    logo: values.logo && { url: values.logo.url, thumbnail: values.logo.thumbnail },
    socials: socialSites.flatMap((site) => {
      const url = values.socials[site].trim()
      return url ? [{ site, url }] : []
    }),
    whatsapp: values.whatsapp.trim(),
  }
}

/**
 * Errors of a body (the browser's or the API's) keyed by the form's fields: `socials.1.url` names the
 * second social link *sent*, which is the field `socials.instagram` when facebook was left empty, and
 * `logo.url` or `logo.thumbnail` belong to the one logo field.
 */
export function profileFieldErrors(errors: FieldErrors, body: Pick<ShopPatch, 'socials'>): FieldErrors {
  const result: FieldErrors = {}
  for (const [path, message] of Object.entries(errors)) {
    const match = /^socials\.(\d+)(?:\.|$)/.exec(path)
    const site = match ? body.socials?.[Number(match[1])]?.site : undefined
    const field = site ? `socials.${site}` : path.startsWith('logo.') ? 'logo' : path
    result[field] ??= message
  }
  return result
}

type ShopProfileFieldsProps = {
  /** The shop the logo is uploaded to. */
  shopId: string
  values: ShopProfileValues
  errors: FieldErrors
  /** The new values and the name of the field that changed (its error clears). */
  onChange: (values: ShopProfileValues, field: string) => void
  onUploadingChange: (uploading: boolean) => void
}

/** Tagline, about text, logo, social links and WhatsApp number, as fields of the caller's form. */
export function ShopProfileFields({ shopId, values, errors, onChange, onUploadingChange }: ShopProfileFieldsProps) {
  const set = <K extends keyof ShopProfileValues>(key: K, value: ShopProfileValues[K], field: string = key) =>
    onChange({ ...values, [key]: value }, field)
  return (
    <>
      <Field name="tagline" label="Tagline" error={errors.tagline} hint="One short line under your shop's name.">
        {(props) => (
          <input {...props} type="text" maxLength={200} value={values.tagline} onChange={(event) => set('tagline', event.target.value)} />
        )}
      </Field>
      <Field name="about" label="About your shop" error={errors.about} hint="Shown on the About page and when your shop is shared.">
        {(props) => <textarea {...props} rows={5} value={values.about} onChange={(event) => set('about', event.target.value)} />}
      </Field>
      <ShopProfileLogo
        shopId={shopId}
        logo={values.logo}
        error={errors.logo}
        onChange={(logo) => set('logo', logo)}
        onUploadingChange={onUploadingChange}
      />
      <fieldset className="field">
        <legend>Social links</legend>
        <p className="field-hint">Your pages' addresses, like instagram.com/yourshop. Leave empty to hide one.</p>
        {socialSites.map((site) => (
          <Field key={site} name={`socials.${site}`} label={socialNames[site]} error={errors[`socials.${site}`]}>
            {(props) => (
              <input
                {...props}
                type="url"
                inputMode="url"
                placeholder={`${site}.com/yourshop`}
                value={values.socials[site]}
                onChange={(event) => set('socials', { ...values.socials, [site]: event.target.value }, `socials.${site}`)}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <Field
        name="whatsapp"
        label="WhatsApp number"
        error={errors.whatsapp}
        hint="Shoppers see “Chat with us on WhatsApp” on your products and About page. Leave empty to hide it."
      >
        {(props) => (
          <input
            {...props}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="024 412 3456"
            value={values.whatsapp}
            onChange={(event) => set('whatsapp', event.target.value)}
          />
        )}
      </Field>
    </>
  )
}
