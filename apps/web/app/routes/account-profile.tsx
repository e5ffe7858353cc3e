import { StaffAlertsBody } from '@shop/domain/schemas/messages'
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { updateStaffAlerts } from '../api/messages/update-staff-alerts'
import { updateUser } from '../api/users/update-user'
import { ProfileForm } from '../features/account/components/profile-form'
import { SignInDetailsForm } from '../features/account/components/sign-in-details-form'
import { StaffAlertsForm } from '../features/account/components/staff-alerts-form'
import { profilePatch } from '../features/account/profile-details'
import { SIGN_IN_FIELDS, signInDetailsPatch } from '../features/account/sign-in-details'
import { requireUser } from '../lib/auth/guard'
import { useAccountUser } from '../features/auth/hooks/use-account-user'
import { api } from '../lib/api'
import { writeStored } from '../lib/local-store'
import { routeMeta } from '../lib/page-meta'
import { perform, refuse } from '../lib/route-data'
import { parseSubmission } from '../lib/submission'
import type { Route } from './+types/account-profile'

export const meta: Route.MetaFunction = (args) => routeMeta('Profile', args)

/**
 * `update-profile` (name and phone) and `update-sign-in` (email or password, with the current password),
 * each checked as its form checks it. The forms store the API's answer as the session's user.
 * `update-alerts`: a staff member's own e-mail alerts in this shop.
 */
const intents = {
  'update-profile': Type.Object({ name: Type.String(), phone: Type.String() }, { additionalProperties: false }),
  'update-sign-in': Type.Object(
    { form: Type.Object({ email: Type.String(), newPassword: Type.String(), currentPassword: Type.String() }, { additionalProperties: false }) },
    { additionalProperties: false },
  ),
  'update-alerts': Type.Object({ shop: Uuid, body: StaffAlertsBody }, { additionalProperties: false }),
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const user = await requireUser(request)
  const submission = await parseSubmission(request, intents)
  if (!submission.ok) return submission
  switch (submission.intent) {
    case 'update-profile': {
      const checked = profilePatch(submission.value.name, submission.value.phone)
      if ('errors' in checked) return refuse('update-profile', checked.errors)
      return perform('update-profile', () => updateUser(api, checked.patch), ['phone'])
    }
    case 'update-sign-in': {
      const checked = signInDetailsPatch(submission.value.form, user.email)
      if ('errors' in checked) return refuse('update-sign-in', checked.errors)
      const passwordChanged = checked.patch.password !== undefined
      return perform('update-sign-in', async () => ({ user: await updateUser(api, checked.patch), passwordChanged }), SIGN_IN_FIELDS)
    }
    case 'update-alerts': {
      const { shop, body } = submission.value
      return perform('update-alerts', () => updateStaffAlerts(api, shop, body), [])
    }
  }
}

export default function AccountProfile() {
  const user = useAccountUser()
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      <ProfileForm user={user} onSaved={(saved) => writeStored('user', saved)} />
      <SignInDetailsForm user={user} onSaved={(saved) => writeStored('user', saved)} />
      <StaffAlertsForm user={user} />
    </section>
  )
}
