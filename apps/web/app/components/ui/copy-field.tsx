import { type ReactNode, useId } from 'react'
import { Button } from './button'
import { useToast } from './toast'

type CopyFieldProps = {
  /** The field's label; may hold visually hidden words that tell one field from its neighbours. */
  label: ReactNode
  value: string
  /** What the Copy button copies, for screen readers ("the TXT record value"). */
  copies: string
  /** The toast once copied ("Link copied"). */
  copied: string
  hint?: ReactNode
}

/**
 * A read-only value to paste elsewhere (a domain's TXT record, an invitation link): focusing it selects it
 * all, and Copy puts it on the clipboard; where the clipboard is refused, the text is selected to copy by hand.
 */
export function CopyField({ label, value, copies, copied, hint }: CopyFieldProps) {
  const id = useId()
  const toast = useToast()

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      toast(copied)
    } catch {
      const input = document.getElementById(id) as HTMLTextAreaElement | null
      input?.focus()
      input?.select()
      toast('Could not copy: the text is selected, press Ctrl+C (or ⌘C)', 'error')
    }
  }

  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="inline-field">
        {/* A text area so that a long value wraps and shows whole on a phone. */}
        <textarea
          id={id}
          className="copy-value"
          readOnly
          rows={1}
          spellCheck={false}
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy<span className="visually-hidden"> {copies}</span>
        </Button>
      </div>
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  )
}
