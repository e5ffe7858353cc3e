import { useId } from 'react'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'

/**
 * An invitation's link to pass on, with a Copy button. Only shown right after inviting or asking for a new
 * link: the shop keeps just a hash of its secret.
 */
export function InvitationLink({ email, url }: { email: string; url: string }) {
  const toast = useToast()
  const linkId = useId()

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      toast('Link copied')
    } catch {
      toast('Could not copy: select the link and copy it', 'error')
    }
  }

  return (
    <div className="invitation-link">
      <label htmlFor={linkId} className="invitation-link-label">
        Invitation link<span className="visually-hidden"> for {email}</span>
      </label>
      <div className="inline-field">
        <input id={linkId} readOnly value={url} onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy<span className="visually-hidden"> the link for {email}</span>
        </Button>
      </div>
      <p className="field-hint">Send it to {email} yourself. It is shown only now; “New link” makes another and this one stops working.</p>
    </div>
  )
}
