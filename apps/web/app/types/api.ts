/** Shapes of the API's responses, as the web app uses them (DESIGN §3–§5, SPEC §3). */

export type ImageRef = { url: string; thumbnail: string }

export type SocialSite = 'facebook' | 'instagram' | 'twitter'

/** Public shop profile: `GET /api/shops/{idOrSlug}`. */
export type Shop = {
  _id: string
  slug: string
  title: string
  tagline: string
  about: string
  logo: ImageRef | null
  socials: { site: SocialSite; url: string }[]
  home: { promotionalText: string }
  aboutSections: { payments: string; returns: string; contact: string }
  config: { facebook: { meta: string } }
  currency: string
}

/** `GET /api/user/`. */
export type User = {
  _id: string
  email: string
  name: string
  phone: string
  createdAt: string
}

/** What `POST /api/token/` answers; only `access_token` and `token_type` are kept (SPEC §3). */
export type TokenData = { access_token: string; token_type: string; expires_in: number }

export type StaffRole = 'owner' | 'administrator' | 'manager' | 'keeper'

/** Feathers error document. */
export type FeathersError = {
  name: string
  message: string
  code: number
  className: string
  errors?: { path: string; message: string }[]
}
