import { StaffAlertsBody, type StaffAlertsInput } from '@shop/domain/schemas/messages'
import { updateStaffAlerts } from '../api/messages/update-staff-alerts'
import { updateUser } from '../api/users/update-user'
import { ProfileForm } from '../features/account/components/profile-form'
import { SignInDetailsForm } from '../features/account/components/sign-in-details-form'
import { StaffAlertsForm } from '../features/account/components/staff-alerts-form'
import { profilePatch } from '../features/account/profile-details'
import { SIGN_IN_FIELDS, type SignInDetailsForm as SignInForm, signInDetailsPatch } from '../features/account/sign-in-details'
import { requireUser } from '../lib/auth/guard'
import { useAccountUser } from '../features/auth/hooks/use-account-user'
import { api } from '../lib/api'
import { writeStored } from '../lib/local-store'
import { routeMeta } from '../lib/page-meta'
import { hasErrors, validate } from '../lib/form-errors'
import { perform, readSubmission, refuse } from '../lib/route-data'
import type { Route } from './+types/account-profile'

export const meta: Route.MetaFunction = (args) => routeMeta('Profile', args)

/**
 * `update-profile` (name and phone) and `update-sign-in` (email or password, with the current password),
 * each checked as its form checks it. The forms store the API's answer as the session's user.
 * `update-alerts`: a staff member's own e-mail alerts in this shop.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const user = await requireUser(request)
  const submission = await readSubmission(request)
  switch (submission.intent) {
    case 'update-profile': {
      const checked = profilePatch(String(submission.name ?? ''), String(submission.phone ?? ''))
      if ('errors' in checked) return refuse('update-profile', checked.errors)
      return perform('update-profile', () => updateUser(api, checked.patch), ['phone'])
    }
    case 'update-sign-in': {
      const checked = signInDetailsPatch(submission.form as SignInForm, user.email)
      if ('errors' in checked) return refuse('update-sign-in', checked.errors)
      const passwordChanged = checked.patch.password !== undefined
      return perform('update-sign-in', async () => ({ user: await updateUser(api, checked.patch), passwordChanged }), SIGN_IN_FIELDS)
    }
    case 'update-alerts': {
      const body = submission.body as StaffAlertsInput
      const problems = validate(StaffAlertsBody, body)
      if (hasErrors(problems)) return refuse('update-alerts', problems)
      return perform('update-alerts', () => updateStaffAlerts(api, String(submission.shop), body), [])
    }
  }
  throw new Response(`Unknown intent ${submission.intent}`, { status: 400 })
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
