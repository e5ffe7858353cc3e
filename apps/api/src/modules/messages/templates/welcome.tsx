/** After sign-up: a welcome from the site where the account was made, with a way back to it. */
import { ButtonLink } from './layout'
import type { MessageTemplate } from './template'

export type WelcomeData = { name: string }

export const welcome: MessageTemplate<WelcomeData> = {
  email(data, site) {
    const greeting = data.name ? `Welcome, ${data.name}!` : 'Welcome!'
    return {
      subject: `Welcome to ${site.name}`,
      body: (
        <>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>{greeting}</h1>
          <p>
            Your account is ready. Sign in with this e-mail address to follow your orders, keep your delivery details and
            write reviews.
          </p>
          <ButtonLink href={site.origin}>Go to {site.name}</ButtonLink>
          <p style={{ fontSize: 13, color: '#6b7280' }}>
            Did not sign up? Someone may have used your address by mistake: use "Forgot password?" on the sign-in page to
            take the account over.
          </p>
        </>
      ),
      text: [
        greeting,
        '',
        'Your account is ready. Sign in with this e-mail address to follow your orders, keep your delivery details and write reviews.',
        '',
        `Go to ${site.name}: ${site.origin}`,
        '',
        'Did not sign up? Someone may have used your address by mistake: use "Forgot password?" on the sign-in page to take the account over.',
      ].join('\n'),
    }
  },
}
