import type { StaffRole } from '@shop/domain'
import { useId, useState } from 'react'
import { useFetcher, useRevalidator } from 'react-router'
import type { ShopRole } from '@shop/domain/schemas/staff'
import type { Page } from '@shop/domain/schemas/wire'
import { LoadError } from '../../../components/load-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import { type ActionAnswer, type Settled, jsonSubmit, problemOf, useFetcherDone } from '../../../lib/route-data'
import { canRemove, roleChangeNeedsConfirm, roleChoices, roleLabel } from '../staff-rules'

type StaffListProps = { staff: Settled<Page<ShopRole>>; actor: StaffRole; userId: string }

const displayName = (member: ShopRole) => member.user.name.trim() || member.user.email

type RoleChange = { member: ShopRole; role: StaffRole }

/**
 * The shop's staff with their roles; each role can be changed or the person removed, as far as the caller
 * may. A role is chosen in its select and applied with Save role: arrow keys on a closed select change it
 * step by step, which must not demote anyone on the way. Changes are the page's `change-role` and
 * `remove` intents; the list reloads after them.
 */
export function StaffList({ staff, actor, userId }: StaffListProps) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const fetcher = useFetcher<ActionAnswer<'change-role' | 'remove', ShopRole>>()
  const saving = fetcher.state !== 'idle'
  // Who the answer on its way is about, for its message.
  const [subject, setSubject] = useState<RoleChange | null>(null)
  const [confirming, setConfirming] = useState<RoleChange | null>(null)
  const [removing, setRemoving] = useState<ShopRole | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  function saveRole(change: RoleChange) {
    if (roleChangeNeedsConfirm(change.member.user._id === userId, change.role)) setConfirming(change)
    else void changeRole(change)
  }

  useFetcherDone(fetcher, (answer) => {
    setConfirming(null)
    setRemoving(null)
    if (!answer.ok || !subject) return setProblem(answer.ok ? null : problemOf(answer.errors))
    const { member, role } = subject
    const self = member.user._id === userId
    if (answer.intent === 'remove') {
      toast(`${displayName(member)} was removed from the staff`)
      if (self) window.location.assign('/')
    } else {
      toast(`${displayName(member)} is now ${roleLabel(role).toLowerCase()}`)
      // Someone who stepped down may no longer see this tab: start the dashboard over with the new role.
      if (self) window.location.assign('/admin')
    }
  })

  function changeRole(change: RoleChange) {
    setProblem(null)
    setSubject(change)
    void fetcher.submit({ intent: 'change-role', id: change.member._id, role: change.role }, jsonSubmit)
  }

  function remove(member: ShopRole) {
    setProblem(null)
    setSubject({ member, role: member.role })
    void fetcher.submit({ intent: 'remove', id: member._id }, jsonSubmit)
  }

  return (
    <section className="panel" aria-labelledby="staff-title">
      <h2 id="staff-title">Staff</h2>
      {problem && <Alert onDismiss={() => setProblem(null)}>{problem}</Alert>}
      {!staff.ok ? (
        <LoadError error={staff.error} onRetry={() => void revalidator.revalidate()} />
      ) : (
        <ul className="staff-list">
          {staff.value.data.map((member, _, all) => (
            <StaffMember
              key={member._id}
              member={member}
              actor={actor}
              isSelf={member.user._id === userId}
              owners={all.filter((someone) => someone.role === 'owner').length}
              busy={saving}
              onSaveRole={(role) => saveRole({ member, role })}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </ul>
      )}
      <RoleChangeDialog
        change={confirming}
        isSelf={confirming?.member.user._id === userId}
        busy={saving}
        onConfirm={() => confirming && changeRole(confirming)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${displayName(removing)}?` : 'Remove?'}
        confirmLabel="Remove"
        danger
        busy={saving}
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

type RoleChangeDialogProps = { change: RoleChange | null; isSelf: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void }

/** The question before changing one's own role or making someone owner. */
function RoleChangeDialog({ change, isSelf, busy, onConfirm, onCancel }: RoleChangeDialogProps) {
  const role = change ? roleLabel(change.role).toLowerCase() : ''
  const name = change ? displayName(change.member) : ''
  return (
    <ConfirmDialog
      open={change !== null}
      title={isSelf ? `Change your own role to ${role}?` : `Make ${name} an owner?`}
      confirmLabel={isSelf ? 'Change my role' : 'Make owner'}
      danger={isSelf}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {isSelf
          ? 'You may lose access to some tabs, this one included, and only an owner can give your role back.'
          : 'An owner can do everything in this shop, including changing your role or removing you.'}
      </p>
    </ConfirmDialog>
  )
}

type StaffMemberProps = {
  member: ShopRole
  actor: StaffRole
  isSelf: boolean
  /** How many owners the shop has: the last one is offered neither a role change nor Remove. */
  owners: number
  busy: boolean
  onSaveRole: (role: StaffRole) => void
  onRemove: () => void
}

function StaffMember({ member, actor, isSelf, owners, busy, onSaveRole, onRemove }: StaffMemberProps) {
  const selectId = useId()
  const name = displayName(member)
  const choices = roleChoices(actor, member.role, isSelf, owners)
  const [pending, setPending] = useState(member.role)
  // When the list reloads with another role (saved here or elsewhere), the select starts from it.
  const [shown, setShown] = useState(member.role)
  if (shown !== member.role) {
    setShown(member.role)
    setPending(member.role)
  }
  const unchanged = pending === member.role
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
        <select id={selectId} value={pending} disabled={busy || choices.length < 2} onChange={(event) => setPending(event.target.value as StaffRole)}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {roleLabel(choice)}
            </option>
          ))}
        </select>
        {/* aria-disabled rather than disabled, so focus stays on the button once the role is saved. */}
        {choices.length > 1 && (
          <Button
            variant="secondary"
            aria-disabled={unchanged || busy || undefined}
            onClick={() => {
              if (!unchanged && !busy) onSaveRole(pending)
            }}
          >
            Save role<span className="visually-hidden"> for {name}</span>
          </Button>
        )}
        {canRemove(actor, member.role, isSelf, owners) && (
          <Button variant="secondary" className="button-danger" disabled={busy} onClick={onRemove}>
            Remove<span className="visually-hidden"> {name}</span>
          </Button>
        )}
      </div>
    </li>
  )
}
