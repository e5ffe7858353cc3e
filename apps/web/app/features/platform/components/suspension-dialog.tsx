import { SUSPENSION_REASON_MAX, type PlatformShop } from '@shop/domain/schemas/platform'
import { useState } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field } from '../../../components/ui/field'

type SuspensionDialogProps = {
  /** The shop to suspend or restore; null while the dialog is closed. */
  target: { shop: PlatformShop; action: 'suspend' | 'restore' } | null
  busy: boolean
  error?: string
  onConfirm: (reason: string) => void
  onCancel: () => void
}

/** Asks why before a suspension (required: the shop's staff read it), or for a note before a restore. */
export function SuspensionDialog({ target, busy, error, onConfirm, onCancel }: SuspensionDialogProps) {
  const [reason, setReason] = useState('')
  const suspend = target?.action === 'suspend'
  const title = target ? `${suspend ? 'Suspend' : 'Restore'} ${target.shop.title}?` : ''
  const close = () => {
    setReason('')
    onCancel()
  }
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      confirmLabel={suspend ? 'Suspend shop' : 'Restore shop'}
      danger={suspend}
      busy={busy}
      onConfirm={() => onConfirm(reason)}
      onCancel={close}
    >
      <p>
        {suspend
          ? 'Its storefront, public API and custom domains stop and nothing in it can be changed. Its staff can still sign in, read the dashboard and export their data.'
          : 'Its storefront, API and custom domains serve again, and its staff can make changes.'}
      </p>
      <Field
        name="reason"
        label={suspend ? 'Reason (shown to the shop’s staff)' : 'Note for the audit log (optional)'}
        error={error}
      >
        {(props) => (
          <textarea {...props} rows={3} maxLength={SUSPENSION_REASON_MAX} required={suspend} value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
      </Field>
    </ConfirmDialog>
  )
}
