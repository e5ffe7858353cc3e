/**
 * Variants that sell (issue 29, item 4), in Chromium on a small phone: the merchant names an option once
 * and makes the variants, one with its own price; the product's cards say "from" the lowest price; a shopper
 * picks a variant with its own price and picture, sees them, adds it to the cart, and the checkout and the
 * order charge that price.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, ownerApi, request, useBrowser, useServer, withPhone } from './fixtures'

type Picture = { url: string; thumbnail: string; alt: string }
type Variant = { _id: string; features: Record<string, string>; price?: { value: number; currency: string }; sellAt?: number; sku?: string; image?: Picture }
type Product = { _id: string; title: string; price: { value: number }; images: Picture[]; variants: Variant[] }
type Order = { items: { variant: { _id: string; sku?: string } | null; unitPrice: number; count: number }[]; totals: { subtotal: number } }

const { server } = useServer()
const { browser } = useBrowser()
const owner = ownerApi(server)
const shop = () => server().shopUrl(demo.slug)
const main = (page: Page) => page.getByRole('main')

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

async function findProduct(title: string): Promise<Product> {
  const page = await owner<{ data: Product[] }>('GET', `/api/products/?shop=${await shopId()}&title[$q]=${encodeURIComponent(title)}`)
  const product = page.data.find((candidate) => candidate.title === title)
  assert.ok(product, `the demo shop sells ${title}`)
  return product
}

describe('variants that sell', { timeout: 180_000 }, () => {
  it('a shopper picks a variant with its own price and picture, and is charged that price', async () => {
    const shirt = await findProduct('Kente print shirt')
    assert.ok(shirt.images.length >= 2, 'the shirt has two pictures')
    const xl = shirt.variants.find((variant) => variant.features.Size === 'XL')!
    const own = shirt.images[1]!
    // XL costs more, is on sale, and shows the second picture.
    await owner('PATCH', `/api/products/${shirt._id}`, {
      variants: shirt.variants.map((variant) =>
        variant._id === xl._id
          ? { _id: variant._id, features: variant.features, price: { value: 250, currency: 'GHS' }, sellAt: 230, sku: 'KPS-XL', image: { url: own.url, thumbnail: own.thumbnail, alt: own.alt } }
          : { _id: variant._id, features: variant.features },
      ),
    })

    await withPhone(
      browser(),
      async (page) => {
        // The cards in the list and a search (home shows the same cards) say the lowest price "from"
        // (decision 95), rendered by the server.
        for (const path of ['/products/', '/products/?q=kente+print+shirt']) {
          await page.goto(`${shop()}${path}`)
          const card = main(page).locator('.product-card').filter({ has: page.getByRole('link', { name: 'Kente print shirt', exact: true }) })
          assert.equal((await card.locator('.price').textContent())?.replace(/\s+/g, ' '), 'from GHS 220.00', `the shirt's card at ${path}`)
        }
        const html = (await request(server().port, `${demo.slug}.localhost:${server().port}`, '/products/?q=kente+print+shirt')).body
        assert.match(html, /<span class="price-from">from <\/span><strong>GHS(&nbsp;|\s|\u00a0)220\.00<\/strong>/, 'the server renders it')

        await page.goto(`${shop()}/products/${shirt._id}`)
        await page.getByRole('heading', { level: 1, name: 'Kente print shirt' }).waitFor()
        const price = main(page).locator('.price-large')
        await price.getByText('GHS 220.00').waitFor()
        const picture = main(page).locator('img.gallery-main')
        assert.equal(await picture.getAttribute('src'), shirt.images[0]!.url, 'the product\'s first picture shows first')

        await page.getByRole('radio', { name: /Size: XL/ }).check()
        await price.getByText('GHS 230.00').waitFor()
        assert.match((await price.locator('s').textContent())!, /^Regular price GHS\s250\.00$/)
        // The gallery opens on the variant's own picture.
        await main(page).locator(`img.gallery-main[src="${own.url}"]`).waitFor()
        await assertNoSidewaysScroll(page, 'the product page with a variant chosen')

        await page.getByRole('button', { name: 'Add to cart' }).click()
        await page.getByText('Added to your cart.').waitFor()
        await page.goto(`${shop()}/checkout`)
        await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor()
        await main(page).getByText('GHS 230.00 each').waitFor()
        await main(page).locator('dl.totals').getByText('GHS 230.00').first().waitFor()

        await page.getByLabel('Your name').fill('Efua Asante')
        await page.getByLabel('Phone').fill('024 412 3456')
        await page.getByRole('button', { name: 'Place order' }).click()
        await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
        const url = new URL(page.url())
        const order = await api<Order>(server(), 'GET', `${url.pathname.replace('/orders', '/api/orders')}?key=${url.searchParams.get('key')}`)
        assert.equal(order.status, 200)
        assert.deepEqual(
          order.body.items.map((line) => [line.variant?._id, line.variant?.sku, line.unitPrice, line.count]),
          [[xl._id, 'KPS-XL', 230, 1]],
        )
        assert.equal(order.body.totals.subtotal, 230)
        // The order page shows the price it was sold at.
        await main(page).getByText('GHS 230.00').first().waitFor()
      },
      SMALL_PHONE,
    )
  })

  it('the merchant names an option once, makes the variants and prices one; new stock is not counted', async () => {
    const created = await owner<Product>('POST', '/api/products/', { shop: await shopId(), title: 'Adinkra smock', price: { value: 300, currency: 'GHS' } })
    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.owner)
        await page.goto(`${shop()}/admin/products/${created._id}`)
        await main(page).getByRole('heading', { level: 1, name: 'Edit product' }).waitFor()
        await main(page).getByRole('textbox', { name: 'Option 1', exact: true }).fill('Size')
        await main(page).getByRole('textbox', { name: 'Choices of option 1' }).fill('S, M, L')
        await main(page).getByRole('button', { name: 'Add option' }).click()
        await main(page).getByRole('textbox', { name: 'Option 2', exact: true }).fill('Colour')
        await main(page).getByRole('textbox', { name: 'Choices of option 2' }).fill('Indigo, Red')
        await main(page).getByRole('button', { name: 'Make 6 variants' }).click()
        await main(page).getByText('6 variants: 6 new.').waitFor()
        const large = main(page).getByRole('group', { name: 'Variant 5' })
        assert.equal(await large.getByRole('textbox', { name: 'Feature 1 value' }).inputValue(), 'L')
        assert.equal(await large.getByRole('textbox', { name: 'Feature 2 value' }).inputValue(), 'Indigo')
        await large.getByRole('spinbutton', { name: 'Price (GHS) of variant 5' }).fill('340')
        await large.getByRole('textbox', { name: 'SKU of variant 5' }).fill('SMOCK-L-IND')
        await main(page).getByRole('group', { name: 'Variant 1' }).getByRole('spinbutton', { name: 'Quantity in stock' }).fill('4')
        await assertNoSidewaysScroll(page, 'the product editor with six variants')
        await main(page).getByRole('button', { name: 'Save product' }).click()
        await page.getByText('Product saved').waitFor()
      },
      SMALL_PHONE,
    )
    const saved = await owner<Product & { stock: { variant: string | null; quantity: number; tracked: boolean }[] }>('GET', `/api/products/${created._id}`)
    assert.deepEqual(
      saved.variants.map((variant) => [variant.features.Size, variant.features.Colour, variant.price?.value ?? null, variant.sku ?? null]),
      [
        ['S', 'Indigo', null, null],
        ['S', 'Red', null, null],
        ['M', 'Indigo', null, null],
        ['M', 'Red', null, null],
        ['L', 'Indigo', 340, 'SMOCK-L-IND'],
        ['L', 'Red', null, null],
      ],
    )
    // Only the variant given a quantity is counted; the others are sold without counting, not sold out.
    const counted = saved.stock.filter((row) => row.tracked)
    assert.deepEqual(counted, [{ variant: saved.variants[0]!._id, quantity: 4, tracked: true }])
    const shown = (await api<{ availability: { level: string } }>(server(), 'GET', `/api/products/${created._id}`)).body
    assert.equal(shown.availability.level, 'in-stock')
  })
})
