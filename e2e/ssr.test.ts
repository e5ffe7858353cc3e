/**
 * Server rendering by host (docs/architecture.md §3, §12; docs/product.md §2 page metadata): plain HTTP with a Host header, no browser.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PROVIDER_NAME, demo, request, useServer } from './fixtures'

type ShopProfile = {
  title: string
  about: string
  logo: { url: string; thumbnail: string; variants?: { width: number; webp: string }[]; icons?: { size: number; url: string }[] } | null
  socials: { site: string; url: string }[]
  config: { facebook: { meta: string } }
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The content of `<meta name|property="key" content="…">`, or null. */
function metaContent(html: string, key: string): string | null {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    if (!new RegExp(`\\b(?:name|property)="${key.replace(/[.:]/g, '\\$&')}"`).test(tag)) continue
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1]
    return content === undefined ? null : decode(content)
  }
  return null
}

const { server } = useServer()

describe('server-rendered pages', () => {
  it('renders the demo shop home with its title, description, cards and favicon', async () => {
    const { port } = server()
    const host = `demo.localhost:${port}`
    const shopResponse = await request(port, host, `/api/shops/${demo.slug}`)
    assert.equal(shopResponse.status, 200)
    const shop = JSON.parse(shopResponse.body) as ShopProfile

    const page = await request(port, host, '/')
    assert.equal(page.status, 200)
    assert.match(String(page.headers['content-type']), /^text\/html/)
    const html = page.body
    assert.ok(html.includes('<title>Home | Demo Shop</title>'), 'title is "Home | Demo Shop"')

    // The shop's about text (shortened for snippets), or docs/product.md's fallback.
    const description = metaContent(html, 'description')
    assert.ok(description)
    const about = shop.about.replace(/\s+/g, ' ').trim()
    if (about) {
      assert.ok(description.length <= 200)
      assert.ok(about.startsWith(description.replace(/…$/, '')), `"${description}" comes from the about text`)
    } else {
      assert.equal(description, 'Our site is still under development. Please come back later')
    }
    assert.equal(metaContent(html, 'og:title'), 'Home | Demo Shop')
    assert.equal(metaContent(html, 'og:description'), description)
    assert.equal(metaContent(html, 'twitter:description'), description)
    assert.equal(metaContent(html, 'twitter:card'), 'summary_large_image')
    assert.equal(metaContent(html, 'twitter:title'), 'Home | Demo Shop')

    const twitter = shop.socials.find((social) => social.site === 'twitter')
    if (twitter) {
      const handle = new URL(twitter.url).pathname.split('/').filter(Boolean)[0]
      assert.equal(metaContent(html, 'twitter:site'), `@${handle}`)
    } else {
      assert.equal(metaContent(html, 'twitter:site'), null)
    }

    if (shop.logo) {
      assert.equal(metaContent(html, 'og:image'), new URL(shop.logo.url, `http://${host}`).toString())
      // The logo's smallest square icon, the one the web app manifest names first: one file for both.
      assert.equal(shop.logo.icons?.[0]?.size, 192)
      assert.ok(html.includes(`<link rel="icon" href="${shop.logo.icons[0].url}"/>`), "the favicon is the logo's smallest icon")
      const manifest = JSON.parse((await request(port, host, '/manifest.webmanifest')).body) as { icons: { src: string }[] }
      assert.equal(manifest.icons[0]?.src, shop.logo.icons[0].url)
    } else {
      assert.equal(metaContent(html, 'og:image'), null)
      assert.ok(html.includes('<link rel="icon" href="/favicon.svg"'), 'the favicon is the default icon')
    }
    const verification = shop.config.facebook.meta.trim()
    if (verification) assert.ok(metaContent(html, 'facebook-domain-verification'))

    // The page itself: the shop's heading, the navbar with the Log in button, rendered on the server.
    assert.match(html, /<h1[^>]*>Demo Shop<\/h1>/)
    assert.match(html, /<nav[^>]*aria-label="Main"/)
    assert.match(html, /<button[^>]*>Log in<\/button>/)
  })

  it('serves the favicon and the hashed assets with long-lived caching', async () => {
    const { port } = server()
    const html = (await request(port, `demo.localhost:${port}`, '/')).body
    // The page names its scripts in links that wait for the page to load (apps/web/app/lib/scripts-after-load.ts).
    const script = /<link rel="x-modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    assert.ok(script, 'the page names its scripts')
    const asset = await request(port, `demo.localhost:${port}`, script)
    assert.equal(asset.status, 200)
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.match(String(asset.headers['content-type']), /javascript/)

    const icon = await request(port, `localhost:${port}`, '/favicon.svg')
    assert.equal(icon.status, 200)
    assert.match(String(icon.headers['content-type']), /^image\/svg\+xml/)

    assert.equal((await request(port, `demo.localhost:${port}`, '/assets/missing-abc123.js')).status, 404)
  })

  it('shows the provider landing page on the platform host', async () => {
    const { port } = server()
    const page = await request(port, `localhost:${port}`, '/')
    assert.equal(page.status, 200)
    assert.ok(page.body.includes(`<title>${PROVIDER_NAME}</title>`))
    assert.match(page.body, new RegExp(`<h1[^>]*>${PROVIDER_NAME}</h1>`))
    assert.match(page.body, /<a[^>]*href="\/setup"[^>]*>Create your shop<\/a>/)
    assert.ok(!page.body.includes('Demo Shop'), 'no shop on the platform host')
  })

  it('answers an unknown host with a 404 page', async () => {
    const { port } = server()
    for (const host of [`nowhere.localhost:${port}`, `127.0.0.1:${port}`]) {
      const page = await request(port, host, '/')
      assert.equal(page.status, 404, host)
      assert.match(String(page.headers['content-type']), /^text\/html/)
      assert.match(page.body, /Shop not found/)
    }
  })

  it('sends a search typed with spaces around it to its trimmed address', async () => {
    const { port } = server()
    const host = `demo.localhost:${port}`
    const padded = await request(port, host, '/products/?q=+++kente+++&sort=price')
    assert.equal(padded.status, 302)
    assert.equal(padded.headers.location, '/products/?q=kente&sort=price')
    const blank = await request(port, host, '/products/?q=+++')
    assert.equal(blank.status, 302)
    assert.equal(blank.headers.location, '/products/')
    assert.equal((await request(port, host, '/products/?q=kente')).status, 200)
  })

  it('renders unknown paths as a 404 page inside the shop layout', async () => {
    const { port } = server()
    const page = await request(port, `demo.localhost:${port}`, '/no/such/page')
    assert.equal(page.status, 404)
    assert.ok(page.body.includes('<title>Page not found | Demo Shop</title>'))
    assert.match(page.body, /<h1[^>]*>Page not found<\/h1>/)
    assert.match(page.body, /<nav[^>]*aria-label="Main"/)
  })

  it('keeps API paths out of the web app: unknown ones get the Feathers NotFound', async () => {
    const { port } = server()
    for (const [method, urlPath] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/no-such-thing'],
      ['GET', '/delivery/nope'],
      ['GET', '/uploads/zz/missing.webp'],
    ] as const) {
      const response = await request(port, `demo.localhost:${port}`, urlPath, { method })
      assert.equal(response.status, 404, `${method} ${urlPath}`)
      const body = JSON.parse(response.body) as Record<string, unknown>
      assert.equal(body.name, 'NotFound')
      assert.equal(body.code, 404)
      assert.equal(body.className, 'not-found')
    }
  })

  it('renders the account page in the browser only', async () => {
    const { port } = server()
    const page = await request(port, `demo.localhost:${port}`, '/account')
    assert.equal(page.status, 200)
    assert.ok(page.body.includes('<title>Your account | Demo Shop</title>'))
    assert.match(page.body, /Loading your account/)
  })
})

/** Every `<picture>` of a page: its sources' attributes and its image's. */
function pictures(html: string) {
  const attributes = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), decode(value!)]))
  return [...html.matchAll(/<picture\b[^>]*>(.*?)<\/picture>/g)].map(([, inner]) => ({
    sources: [...inner!.matchAll(/<source\b[^>]*>/g)].map(([tag]) => attributes(tag)),
    img: attributes(/<img\b[^>]*>/.exec(inner!)![0]),
  }))
}

describe('pictures that fit the screen', () => {
  it('offers the demo pictures in AVIF then WebP widths with sizes, their size, and the first card first', async () => {
    const { port } = server()
    const html = (await request(port, `demo.localhost:${port}`, '/')).body
    const cards = pictures(html).filter((picture) => picture.img.class?.includes('product-image'))
    assert.equal(cards.length, 8, 'the eight newest products have pictures with widths')
    for (const [index, { sources, img }] of cards.entries()) {
      assert.deepEqual(
        sources.map((source) => source.type),
        ['image/avif', 'image/webp'],
      )
      for (const source of sources) {
        const format = source.type!.slice('image/'.length)
        // The demo pictures are 640 px wide: 160, 320 and their own 640 (never enlarged).
        assert.match(source.srcset!, new RegExp(`^/uploads/\\S+-160\\.${format} 160w, \\S+-320\\.${format} 320w, \\S+-640\\.${format} 640w$`))
        assert.match(source.sizes!, /calc\(50vw - 1\.5rem\)$/, 'two columns on a phone')
      }
      assert.equal(img.width, '640')
      assert.equal(img.height, '640')
      assert.equal(img.loading, index === 0 ? 'eager' : 'lazy')
      assert.equal(img.fetchpriority, index === 0 ? 'high' : undefined)
    }
    assert.equal((html.match(/fetchpriority="high"/gi) ?? []).length, 1, 'one picture is fetched first')
  })

  it('fetches a product page\'s main picture first, sized for the page, and serves the widths as AVIF', async () => {
    const { port } = server()
    const host = `demo.localhost:${port}`
    const shopId = (JSON.parse((await request(port, host, `/api/shops/${demo.slug}`)).body) as { _id: string })._id
    const list = JSON.parse((await request(port, host, `/api/products/?shop=${shopId}&$limit=1`)).body) as { data: { _id: string }[] }
    const id = list.data[0]!._id
    const html = (await request(port, host, (await request(port, host, `/products/${id}`)).headers.location!)).body
    const main = pictures(html).find((picture) => picture.img.class?.includes('gallery-main'))
    assert.ok(main, 'the main picture has widths')
    assert.equal(main.img.fetchpriority, 'high')
    assert.equal(main.img.loading, 'eager')
    assert.match(main.sources[0]!.sizes!, /calc\(100vw - 2rem\)$/)
    const smallest = main.sources[0]!.srcset!.split(' ')[0]!
    const file = await request(port, host, smallest)
    assert.equal(file.status, 200)
    assert.equal(file.headers['content-type'], 'image/avif')
  })
})

describe('installable shop', () => {
  it('links a manifest with the shop\'s name, its logo\'s square icons and the theme colour', async () => {
    const { port } = server()
    const host = `demo.localhost:${port}`
    const html = (await request(port, host, '/about')).body
    assert.ok(html.includes('<link rel="manifest" href="/manifest.webmanifest"/>'))
    assert.equal(metaContent(html, 'theme-color'), '#1f4e79')

    const response = await request(port, host, '/manifest.webmanifest')
    assert.equal(response.status, 200)
    assert.match(String(response.headers['content-type']), /^application\/manifest\+json/)
    const manifest = JSON.parse(response.body) as { name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] }
    assert.equal(manifest.name, 'Demo Shop')
    assert.equal(manifest.start_url, '/')
    assert.equal(manifest.display, 'standalone')
    assert.equal(manifest.theme_color, '#1f4e79')
    assert.deepEqual(
      manifest.icons.map((icon) => [icon.sizes, icon.type]),
      [
        ['192x192', 'image/webp'],
        ['512x512', 'image/webp'],
      ],
    )
    for (const icon of manifest.icons) {
      const file = await request(port, host, icon.src)
      assert.equal(file.status, 200)
      assert.equal(file.headers['content-type'], 'image/webp')
    }
    // The platform's own host is no shop: no manifest.
    assert.equal((await request(port, `localhost:${port}`, '/manifest.webmanifest')).status, 404)
  })

  it('serves the service worker uncached, its caches named after the build', async () => {
    const { port } = server()
    const response = await request(port, `demo.localhost:${port}`, '/sw.js')
    assert.equal(response.status, 200)
    assert.match(String(response.headers['content-type']), /^text\/javascript/)
    assert.equal(response.headers['cache-control'], 'no-cache')
    const page = await request(port, `demo.localhost:${port}`, '/')
    const version = /\/assets\/manifest-([0-9a-f]+)\.js/.exec(page.body)?.[1]
    assert.ok(version, 'the page names its build')
    assert.ok(response.body.includes(JSON.stringify(version)), 'the worker names its caches after the same build')
  })
})

describe('server-rendered shop pages', () => {
  it('renders search results with the filters, on the server', async () => {
    const { port } = server()
    const page = await request(port, `demo.localhost:${port}`, '/products/?q=kente&sort=price&direction=asc')
    assert.equal(page.status, 200)
    assert.ok(page.body.includes('<title>Search: kente | Demo Shop</title>'))
    assert.match(page.body, /<h1[^>]*>Results for “kente”<\/h1>/)
    assert.match(page.body, /<a[^>]*href="\/products\/[0-9a-f-]{36}-kente-print-shirt"[^>]*>Kente print shirt<\/a>/)
    assert.match(page.body, /<option value="price-asc" selected="">/)
    // Cards load their thumbnails lazily, past the first row.
    assert.match(page.body, /<img[^>]*src="\/uploads\/[^"]+-thumb\.webp"/)
  })

  it('renders a product page with its own title and picture for sharing', async () => {
    const { port } = server()
    const host = `demo.localhost:${port}`
    const shop = JSON.parse((await request(port, host, `/api/shops/${demo.slug}`)).body) as { _id: string }
    const list = JSON.parse((await request(port, host, `/api/products/?shop=${shop._id}&title[$q]=jacket`)).body) as {
      data: { _id: string; title: string; images: { url: string }[] }[]
    }
    const product = list.data[0]!
    const page = await request(port, host, (await request(port, host, `/products/${product._id}`)).headers.location!)
    assert.equal(page.status, 200)
    assert.ok(page.body.includes(`<title>${product.title} | Demo Shop</title>`))
    assert.equal(metaContent(page.body, 'og:image'), new URL(product.images[0]!.url, `http://${host}`).toString())
    assert.equal(metaContent(page.body, 'twitter:card'), 'summary_large_image')
    assert.match(page.body, /<s class="price-regular">/, 'the sale price strikes the regular one')
  })

  it('answers unknown products and shared checkouts with a 404 page in the layout', async () => {
    const { port } = server()
    for (const path of ['/products/00000000-0000-4000-8000-000000000000', '/products/nope', '/checkout/00000000-0000-4000-8000-000000000000']) {
      const page = await request(port, `demo.localhost:${port}`, path)
      assert.equal(page.status, 404, path)
      assert.ok(page.body.includes('<title>Page not found | Demo Shop</title>'), path)
      assert.match(page.body, /<nav[^>]*aria-label="Main"/)
    }
  })

  it('renders the about page with its anchors and the footer links', async () => {
    const { port } = server()
    const page = await request(port, `demo.localhost:${port}`, '/about')
    assert.equal(page.status, 200)
    for (const id of ['payments', 'returns', 'contact']) assert.match(page.body, new RegExp(`<section id="${id}"`))
    assert.match(page.body, new RegExp(`<a href="http://localhost:${port}/setup">Create your shop</a>`))
    assert.match(page.body, /<a href="[^"]+\/terms">Terms<\/a>/)
    assert.match(page.body, /<a href="[^"]+\/privacy">Privacy<\/a>/)
  })
})
