import { ProfileForm } from '../features/account/components/profile-form'
import { SignInDetailsForm } from '../features/account/components/sign-in-details-form'
import { useAccountUser } from '../features/auth/hooks/use-account-user'
import { writeStored } from '../lib/local-store'
import { routeMeta } from '../lib/page-meta'
import type { Route } from './+types/account-profile'

export const meta: Route.MetaFunction = (args) => routeMeta('Profile', args)

export default function AccountProfile() {
  const user = useAccountUser()
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      <ProfileForm user={user} onSaved={(saved) => writeStored('user', saved)} />
      <SignInDetailsForm user={user} onSaved={(saved) => writeStored('user', saved)} />
    </section>
  )
}
