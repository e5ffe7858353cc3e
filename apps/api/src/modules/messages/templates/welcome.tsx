/**
 * After sign-up on the login page: the link to choose the account's password, which finishes it and signs
 * the person in where they signed up (decision 54). From the platform in its own name, never a shop's, and
 * with nothing the sign-up form carried (not even the name typed): anyone can make the platform send this
 * to any address, so it must not carry their words.
 */
import { formatDateTime } from '@shop/domain'
import { ButtonLink, LinkAsText } from './layout'
import type { MessageTemplate } from './template'

export type WelcomeData = {
  /** ISO time the link stops working. */
  expiresAt: string
  /** `{PLATFORM_URL}/reset-password?token=…`: secret, kept only until the message is sent. */
  link: string
}

export const welcome: MessageTemplate<WelcomeData> = {
  secretFields: ['link'],
  email(data, site) {
    const expires = formatDateTime(new Date(data.expiresAt))
    const intro = `Someone (we hope you) started creating a ${site.providerName} account with this e-mail address. To finish it, choose your password. The link works once, until ${expires}.`
    const ignore = 'Did not sign up? Ignore this e-mail: without a password nobody can use the account.'
    return {
      subject: `Welcome to ${site.providerName}: choose your password`,
      body: (
        <>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Welcome!</h1>
          <p>{intro}</p>
          <ButtonLink href={data.link}>Choose your password</ButtonLink>
          <LinkAsText href={data.link} />
          <p style={{ fontSize: 13, color: '#6b7280' }}>{ignore}</p>
        </>
      ),
      text: ['Welcome!', '', intro, '', `Choose your password: ${data.link}`, '', ignore].join('\n'),
    }
  },
}
