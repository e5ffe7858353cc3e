/**
 * To the owner of an address someone tried to sign up with again (decision 54): the sign-up answers as
 * for a new address, and this e-mail tells the owner, with a way to sign in and a link to choose a new
 * password. From the platform in its own name, and with nothing the sign-up form carried.
 */
import { formatDateTime } from '@shop/domain'
import { ButtonLink, LinkAsText } from './layout'
import { linkOn } from './site'
import type { MessageTemplate } from './template'

export type AccountExistsData = {
  /** The account's own name (never the one typed on the form). */
  name: string
  /** ISO time the link stops working. */
  expiresAt: string
  /** `{PLATFORM_URL}/reset-password?token=…`: secret, kept only until the message is sent. */
  link: string
}

export const accountExists: MessageTemplate<AccountExistsData> = {
  secretFields: ['link'],
  email(data, site) {
    const expires = formatDateTime(new Date(data.expiresAt))
    const hello = data.name ? `Hello ${data.name},` : 'Hello,'
    const news = `Someone tried to create a ${site.providerName} account with this e-mail address, which already has one.`
    const signIn = linkOn(site, '/session/start?next=%2F')
    const reset = `If it was you, log in with your password, or choose a new one: the link works once, until ${expires}.`
    const ignore = 'If it was not you, ignore this e-mail: nothing was changed, and your password stays as it is.'
    return {
      subject: `You already have a ${site.providerName} account`,
      body: (
        <>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>You already have an account</h1>
          <p>{hello}</p>
          <p>{news}</p>
          <p>{reset}</p>
          <ButtonLink href={signIn}>Log in</ButtonLink>
          <p>
            <a href={data.link} style={{ color: '#1a64d6' }}>
              Choose a new password
            </a>
          </p>
          <LinkAsText href={data.link} />
          <p style={{ fontSize: 13, color: '#6b7280' }}>{ignore}</p>
        </>
      ),
      text: [hello, '', news, reset, '', `Log in: ${signIn}`, `Choose a new password: ${data.link}`, '', ignore].join('\n'),
    }
  },
}
