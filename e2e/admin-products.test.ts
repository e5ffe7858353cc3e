/**
 * The admin Products tab in Chromium (docs/architecture.md §7, §12): the list with its filters and pages, creating a
 * product with uploaded images, variants, stock and a new category (then finding it on the storefront),
 * editing its price, deleting it, validation errors at their fields (the form's and the API's), another
 * shop's product shown as not found, and axe on the list and the form.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { api, axeViolations, demo, describeViolations, logInPage, tokenFor, useBrowser, useServer, withPage } from './fixtures'

type Product = {
  _id: string
  title: string
  price: { value: number; currency: string }
  images: { url: string; thumbnail: string; alt: string }[]
  variants: { _id: string; features: Record<string, string> }[]
  categories: string[]
  available: boolean
}
type ListPage<T> = { total: number; data: T[] }
type InventoryRow = { variant: string | null; quantity: number; tracked: boolean }

const { server } = useServer()
const { browser } = useBrowser()

const shop = () => server().shopUrl(demo.slug)
const main = (page: Page) => page.getByRole('main')

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

/** A small PNG of one colour: distinct colours are distinct uploads (files are stored by content). */
function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer()
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page)
  assert.deepEqual(violations, [], describeViolations(where, violations))
}

/** The text of the elements an element's aria-describedby names: what a screen reader reads with it. */
function description(locator: Locator): Promise<string> {
  return locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )
}

async function productCount(token: string): Promise<number> {
  const answer = await api<ListPage<Product>>(server(), 'GET', `/api/products/?shop=${await shopId()}&$limit=0`, { token })
  return answer.body.total
}

describe('admin products', { timeout: 120_000 }, () => {
  it('lists every product for staff, with search, stock and category filters and pages kept in the address', async () => {
    await withPage(browser(), async (page) => {
      await logInPage(server(), page, demo.owner)
      await page.goto(`${shop()}/admin/products`)
      await main(page).getByRole('heading', { level: 1, name: 'Products' }).waitFor()
      const table = main(page).getByRole('table')
      await table.getByRole('row').nth(20).waitFor()
      assert.equal(await table.getByRole('row').count(), 21, 'a header and 20 products')
      await main(page).getByText(/^\d+ products$/).waitFor()
      await expectNoViolations(page, '/admin/products')

      await main(page).getByRole('link', { name: 'Next' }).click()
      await page.waitForURL((url) => url.search === '?page=2')
      await main(page).getByText('Page 2').waitFor()
      await main(page).getByRole('link', { name: 'Previous' }).click()
      await page.waitForURL((url) => url.search === '')
      // The filter form starts again from each new address: type only once page 1 has rendered.
      await main(page).getByText('Page 1 of').waitFor()

      // Staff see products shoppers cannot (the seeded jacket is not available yet).
      const filters = main(page).getByRole('search', { name: 'Filter products' })
      await filters.getByRole('searchbox', { name: 'Search' }).fill('  bomber ')
      await filters.getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL((url) => url.search === '?q=bomber')
      const jacket = table.getByRole('row', { name: /Wax print bomber jacket/ })
      await jacket.waitFor()
      assert.equal(await jacket.getByRole('cell').last().textContent(), 'No')
      // 3 of each size: at or below the threshold, so the list says so, with each size's count.
      await jacket.getByText('Low stock').waitFor()
      await jacket.getByText('M: 3').waitFor()

      await filters.getByRole('combobox', { name: 'Stock' }).selectOption('out')
      await filters.getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL((url) => url.search === '?q=bomber&stock=out')
      await main(page).getByText('No products match these filters.').waitFor()

      // The address alone restores the filters.
      await filters.getByRole('searchbox', { name: 'Search' }).fill('')
      await filters.getByRole('combobox', { name: 'Stock' }).selectOption('all')
      await filters.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Clothing' })
      await filters.getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL((url) => url.searchParams.has('category') && !url.searchParams.has('q'))
      await page.reload()
      await table.getByRole('row', { name: /Kente print shirt/ }).waitFor()
      const category = filters.getByRole('combobox', { name: 'Category' })
      await category.getByRole('option', { name: 'Clothing' }).waitFor({ state: 'attached' })
      assert.equal(await category.inputValue(), new URL(page.url()).searchParams.get('category'))
    })
  })

  it('creates a product with images, variants, stock and a new category, and shoppers find it', async () => {
    await withPage(browser(), async (page) => {
      const { token } = await logInPage(server(), page, demo.owner)
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(`${shop()}/admin/products`)
      await main(page).getByRole('link', { name: 'New product' }).click()
      await main(page).getByRole('heading', { level: 1, name: 'New product' }).waitFor()
      await expectNoViolations(page, '/admin/products/new')

      const title = 'Zanzibar indigo scarf'
      await main(page).getByRole('textbox', { name: 'Title' }).fill(title)
      await main(page).getByRole('textbox', { name: 'Description' }).fill('Hand-dyed cotton, folded in tissue.')
      await main(page).getByRole('spinbutton', { name: 'Price', exact: true }).fill('85.50')
      const currency = main(page).getByRole('textbox', { name: 'Currency' })
      assert.equal(await currency.inputValue(), 'GHS')
      assert.equal(await currency.isEditable(), false, 'checkout sells only in the shop\'s currency')
      assert.match(await description(currency), /priced in the shop’s currency, GHS/)

      // Two files at once; the upload is held back a moment so each one's progress bar can be seen.
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/api/uploads?**', async (route) => {
        await held
        await route.continue()
      })
      await main(page).getByLabel('Add images').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: await png('#1f3b73') },
        { name: 'back.png', mimeType: 'image/png', buffer: await png('#c2a14d') },
      ])
      await main(page).getByRole('progressbar', { name: 'Uploading front.png' }).waitFor()
      await main(page).getByRole('progressbar', { name: 'Uploading back.png' }).waitFor()
      assert.ok(await main(page).getByRole('button', { name: 'Create product' }).isDisabled(), 'saving waits for the uploads')
      release()
      await main(page).getByRole('textbox', { name: 'Alt text for image 2' }).waitFor()
      await main(page).getByRole('progressbar').first().waitFor({ state: 'detached' })
      await page.unroute('**/api/uploads?**')

      await main(page).getByRole('textbox', { name: 'Alt text for image 1' }).fill('Scarf, front')
      await main(page).getByRole('textbox', { name: 'Alt text for image 2' }).fill('Scarf, back')
      const moveDown = main(page).getByRole('button', { name: 'Move down image 1' })
      await moveDown.focus()
      await page.keyboard.press('Enter')
      assert.equal(await main(page).getByRole('textbox', { name: 'Alt text for image 1' }).inputValue(), 'Scarf, back')
      await main(page).getByText('Image 1 moved to position 2.').waitFor()

      await main(page).getByRole('button', { name: 'Add variant' }).click()
      const first = main(page).getByRole('group', { name: 'Variant 1' })
      await first.getByRole('textbox', { name: 'Feature 1 name' }).fill('Size')
      await first.getByRole('textbox', { name: 'Feature 1 value' }).fill('M')
      await first.getByRole('button', { name: 'Add feature to variant 1' }).click()
      await first.getByRole('textbox', { name: 'Feature 2 name' }).fill('Colour')
      await first.getByRole('textbox', { name: 'Feature 2 value' }).fill('Indigo')
      await first.getByRole('spinbutton', { name: 'Quantity in stock' }).fill('5')

      await main(page).getByRole('button', { name: 'Add variant' }).click()
      const second = main(page).getByRole('group', { name: 'Variant 2' })
      assert.equal(await second.getByRole('textbox', { name: 'Feature 2 name' }).inputValue(), 'Colour', 'names come from the last variant')
      await second.getByRole('textbox', { name: 'Feature 1 value' }).fill('L')
      await second.getByRole('textbox', { name: 'Feature 2 value' }).fill('Indigo')
      await second.getByRole('spinbutton', { name: 'Quantity in stock' }).fill('3')

      const categories = main(page).getByRole('group', { name: 'Categories' })
      await categories.getByRole('textbox', { name: 'New category' }).fill('Scarves')
      await categories.getByRole('button', { name: 'Add category' }).click()
      await categories.getByRole('checkbox', { name: 'Scarves' }).waitFor()
      assert.ok(await categories.getByRole('checkbox', { name: 'Scarves' }).isChecked(), 'a new category is chosen')
      await categories.getByRole('checkbox', { name: 'Accessories' }).check()

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      assert.ok(overflow <= 0, `the form fits 375px (overflows by ${overflow}px)`)
      await expectNoViolations(page, '/admin/products/new, filled in')

      await main(page).getByRole('button', { name: 'Create product' }).click()
      await page.getByText('Product created').waitFor()
      await page.waitForURL((url) => /^\/admin\/products\/[0-9a-f-]{36}$/.test(url.pathname))
      await main(page).getByRole('heading', { level: 1, name: 'Edit product' }).waitFor()
      assert.equal(await main(page).getByRole('textbox', { name: 'Title' }).inputValue(), title)

      const id = new URL(page.url()).pathname.split('/').pop()!
      const product = (await api<Product>(server(), 'GET', `/api/products/${id}`, { token })).body
      assert.equal(product.title, title)
      assert.deepEqual(product.price, { value: 85.5, currency: 'GHS' })
      assert.deepEqual(product.images.map((image) => image.alt), ['Scarf, back', 'Scarf, front'])
      assert.deepEqual(product.variants.map((variant) => variant.features), [
        { Size: 'M', Colour: 'Indigo' },
        { Size: 'L', Colour: 'Indigo' },
      ])
      assert.equal(product.categories.length, 2)
      const stock = (await api<ListPage<InventoryRow>>(server(), 'GET', `/api/inventory/?product=${id}`, { token })).body.data
      const quantityOf = (variant: string) => stock.find((row) => row.variant === variant)
      assert.deepEqual(quantityOf(product.variants[0]!._id), { ...quantityOf(product.variants[0]!._id), quantity: 5, tracked: true })
      assert.deepEqual(quantityOf(product.variants[1]!._id), { ...quantityOf(product.variants[1]!._id), quantity: 3, tracked: true })
      await expectNoViolations(page, '/admin/products/:id')

      // The storefront: search, then the product page with its price and variant choices.
      await page.goto(`${shop()}/products/?q=${encodeURIComponent('indigo scarf')}`)
      await main(page).getByRole('link', { name: title }).click()
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      await main(page).getByText(/GHS\s85\.50/).first().waitFor()
      const options = page.getByRole('group', { name: 'Choose an option' })
      await options.getByRole('radio', { name: 'Size: M · Colour: Indigo' }).waitFor()
      await options.getByRole('radio', { name: 'Size: L · Colour: Indigo' }).waitFor()
    })
  })

  it('edits the price and then deletes the product', async () => {
    const token = await tokenFor(server(), demo.owner)
    const created = await api<Product>(server(), 'POST', '/api/products/', {
      token,
      body: {
        shop: await shopId(),
        title: 'Raffia market basket',
        price: { value: 60, currency: 'GHS' },
        variants: [{ features: { Size: 'Small' } }],
      },
    })
    assert.equal(created.status, 201)
    const id = created.body._id

    await withPage(browser(), async (page) => {
      await logInPage(server(), page, demo.owner)
      await page.goto(`${shop()}/admin/products/${id}`)
      const price = main(page).getByRole('spinbutton', { name: 'Price', exact: true })
      await price.waitFor()
      assert.equal(await price.inputValue(), '60')
      await price.fill('72.25')
      await main(page).getByRole('spinbutton', { name: 'Sale price', exact: true }).fill('65')
      // Going to another page of the dashboard with the changes not saved asks first, in the page; staying keeps them.
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products', exact: true }).click()
      const leave = page.getByRole('dialog', { name: 'You have unsaved changes. Leave this page and lose them?' })
      await leave.getByRole('button', { name: 'Stay' }).click()
      await leave.waitFor({ state: 'hidden' })
      assert.equal(new URL(page.url()).pathname, `/admin/products/${id}`)
      assert.equal(await price.inputValue(), '72.25')
      await main(page).getByRole('button', { name: 'Save product' }).click()
      await page.getByText('Product saved').waitFor()
      const saved = (await api<Product & { sellAt: number }>(server(), 'GET', `/api/products/${id}`, { token })).body
      assert.deepEqual([saved.price.value, saved.sellAt], [72.25, 65])
      assert.deepEqual(saved.variants.map((variant) => variant.features), [{ Size: 'Small' }])

      await main(page).getByRole('button', { name: 'Delete product' }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete “Raffia market basket”?' })
      await dialog.getByRole('button', { name: 'Delete product' }).click()
      await page.getByText('Product deleted').waitFor()
      await page.waitForURL((url) => url.pathname === '/admin/products')
      assert.equal((await api(server(), 'GET', `/api/products/${id}`, { token })).status, 404)
    })
  })

  it('shows a validation error at the field and creates nothing', async () => {
    await withPage(browser(), async (page) => {
      const { token } = await logInPage(server(), page, demo.owner)
      const before = await productCount(token)
      await page.goto(`${shop()}/admin/products/new`)
      await main(page).getByRole('spinbutton', { name: 'Price', exact: true }).fill('10')
      await main(page).getByRole('button', { name: 'Create product' }).click()

      const title = main(page).getByRole('textbox', { name: 'Title' })
      await main(page).getByText('This field is required').waitFor()
      assert.equal(await title.getAttribute('aria-invalid'), 'true')
      assert.match((await title.getAttribute('aria-describedby')) ?? '', /error/)
      assert.ok(await title.evaluate((input) => input === document.activeElement), 'the field with the error has the focus')
      await expectNoViolations(page, '/admin/products/new with an error')

      // Typing clears the message.
      await title.fill('A')
      assert.equal(await title.getAttribute('aria-invalid'), null)
      assert.equal(new URL(page.url()).pathname, '/admin/products/new')
      assert.equal(await productCount(token), before)
    })
  })

  it('shows a sale price above the price, a variant without features and a deleted category at their place', async () => {
    const token = await tokenFor(server(), demo.owner)
    const doomed = await api<{ _id: string }>(server(), 'POST', '/api/categories/', {
      token,
      body: { shop: await shopId(), name: 'Short-lived' },
    })
    assert.equal(doomed.status, 201)

    await withPage(browser(), async (page) => {
      await logInPage(server(), page, demo.owner)
      const before = await productCount(token)
      await page.goto(`${shop()}/admin/products/new`)
      await main(page).getByRole('textbox', { name: 'Title' }).fill('Beaded bracelet')
      await main(page).getByRole('spinbutton', { name: 'Price', exact: true }).fill('40')
      const sale = main(page).getByRole('spinbutton', { name: 'Sale price', exact: true })
      await sale.fill('40')
      const create = main(page).getByRole('button', { name: 'Create product' })
      await create.click()
      await main(page).getByText('The sale price must be below the price').waitFor()
      assert.equal(await sale.getAttribute('aria-invalid'), 'true')
      assert.match(await description(sale), /The sale price must be below the price/)
      assert.ok(await sale.evaluate((input) => input === document.activeElement), 'the sale price has the focus')
      await sale.fill('35')

      // A variant left without features: the message describes the variant's group.
      await main(page).getByRole('button', { name: 'Add variant' }).click()
      const variant = main(page).getByRole('group', { name: 'Variant 1' })
      await variant.getByRole('button', { name: 'Remove feature 1' }).click()
      await create.click()
      await variant.getByText('Add at least one').waitFor()
      assert.equal(await description(variant), 'Add at least one')
      await variant.getByRole('button', { name: 'Remove variant 1' }).click()

      // The category is deleted elsewhere after it was ticked: the API's message lands at the picker.
      const categories = main(page).getByRole('group', { name: 'Categories' })
      await categories.getByRole('checkbox', { name: 'Short-lived' }).check()
      assert.equal((await api(server(), 'DELETE', `/api/categories/${doomed.body._id}`, { token })).status, 200)
      await create.click()
      await categories.getByText('Is not a category of this shop').waitFor()
      assert.equal(await description(categories), 'Is not a category of this shop')
      await main(page).getByText('Check the messages in the form below.').waitFor()
      await expectNoViolations(page, '/admin/products/new with errors from the API')
      assert.equal(await productCount(token), before)
    })
  })

  it('shows a product of another shop the same person runs as not found', async () => {
    const token = await tokenFor(server(), demo.owner)
    const second = await api<{ _id: string }>(server(), 'POST', '/api/shop-ids/', { token, body: { slug: 'second-stall', title: 'Second stall' } })
    assert.equal(second.status, 201)
    const foreign = await api<Product>(server(), 'POST', '/api/products/', {
      token,
      body: { shop: second.body._id, title: 'Calabash bowl', price: { value: 30, currency: 'GHS' } },
    })
    assert.equal(foreign.status, 201)

    await withPage(browser(), async (page) => {
      await logInPage(server(), page, demo.owner)
      await page.goto(`${shop()}/admin/products/${foreign.body._id}`)
      await main(page).getByText('This product does not exist, or it was deleted.').waitFor()
      assert.equal(await main(page).getByRole('textbox', { name: 'Title' }).count(), 0)
    })
  })
})
