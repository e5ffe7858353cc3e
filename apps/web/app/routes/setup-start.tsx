import { shopIdBody } from '@shop/domain/schemas/shop'
import { createShop } from '../api/shops/create-shop'
import { ShopStep } from '../features/setup/components/shop-step'
import { checkNewShop, newShopServerErrors } from '../features/setup/shop-form'
import { api } from '../lib/api'
import { requireUser } from '../lib/auth/guard'
import { hasErrors } from '../lib/form-errors'
import { perform, refuse } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/setup-start'
import type { SetupHandle } from './setup'

export const handle: SetupHandle = { setupStep: 'shop' }

/** `create-shop`: the name and address (`POST /api/shop-ids/`), the caller its owner. */
const intents = { 'create-shop': shopIdBody }

export async function clientAction({ request }: Route.ClientActionArgs) {
  await requireUser(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  // The address rules the step checks as the user types (reserved words, hyphens), checked again here.
  const { body, errors } = checkNewShop(submission.value)
  if (hasErrors(errors)) return refuse('create-shop', errors)
  return perform('create-shop', () => createShop(api, body), newShopServerErrors)
}

export default function SetupStart() {
  return <ShopStep />
}
