import { CopyField } from '../../../components/ui/copy-field'

/**
 * An invitation's link (also e-mailed to the invitee) to pass on another way, with a Copy button. Only shown right after inviting or asking for a new
 * link: the shop keeps just a hash of its secret.
 */
export function InvitationLink({ email, url }: { email: string; url: string }) {
  return (
    <div className="invitation-link">
      <CopyField
        label={
          <>
            Invitation link<span className="visually-hidden"> for {email}</span>
          </>
        }
        value={url}
        copies={`the link for ${email}`}
        copied="Link copied"
        hint={`We e-mailed it to ${email}; copy it to send it another way too. It is shown only now; “New link” makes another and this one stops working.`}
      />
    </div>
  )
}
