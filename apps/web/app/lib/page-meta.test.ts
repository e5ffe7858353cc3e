import type { Shop } from '@shop/domain/schemas/shop'
import { describe, expect, it } from 'vitest'
import { type SiteInfo, canonicalPath, pageMeta } from './page-meta'

const site = {
  shop: { title: 'Demo Shop', about: 'Kente and beads from Kumasi.', logo: null, socials: [], config: { facebook: { meta: '' } } } as unknown as Shop,
  platform: { name: 'Shoplet', url: 'https://shops.example' },
  origin: 'https://demo.shops.example',
} satisfies SiteInfo

const tag = (tags: ReturnType<typeof pageMeta>, key: string, value: string) => tags.find((item) => (item as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined

describe('canonicalPath', () => {
  it('drops trailing slashes but on the home page and the product list', () => {
    expect(canonicalPath('/')).toBe('/')
    expect(canonicalPath('/about/')).toBe('/about')
    expect(canonicalPath('/products')).toBe('/products/')
    expect(canonicalPath('/products/')).toBe('/products/')
  })
})

describe('pageMeta', () => {
  it('links the page’s canonical address on the requesting host, the same as og:url', () => {
    const tags = pageMeta('About us', site, '/about/')
    expect(tag(tags, 'rel', 'canonical')).toEqual({ tagName: 'link', rel: 'canonical', href: 'https://demo.shops.example/about' })
    expect(tag(tags, 'property', 'og:url')?.content).toBe('https://demo.shops.example/about')
  })

  it('takes a given canonical address, and none for an error page', () => {
    expect(tag(pageMeta('Products', site, '/products/', { canonical: '/products/?category=x' }), 'rel', 'canonical')?.href).toBe(
      'https://demo.shops.example/products/?category=x',
    )
    expect(tag(pageMeta('Page not found', site, '/nope', { canonical: null }), 'rel', 'canonical')).toBeUndefined()
  })

  it('describes home and about with the About text, other pages by themselves, a product by its own text', () => {
    expect(tag(pageMeta('Home', site, '/'), 'name', 'description')?.content).toBe('Kente and beads from Kumasi.')
    expect(tag(pageMeta('About us', site, '/about'), 'name', 'description')?.content).toBe('Kente and beads from Kumasi.')
    expect(tag(pageMeta('Reviews', site, '/reviews'), 'name', 'description')?.content).toBe('Reviews at Demo Shop.')
    const product = pageMeta('Kente stole', site, '/products/x', { description: `Handwoven ${'very '.repeat(60)}long.` })
    const description = String(tag(product, 'name', 'description')?.content)
    expect(description.startsWith('Handwoven very')).toBe(true)
    expect(description.length).toBeLessThanOrEqual(200)
    expect(tag(product, 'property', 'og:description')?.content).toBe(description)
  })

  it('writes structured data as ld+json script descriptors', () => {
    const tags = pageMeta('Home', site, '/', { structuredData: [{ '@type': 'Organization', name: 'A </script>' }] })
    expect(tags).toContainEqual({ 'script:ld+json': { '@type': 'Organization', name: 'A </script>' } })
  })
})
