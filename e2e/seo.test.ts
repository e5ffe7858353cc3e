/**
 * What search engines read from the running server and its built pages: product pages at their readable
 * address (old ones redirect for good), canonical links, per-page descriptions, JSON-LD that parses and
 * cannot close its script, robots.txt, the sitemap and the feed on the demo shop's host; in Chromium, links
 * go to readable addresses and the structured data breaks no content security policy.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { api, demo, ownerApi, request, useBrowser, useServer, watchCspViolations, withPage } from './fixtures'

type Product = { _id: string; title: string; description: string }

const { server } = useServer()
const { browser } = useBrowser()
const owner = ownerApi(server)
const host = () => `${demo.slug}.localhost:${server().port}`
const origin = () => server().shopUrl(demo.slug)
const get = (path: string) => request(server().port, host(), path)

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
}
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1]

async function demoShopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

describe('product addresses and structured data', () => {
  it('answers a product’s old or stale address with a permanent redirect to its readable one', async () => {
    const shop = await demoShopId()
    const product = await owner<Product>('POST', '/api/products/', {
      shop,
      title: 'Batik shirt </script><b>',
      description: 'Hand-dyed **cotton** from Tamale. <script>alert(1)</script>',
      price: { value: 150, currency: 'GHS' },
    })
    const readable = `/products/${product._id}-batik-shirt-script-b`
    const old = await get(`/products/${product._id}`)
    assert.equal(old.status, 301)
    assert.equal(old.headers.location, readable)
    const stale = await get(`/products/${product._id}-old-name?ref=wa`)
    assert.equal(stale.status, 301)
    assert.equal(stale.headers.location, `${readable}?ref=wa`)

    const page = await get(readable)
    assert.equal(page.status, 200)
    assert.equal(canonicalOf(page.body), `${origin()}${readable}`)
    assert.match(descriptionOf(page.body) ?? '', /^Hand-dyed cotton from Tamale\./)
    // The title cannot end the data block early: `<` is written as \u003c inside it.
    const blocks = [...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
    assert.ok(blocks.every((block) => !block.includes('<')))
    const [data, breadcrumbs] = jsonLd(page.body)
    assert.equal(data?.['@type'], 'Product')
    assert.equal(data.name, 'Batik shirt </script><b>')
    assert.deepEqual(data.brand, { '@type': 'Brand', name: demo.title })
    assert.deepEqual(data.offers, {
      '@type': 'Offer',
      price: '150.00',
      priceCurrency: 'GHS',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      url: `${origin()}${readable}`,
    })
    assert.equal(breadcrumbs?.['@type'], 'BreadcrumbList')

    await owner('PATCH', `/api/products/${product._id}`, { title: 'Batik shirt, blue' })
    const renamed = await get(readable)
    assert.equal(renamed.status, 301)
    assert.equal(renamed.headers.location, `/products/${product._id}-batik-shirt-blue`)
    assert.equal((await get(`/products/not-a-product`)).status, 404)
  })

  it('gives home its Organization and WebSite with a search, and every public page a canonical link', async () => {
    const home = await get('/')
    assert.equal(canonicalOf(home.body), `${origin()}/`)
    const types = jsonLd(home.body).map((data) => data['@type'])
    assert.deepEqual(types, ['Organization', 'WebSite'])
    const search = await get('/products/?q=kente&sort=price')
    assert.equal(canonicalOf(search.body), `${origin()}/products/`)
    const about = await get('/about')
    assert.equal(canonicalOf(about.body), `${origin()}/about`)
    const reviews = await get('/reviews')
    assert.equal(descriptionOf(reviews.body), `Reviews at ${demo.title}.`)
    assert.notEqual(descriptionOf(reviews.body), descriptionOf(about.body))
  })

  it('links product cards to readable addresses, and the structured data breaks no content security policy', async () => {
    await withPage(browser(), async (page) => {
      const violations = await watchCspViolations(page)
      await page.goto(`${origin()}/products/`)
      // Once the page's scripts run, the link is a client navigation: its data request must not redirect.
      await page.waitForLoadState('networkidle')
      const link = page.getByRole('main').locator('.product-card a').first()
      const href = await link.getAttribute('href')
      assert.match(href ?? '', /^\/products\/[0-9a-f-]{36}-[a-z0-9-]+$/)
      await link.click()
      await page.waitForURL(`**${href}`)
      await page.getByRole('button', { name: 'Add to cart' }).waitFor()
      assert.equal(await page.locator('script[type="application/ld+json"]').count(), 2)
      assert.deepEqual(violations(), [])
    })
  })
})

describe('robots, sitemap and feed on the demo shop', () => {
  it('serves them on the shop’s host with its own addresses', async () => {
    const robots = await get('/robots.txt')
    assert.match(robots.body, new RegExp(`^Sitemap: ${origin().replace(/[.]/g, '\\.')}/sitemap\\.xml$`, 'm'))
    const sitemap = await get('/sitemap.xml')
    assert.equal(sitemap.status, 200)
    assert.match(sitemap.body, /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/)
    assert.match(sitemap.body, new RegExp(`<loc>${origin()}/products/[0-9a-f-]{36}-[a-z0-9-]+</loc><lastmod>`))
    const feed = await get('/feeds/products.xml')
    assert.equal(feed.status, 200)
    assert.match(feed.body, /<g:price>\d+\.\d{2} GHS<\/g:price>/)
    assert.match(feed.body, new RegExp(`<g:link>${origin()}/products/`))
  })
})
