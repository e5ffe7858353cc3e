import type { Shop } from '@shop/domain/schemas/shop'
import { describe, expect, it } from 'vitest'
import { THEME_COLOR, webManifest } from './web-manifest'

const shop = {
  _id: 's1',
  slug: 'kofi',
  title: 'Kofi’s Fabrics and Tailoring',
  tagline: 'Kente and wax prints',
  about: 'About us',
  logo: {
    url: '/uploads/ab/logo.webp',
    thumbnail: '/uploads/ab/logo-thumb.webp',
    icons: [
      { size: 192, url: '/uploads/ab/logo-icon-192.webp' },
      { size: 512, url: '/uploads/ab/logo-icon-512.webp' },
    ],
  },
} as unknown as Shop

describe('webManifest', () => {
  it('names the shop, uses its logo’s square icons and the storefront’s colour, and opens on its home page', () => {
    expect(webManifest(shop)).toEqual({
      id: '/',
      name: 'Kofi’s Fabrics and Tailoring',
      short_name: 'Kofi’s Fabr…',
      description: 'Kente and wax prints',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: '/uploads/ab/logo-icon-192.webp', sizes: '192x192', type: 'image/webp', purpose: 'any' },
        { src: '/uploads/ab/logo-icon-512.webp', sizes: '512x512', type: 'image/webp', purpose: 'any' },
      ],
    })
  })

  it('falls back to the platform icon without a logo (or one uploaded before icons existed), and the about text', () => {
    const manifest = webManifest({ ...shop, title: 'Ama', tagline: '', logo: { url: '/uploads/a.webp', thumbnail: '/uploads/a-thumb.webp' } })
    expect(manifest).toMatchObject({ name: 'Ama', short_name: 'Ama', description: 'About us' })
    expect(manifest.icons).toEqual([{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }])
    expect(webManifest({ ...shop, logo: null }).icons).toEqual(manifest.icons)
  })
})
