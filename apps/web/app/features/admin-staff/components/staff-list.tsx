import type { StaffRole } from '@shop/domain'
import { useId, useState } from 'react'
import { LoadError } from '../../../components/load-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api'
import { useApiData } from '../../../lib/use-api-data'
import { listStaff } from '../api/list-staff'
import { updateShopRole } from '../api/update-shop-role'
import { canRemove, roleChoices, roleLabel } from '../staff-rules'
import type { ShopRole } from '../types'

type StaffListProps = { shopId: string; actor: StaffRole; userId: string }

const displayName = (member: ShopRole) => member.user.name.trim() || member.user.email

/** The shop's staff with their roles; each role can be changed or the person removed, as far as the caller may. */
export function StaffList({ shopId, actor, userId }: StaffListProps) {
  const toast = useToast()
  const staff = useApiData(`staff/${shopId}`, () => listStaff(shopId))
  const [saving, setSaving] = useState<{ id: string; role: StaffRole } | null>(null)
  const [removing, setRemoving] = useState<ShopRole | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  async function changeRole(member: ShopRole, role: StaffRole) {
    setProblem(null)
    setSaving({ id: member._id, role })
    try {
      await updateShopRole(member._id, { role })
      toast(`${displayName(member)} is now ${roleLabel(role).toLowerCase()}`)
      // Someone who stepped down may no longer see this tab: start the dashboard over with the new role.
      if (member.user._id === userId) window.location.assign('/admin')
      else staff.reload()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setSaving(null)
    }
  }

  async function remove(member: ShopRole) {
    setProblem(null)
    setSaving({ id: member._id, role: member.role })
    try {
      await updateShopRole(member._id, { status: 'removed' })
      toast(`${displayName(member)} was removed from the staff`)
      if (member.user._id === userId) window.location.assign('/')
      else staff.reload()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setSaving(null)
      setRemoving(null)
    }
  }

  return (
    <section className="panel" aria-labelledby="staff-title">
      <h2 id="staff-title">Staff</h2>
      {problem && <Alert onDismiss={() => setProblem(null)}>{problem}</Alert>}
      {staff.error ? (
        <LoadError error={staff.error} onRetry={staff.reload} />
      ) : !staff.data ? (
        <p className="loading" role="status">
          Loading the staff…
        </p>
      ) : (
        <ul className="staff-list">
          {staff.data.data.map((member) => (
            <StaffMember
              key={member._id}
              member={member}
              actor={actor}
              isSelf={member.user._id === userId}
              role={saving?.id === member._id ? saving.role : member.role}
              busy={saving !== null}
              onChangeRole={(role) => changeRole(member, role)}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${displayName(removing)}?` : 'Remove?'}
        confirmLabel="Remove"
        danger
        busy={saving !== null}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.user._id === userId
            ? 'You will lose access to this shop’s dashboard at once.'
            : 'They lose access to this shop’s dashboard at once. You can invite them again later.'}
        </p>
      </ConfirmDialog>
    </section>
  )
}

type StaffMemberProps = {
  member: ShopRole
  actor: StaffRole
  isSelf: boolean
  role: StaffRole
  busy: boolean
  onChangeRole: (role: StaffRole) => void
  onRemove: () => void
}

function StaffMember({ member, actor, isSelf, role, busy, onChangeRole, onRemove }: StaffMemberProps) {
  const selectId = useId()
  const name = displayName(member)
  const choices = roleChoices(actor, member.role, isSelf)
  return (
    <li className="staff-member">
      <div className="staff-who">
        <strong>
          {name}
          {isSelf && ' (you)'}
        </strong>
        {name !== member.user.email && <span className="staff-email">{member.user.email}</span>}
      </div>
      <div className="staff-actions">
        <label htmlFor={selectId}>
          Role<span className="visually-hidden"> of {name}</span>
        </label>
        <select
          id={selectId}
          value={role}
          disabled={busy || choices.length < 2}
          onChange={(event) => onChangeRole(event.target.value as StaffRole)}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {roleLabel(choice)}
            </option>
          ))}
        </select>
        {canRemove(actor, member.role, isSelf) && (
          <Button variant="secondary" className="button-danger" disabled={busy} onClick={onRemove}>
            Remove<span className="visually-hidden"> {name}</span>
          </Button>
        )}
      </div>
    </li>
  )
}
