import { useId } from 'react'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'

/** A read-only value to paste elsewhere: focusing it selects it all, and Copy puts it on the clipboard. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId()
  const toast = useToast()

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      toast(`${label} copied`)
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
          Copy<span className="visually-hidden"> {label.toLowerCase()}</span>
        </Button>
      </div>
    </div>
  )
}
