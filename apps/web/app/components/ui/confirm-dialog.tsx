import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Button } from './button'

type ConfirmDialogProps = {
  open: boolean
  title: string
  children?: ReactNode
  confirmLabel: string
  /** The button that closes the question without acting ("Cancel" unless that word names the action). */
  cancelLabel?: string
  /** Destructive actions get the danger style. */
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A modal question before a destructive action ("Delete this product?"). The native <dialog> traps focus,
 * closes on Escape and returns focus to the opener.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  // Several dialogs may sit on one page (closed ones stay in the DOM), so each title has its own id.
  const titleId = useId()
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="confirm-dialog-actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button className={danger ? 'button-danger' : undefined} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
