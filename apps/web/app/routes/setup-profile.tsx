import { shopPatchBody } from '@shop/domain/schemas/shop'
import { Type } from 'typebox'
import { updateShop } from '../api/shops/update-shop'
import { profileFieldErrors } from '../components/shop-profile-fields'
import { ProfileStep } from '../features/setup/components/profile-step'
import { SetupShopGate } from '../features/setup/components/setup-shop-gate'
import { requireSetupRole } from '../features/setup/setup-access'
import { api } from '../lib/api'
import { serverFieldErrors } from '../lib/form-errors'
import { perform } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/setup-profile'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'profile' }

const { tagline, about, logo, socials, whatsapp } = shopPatchBody.properties
const PROFILE_FIELDS = ['tagline', 'about', 'logo', 'socials', 'whatsapp']

/** `save-profile`: the profile part of the shop's changes, with the API's own rules for each field. */
const intents = {
  'save-profile': Type.Object({ tagline, about, logo, socials, whatsapp }, { additionalProperties: false, minProperties: 1 }),
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  await requireSetupRole(request, params.shopId)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  const body = submission.value
  // A message about a social link comes back by its place in the list sent; the form shows it by site.
  return perform('save-profile', () => updateShop(api, params.shopId, body), (error) => profileFieldErrors(serverFieldErrors(error, PROFILE_FIELDS), body))
}

export default function SetupProfile({ params }: Route.ComponentProps) {
  return <SetupShopGate shopId={params.shopId}>{(shop) => <ProfileStep shop={shop} />}</SetupShopGate>
}
