/** To someone invited to a shop's staff: who invited them, as what, and the link to accept (on the shop's host). */
import { formatDateTime } from '@shop/domain'
import { ButtonLink, LinkAsText } from './layout'
import { type Site, linkOn } from './site'
import type { MessageTemplate } from './template'

export type StaffInvitationData = {
  role: string
  /** The inviting staff member's name, or their address. */
  invitedBy: string
  /** ISO time the invitation stops working. */
  expiresAt: string
  /** `/invitation/{id}?key={secret}`: secret, kept only until the message is sent. */
  path: string
}

const subject = (site: Site, data: StaffInvitationData) => `You're invited to join ${site.name} as ${data.role}`

export const staffInvitation: MessageTemplate<StaffInvitationData> = {
  secretFields: ['path'],
  email(data, site) {
    const link = linkOn(site, data.path)
    const expires = formatDateTime(new Date(data.expiresAt))
    return {
      subject: subject(site, data),
      body: (
        <>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Join {site.name}</h1>
          <p>
            {data.invitedBy} invited you to help run <strong>{site.name}</strong> as <strong>{data.role}</strong>.
          </p>
          <p>Log in (or create an account) with this e-mail address to accept. The invitation works until {expires}.</p>
          <ButtonLink href={link}>See the invitation</ButtonLink>
          <LinkAsText href={link} />
          <p style={{ fontSize: 13, color: '#6b7280' }}>Not expecting this? Ignore this e-mail and nothing happens.</p>
        </>
      ),
      text: [
        `Join ${site.name}`,
        '',
        `${data.invitedBy} invited you to help run ${site.name} as ${data.role}.`,
        `Log in (or create an account) with this e-mail address to accept. The invitation works until ${expires}.`,
        '',
        `See the invitation: ${link}`,
        '',
        'Not expecting this? Ignore this e-mail and nothing happens.',
      ].join('\n'),
    }
  },
}
