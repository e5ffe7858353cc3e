/**
 * The link that lets someone choose a new password: on the platform's host, single use, 30 minutes. Sent
 * by the platform in its own name (docs/decisions/0054), never a shop's.
 */
import { formatDateTime } from '@shop/domain'
import { ButtonLink, LinkAsText } from './layout'
import type { MessageTemplate } from './template'

export type PasswordResetData = {
  name: string
  /** ISO time the link stops working. */
  expiresAt: string
  /** `{PLATFORM_URL}/reset-password?token=…`: secret, kept only until the message is sent. */
  link: string
}

export const passwordReset: MessageTemplate<PasswordResetData> = {
  secretFields: ['link'],
  email(data, site) {
    const expires = formatDateTime(new Date(data.expiresAt))
    const hello = data.name ? `Hello ${data.name},` : 'Hello,'
    return {
      subject: `Reset your ${site.providerName} password`,
      body: (
        <>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Choose a new password</h1>
          <p>{hello}</p>
          <p>Someone (we hope you) asked to reset the password of your account. The link works once, until {expires}.</p>
          <ButtonLink href={data.link}>Choose a new password</ButtonLink>
          <LinkAsText href={data.link} />
          <p style={{ fontSize: 13, color: '#6b7280' }}>Did not ask? Ignore this e-mail: your password stays as it is.</p>
        </>
      ),
      text: [
        hello,
        '',
        `Someone (we hope you) asked to reset the password of your account. The link works once, until ${expires}.`,
        '',
        `Choose a new password: ${data.link}`,
        '',
        'Did not ask? Ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    }
  },
}
