/**
 * The catalog on a phone (390×844): true stock on the product page, in the cart and at checkout, Markdown
 * descriptions and sharing, the typo-tolerant search, and the dashboard's stock, bulk show/hide and CSV
 * round trip.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs/promises'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { api, assertNoSidewaysScroll, axeViolations, demo, describeViolations, logInPage, readLocalStorage, tokenFor, useBrowser, useServer, withPhone as withPhoneOf, writeCart } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

const KEEPER = 'keeper@demo.shop'
const withPhone = <T>(run: (page: Page) => Promise<T>): Promise<T> => withPhoneOf(browser(), run)

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`
const main = (page: Page) => page.getByRole('main')

type Product = {
  _id: string
  title: string
  available: boolean
  price: { value: number }
  variants: { _id: string; features: Record<string, string>; availability: { level: string; left?: number } }[]
}

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

async function productTitled(title: string, token?: string): Promise<Product> {
  const page = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${await shopId()}&title[$q]=${encodeURIComponent(title)}`, { token })
  const product = page.body.data.find((candidate) => candidate.title === title)
  assert.ok(product, `${title} is in the demo shop`)
  return product
}

describe('true stock for shoppers on a phone', { timeout: 120_000 }, () => {
  it('marks the sold-out size, which cannot be added, and caps the quantity at what is left', async () => {
    const shirt = await productTitled('Kente print shirt')
    await withPhone(async (page) => {
      await page.goto(shopUrl(`/products/${shirt._id}`))
      await page.getByRole('heading', { level: 1, name: 'Kente print shirt' }).waitFor()
      // The page's scripts start after it has loaded: a size chosen before they run is reset as they start.
      await page.getByRole('button', { name: 'Add to cart' }).click({ trial: true })
      const sizes = page.getByRole('group', { name: 'Choose an option' })
      const large = sizes.locator('label').filter({ hasText: 'Size: L' })
      await large.getByText('Sold out').waitFor()
      await sizes.getByRole('radio', { name: /Size: L/ }).check()
      await main(page).getByText('Sold out', { exact: true }).first().waitFor()
      assert.equal(await page.getByRole('button', { name: 'Sold out' }).isDisabled(), true)
      assert.equal(await page.getByRole('button', { name: 'Add to cart' }).count(), 0, 'a sold-out size cannot be added')

      // S has 4: "Only 4 left", and the quantity stops there.
      await sizes.getByRole('radio', { name: /Size: S/ }).check()
      await main(page).getByText('Only 4 left').first().waitFor()
      const quantity = page.getByRole('group', { name: 'Quantity to add' })
      for (let i = 0; i < 5; i++) {
        const more = quantity.getByRole('button', { name: 'One more' })
        if (await more.isDisabled()) break
        await more.click()
      }
      assert.equal(await quantity.getByRole('spinbutton', { name: 'Quantity' }).inputValue(), '4')
      assert.equal(await quantity.getByRole('button', { name: 'One more' }).isDisabled(), true)
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      const cart = (await readLocalStorage(page, 'cart')) as { items: { count: number }[] }
      assert.equal(cart.items[0]!.count, 4)
      await assertNoSidewaysScroll(page, 'the product page')
      const violations = await axeViolations(page)
      assert.deepEqual(violations, [], describeViolations('the product page on a phone', violations))

      // In the cart the line stops at 4 too.
      await page.goto(shopUrl('/checkout'))
      const line = page.getByRole('group', { name: 'Quantity of Kente print shirt' })
      await line.waitFor()
      assert.equal(await line.getByRole('button', { name: 'One more' }).isDisabled(), true)
      await line.getByRole('spinbutton').fill('9')
      await line.getByRole('spinbutton').blur()
      assert.equal(await line.getByRole('spinbutton').inputValue(), '4')
    })
  })

  it('tells the cart that more is asked than exists before Place order, and offers what is left', async () => {
    const shirt = await productTitled('Kente print shirt')
    const medium = shirt.variants.find((variant) => variant.features.Size === 'M')!
    assert.deepEqual(medium.availability, { level: 'in-stock' }, 'M has more than the threshold: no count is shown')
    await withPhone(async (page) => {
      await page.goto(shopUrl('/terms'))
      await writeCart(page, [{ count: 999, product: shirt._id, variant: medium._id }])
      await page.goto(shopUrl('/checkout'))
      const problem = main(page).getByRole('alert').filter({ hasText: 'Only 6 left' })
      await problem.waitFor()
      await main(page).getByText('there is not enough of them in stock').waitFor()
      assert.equal(await page.getByRole('button', { name: 'Place order' }).isDisabled(), true)
      await problem.getByRole('button', { name: 'Change to 6' }).click()
      await problem.waitFor({ state: 'detached' })
      await page.waitForFunction(() => JSON.parse(window.localStorage.getItem('cart') ?? '{}').items?.[0]?.count === 6)
      await page.getByRole('button', { name: 'Place order' }).waitFor()
      assert.equal(await main(page).getByText('there is not enough of them in stock').count(), 0)
    })
  })

  it('renders the description\'s Markdown, shares through the phone or WhatsApp and offers a chat with the shop', async () => {
    const shirt = await productTitled('Kente print shirt')
    await withPhone(async (page) => {
      await page.goto(shopUrl(`/products/${shirt._id}`))
      const description = page.getByRole('region', { name: 'Description' })
      await description.getByRole('listitem').filter({ hasText: '100 % cotton' }).waitFor()
      assert.equal(await description.getByText('- 100 % cotton').count(), 0, 'no raw Markdown')
      const share = page.getByRole('link', { name: 'Share' })
      const href = new URL((await share.getAttribute('href'))!)
      assert.equal(href.origin + href.pathname, 'https://wa.me/')
      assert.ok(href.searchParams.get('text')!.includes(`/products/${shirt._id}`))

      // The demo shop gave its WhatsApp number: a shopper can ask about this product there.
      const chat = new URL((await page.getByRole('link', { name: 'Chat with us on WhatsApp' }).first().getAttribute('href'))!)
      assert.equal(chat.origin + chat.pathname, 'https://wa.me/233245550142')
      assert.ok(chat.searchParams.get('text')!.includes('Kente print shirt'))
    })
  })

  it('finds "choclate": did you mean chocolate?, with the filters folded away on a phone', async () => {
    await withPhone(async (page) => {
      await page.goto(shopUrl('/products/?q=choclate'))
      const suggestion = main(page).getByText('Did you mean')
      await suggestion.waitFor()
      await suggestion.getByRole('link', { name: 'chocolate' }).waitFor()
      await main(page).getByRole('link', { name: /Dark chocolate bar/ }).first().waitFor()
      await assertNoSidewaysScroll(page, 'the search page')

      // All products: the folded filters leave the first product near the top.
      await page.goto(shopUrl('/products/'))
      const first = main(page).getByRole('listitem').filter({ has: page.getByRole('link') }).first()
      await first.waitFor()
      const box = (await first.boundingBox())!
      assert.ok(box.y < 450, `the first product starts at y=${box.y}`)
      await page.goto(shopUrl('/products/?q=choclate'))

      // The filters apply as they change, with no Apply button.
      await page.getByText('Filter and sort').click()
      assert.equal(await page.getByRole('button', { name: 'Apply' }).count(), 0)
      await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' })
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price' && url.searchParams.get('q') === 'choclate')
      await page.getByText('Filter and sort · 1 active').waitFor()
    })
  })
})

describe('stock, bulk changes and CSV in the dashboard on a phone', { timeout: 180_000 }, () => {
  it('shows stock per variant and filters to low stock', async () => {
    await withPhone(async (page) => {
      await logInPage(server(), page, KEEPER)
      await page.goto(shopUrl('/admin/products?stock=low'))
      const row = main(page).getByRole('row').filter({ hasText: 'Kente print shirt' })
      await row.getByText('Low stock').waitFor()
      await row.getByText('L: 0').waitFor()
      assert.equal(await page.getByLabel('Stock').inputValue(), 'low')
      const rows = await main(page).getByRole('row').count()
      const all = await api<{ total: number }>(server(), 'GET', `/api/products/?shop=${await shopId()}&$limit=0`, { token: await tokenFor(server(), KEEPER) })
      assert.ok(rows - 1 < all.body.total, 'only some products run low')
    })
  })

  it('hides and shows several products at once', async () => {
    const token = await tokenFor(server(), KEEPER)
    await withPhone(async (page) => {
      await logInPage(server(), page, KEEPER)
      await page.goto(shopUrl('/admin/products?q=leather'))
      const rows = main(page).getByRole('row').filter({ has: page.getByRole('checkbox') }).filter({ hasNotText: 'Select all' })
      await rows.first().waitFor()
      const titles = (await rows.getByRole('rowheader').allTextContents()).slice(0, 2)
      assert.equal(titles.length, 2)
      for (const title of titles) await page.getByRole('checkbox', { name: `Select ${title}` }).check()
      const bar = page.getByRole('region', { name: 'Selected products' })
      await bar.getByText('2 products selected').waitFor()
      await assertNoSidewaysScroll(page, 'the product list with a selection')
      await bar.getByRole('button', { name: 'Hide from shop' }).click()
      await page.getByText('2 products hidden from the shop').waitFor()
      for (const title of titles) assert.equal((await productTitled(title, token)).available, false)

      for (const title of titles) await page.getByRole('checkbox', { name: `Select ${title}` }).check()
      await page.getByRole('region', { name: 'Selected products' }).getByRole('button', { name: 'Show in shop' }).click()
      await page.getByText('2 products shown in the shop').waitFor()
      for (const title of titles) assert.equal((await productTitled(title, token)).available, true)
    })
  })

  it('exports the products, refuses an edited file with a bad row, then imports it fixed', async () => {
    const token = await tokenFor(server(), KEEPER)
    const honey = await productTitled('Volta forest honey, 500 g', token)
    await withPhone(async (page) => {
      await logInPage(server(), page, KEEPER)
      await page.goto(shopUrl('/admin/products'))
      const panel = page.getByRole('region', { name: 'Export and import' })
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()])
      assert.equal(download.suggestedFilename(), 'products.csv')
      const exported = await fs.readFile((await download.path()), 'utf8')
      const lines = exported.trimEnd().split('\r\n')
      assert.equal(lines[0], 'product_id,title,description,price,sale_price,published,categories,variant_id,options,variant_price,variant_sale_price,sku,stock')
      const honeyLine = lines.find((line) => line.startsWith(honey._id))!
      assert.ok(honeyLine, 'the honey is exported')

      // Edit: the honey costs 99 now, and a new product with a price that is not one.
      const edited = honeyLine.replace(`,${honey.price.value},`, ',99,')
      assert.notEqual(edited, honeyLine)
      const header = lines[0]
      const bad = `${header}\n${edited}\n,Adinkra tote,,cheap,,yes,,,,,,,3\n`
      await page.getByLabel('Import a CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) })
      const preview = page.getByRole('list', { name: 'Import preview' })
      const badRow = preview.getByRole('listitem').filter({ hasText: 'Adinkra tote' })
      await badRow.getByText(/price: must be an amount/).waitFor()
      await page.getByText('1 row has problems').waitFor()
      assert.equal(await page.getByRole('button', { name: /^Import \d+ products?$/ }).isDisabled(), true)
      await assertNoSidewaysScroll(page, 'the import preview')
      const violations = await axeViolations(page)
      assert.deepEqual(violations, [], describeViolations('the import preview on a phone', violations))
      assert.equal((await productTitled('Volta forest honey, 500 g', token)).price.value, honey.price.value, 'nothing was written')

      const good = `${header}\n${edited}\n,Adinkra tote,,45,,yes,,,,,,,3\n`
      await page.getByLabel('Import a CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(good) })
      await page.getByText('Every row is fine.').waitFor()
      await page.getByRole('button', { name: 'Import 2 products' }).click()
      await page.getByText('Imported: 1 new, 1 updated (2 rows)').waitFor()
      assert.equal((await productTitled('Volta forest honey, 500 g', token)).price.value, 99)
      assert.equal((await productTitled('Adinkra tote', token)).price.value, 45)
    })
  })
})
