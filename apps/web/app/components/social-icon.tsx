import type { SocialSite } from '@shop/domain/schemas/shop'

const paths: Record<SocialSite, string> = {
  facebook: 'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21z',
  instagram:
    'M12 7.4a4.6 4.6 0 1 0 0 9.2 4.6 4.6 0 0 0 0-9.2zm0 7.6a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.8-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM21 8.1c-.1-1.5-.4-2.8-1.5-3.8S17.2 3 15.7 2.9C14.3 2.8 9.7 2.8 8.3 2.9 6.8 3 5.5 3.3 4.5 4.3S3.1 6.6 3 8.1c-.1 1.4-.1 6 0 7.4.1 1.5.4 2.8 1.5 3.8s2.3 1.3 3.8 1.4c1.4.1 6 .1 7.4 0 1.5-.1 2.8-.4 3.8-1.4s1.3-2.3 1.4-3.8c.2-1.4.2-6 .1-7.4zm-2 9.5a3 3 0 0 1-1.7 1.7c-1.2.5-4 .4-5.3.4s-4.1.1-5.3-.4a3 3 0 0 1-1.7-1.7c-.5-1.2-.4-4-.4-5.3s-.1-4.1.4-5.3a3 3 0 0 1 1.7-1.7c1.2-.5 4-.4 5.3-.4s4.1-.1 5.3.4a3 3 0 0 1 1.7 1.7c.5 1.2.4 4 .4 5.3s.1 4.1-.4 5.3z',
  twitter: 'M17.8 3h3.1l-6.7 7.7L22 21h-6.2l-4.8-6.3L5.5 21H2.4l7.2-8.2L2 3h6.3l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z',
}

export const socialNames: Record<SocialSite, string> = { facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter' }

/** A social site's mark; decorative, so the link around it must carry the name. */
export function SocialIcon({ site }: { site: SocialSite }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={paths[site]} />
    </svg>
  )
}
