/**
 * The frame of every e-mail: the shop's logo and title, the content, and a footer saying who sent it.
 * Tables and inline styles, because mail clients ignore most CSS; one column no wider than 560 px that
 * shrinks to the screen on a phone.
 */
import type { ReactNode } from 'react'
import type { Site } from './site'

const font = 'system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif'

export function EmailLayout({ site, title, children }: { site: Site; title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f4f5f7', color: '#1d2129', fontFamily: font }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: '#f4f5f7' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 560, background: '#ffffff', borderRadius: 12 }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: '24px 24px 8px' }}>
                        <a href={site.origin} style={{ color: '#1d2129', textDecoration: 'none', fontSize: 20, fontWeight: 700 }}>
                          {site.logoUrl && (
                            <img src={site.logoUrl} alt="" width={40} height={40} style={{ verticalAlign: 'middle', borderRadius: 8, marginRight: 10 }} />
                          )}
                          <span style={{ verticalAlign: 'middle' }}>{site.name}</span>
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '8px 24px 24px', fontSize: 16, lineHeight: 1.5 }}>{children}</td>
                    </tr>
                  </tbody>
                </table>
                <p style={{ maxWidth: 560, margin: '16px auto 0', fontSize: 12, color: '#6b7280' }}>
                  Sent by {site.name} with {site.providerName}.
                </p>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  )
}

/** A big tap target that works in every mail client: a link styled as a button. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{ display: 'inline-block', padding: '12px 20px', background: '#1a64d6', color: '#ffffff', borderRadius: 8, fontWeight: 600, textDecoration: 'none' }}
      >
        {children}
      </a>
    </p>
  )
}

/** The link once more as text, for clients that block buttons. */
export function LinkAsText({ href }: { href: string }) {
  return (
    <p style={{ fontSize: 13, color: '#6b7280', wordBreak: 'break-all' }}>
      Or open this address: <a href={href} style={{ color: '#1a64d6' }}>{href}</a>
    </p>
  )
}
