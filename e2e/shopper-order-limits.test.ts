/**
 * The limits on shoppers' orders in Chromium (decision 52): the owner sets them in Settings on a 360 px
 * phone, the storefront keeps to the most of one item per order on the product page, in the cart and at
 * the checkout, so a shopper never meets the API's refusal, and staff see by when to confirm an order paid
 * on delivery.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { api, axeViolations, demo, describeViolations, logInPage, readLocalStorage, tokenFor, useBrowser, useServer, withPage, writeCart } from './fixtures'

type Product = { _id: string; title: string; variants: { _id: string; features: Record<string, string>; availability: { level: string; left?: number } }[] }
type Config = { shopperLineMax: number; unconfirmedOrdersPerBuyer: number; unconfirmedOrderHours: number }

const { server } = useServer()
/** The order the checkout test places, for the dashboard's test after it. */
let placedOrder: { _id: string; orderId: string } | undefined
const { browser } = useBrowser()

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`
const main = (page: Page) => page.getByRole('main')

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

async function shirt(): Promise<Product> {
  const page = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${await shopId()}&title[$q]=${encodeURIComponent('Kente print shirt')}`)
  const found = page.body.data.find((candidate) => candidate.title === 'Kente print shirt')
  assert.ok(found, 'the demo shop sells the Kente print shirt')
  return found
}

describe("limits on shoppers' orders", { timeout: 120_000 }, () => {
  it('are set by the owner in Settings on a 360 px phone, each with what it does', async () => {
    await withPage(browser(), async (page) => {
      await page.setViewportSize({ width: 360, height: 800 })
      await logInPage(server(), page, demo.owner)
      await page.goto(shopUrl('/admin/settings'))
      const section = page.getByRole('region', { name: 'Orders from shoppers' })
      const most = section.getByLabel('Most of one item in an order')
      const perShopper = section.getByLabel('Unconfirmed orders per shopper')
      const hours = section.getByLabel('Cancel unconfirmed orders after (hours)')
      await most.waitFor()
      assert.deepEqual([await most.inputValue(), await perShopper.inputValue(), await hours.inputValue()], ['10', '3', '48'])
      await section.getByText(/Orders you and your staff place are not limited\./).waitFor()
      await section.getByText(/paid on delivery or at pick-up, move it to Packaged or record a payment on it\./).waitFor()

      await hours.fill('0')
      await section.getByRole('button', { name: 'Save order limits' }).click()
      await section.getByText('Must be at least 1').waitFor()
      await most.fill('4')
      await hours.fill('24')
      await section.getByRole('button', { name: 'Save order limits' }).click()
      await page.getByText('Order limits saved').waitFor()
      const config = await api<Config>(server(), 'GET', `/api/shop-configs/${await shopId()}`, { token: await tokenFor(server(), demo.owner) })
      assert.deepEqual(config.body, { ...config.body, shopperLineMax: 4, unconfirmedOrdersPerBuyer: 3, unconfirmedOrderHours: 24 })

      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      assert.ok(width <= 360, `Settings scrolls sideways at 360 px: ${width}px`)
      const violations = await axeViolations(page)
      assert.deepEqual(violations, [], describeViolations('/admin/settings at 360 px', violations))
    })
  })

  it("stops the product page's quantity and the cart at the shop's most, and offers it at the checkout", async () => {
    // The first test set the most to 4; M has more than that (6), so it is the most that stops it.
    const product = await shirt()
    const medium = product.variants.find((variant) => variant.features.Size === 'M')!
    assert.deepEqual(medium.availability, { level: 'in-stock' })
    await withPage(browser(), async (page) => {
      await page.goto(shopUrl(`/products/${product._id}`))
      await page.getByRole('group', { name: 'Choose an option' }).getByRole('radio', { name: /Size: M/ }).check()
      const quantity = page.getByRole('group', { name: 'Quantity to add' })
      for (let i = 0; i < 6 && !(await quantity.getByRole('button', { name: 'One more' }).isDisabled()); i++) {
        await quantity.getByRole('button', { name: 'One more' }).click()
      }
      assert.equal(await quantity.getByRole('spinbutton', { name: 'Quantity' }).inputValue(), '4')
      await main(page).getByText('At most 4 of one item per order.').waitFor()
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      assert.equal(((await readLocalStorage(page, 'cart')) as { items: { count: number }[] }).items[0]!.count, 4)

      await page.goto(shopUrl('/checkout'))
      const line = page.getByRole('group', { name: 'Quantity of Kente print shirt' })
      await line.waitFor()
      assert.equal(await line.getByRole('button', { name: 'One more' }).isDisabled(), true)
      await line.getByRole('spinbutton').fill('9')
      await line.getByRole('spinbutton').blur()
      assert.equal(await line.getByRole('spinbutton').inputValue(), '4')

      // A cart filled before the shop lowered its most: the line says so and offers the most.
      await writeCart(page, [{ count: 5, product: product._id, variant: medium._id }])
      await page.goto(shopUrl('/checkout'))
      const problem = main(page).getByRole('alert').filter({ hasText: 'The shop sells at most 4 of one item per order' })
      await problem.waitFor()
      await main(page).getByText('Change the items marked above: the shop sells at most 4 of one item per order.').waitFor()
      assert.equal(await page.getByRole('button', { name: 'Place order' }).isDisabled(), true)
      await problem.getByRole('button', { name: 'Change to 4' }).click()
      await problem.waitFor({ state: 'detached' })

      await page.getByLabel('E-mail (optional)').fill('limits@example.com')
      await page.getByLabel('Your name').fill('Efua Limits')
      await page.getByLabel('Phone').fill('020 765 4321')
      await page.getByRole('button', { name: 'Place order' }).click()
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
      const url = new URL(page.url())
      const order = await api<{ _id: string; orderId: string; items: { count: number }[]; confirmBy: string | null }>(
        server(),
        'GET',
        `${url.pathname.replace('/orders/', '/api/orders/')}?key=${url.searchParams.get('key')}`,
      )
      assert.equal(order.body.items[0]!.count, 4)
      assert.ok(order.body.confirmBy, 'a pay-on-delivery order waits for the shop to confirm it')
      placedOrder = order.body
    })
  })

  it('tells staff by when to confirm the order, until they move it on', async () => {
    assert.ok(placedOrder, 'the checkout test placed an order')
    await withPage(browser(), async (page) => {
      await page.setViewportSize({ width: 360, height: 800 })
      await logInPage(server(), page, 'keeper@demo.shop')
      await page.goto(shopUrl(`/admin/orders/${placedOrder!._id}`))
      await page.getByRole('heading', { level: 1, name: `Order ${placedOrder!.orderId}` }).waitFor()
      const waiting = main(page).getByText(/^Waiting for you to confirm it: unless you move it to Packaged or record a payment, it is canceled/)
      await waiting.waitFor()
      await main(page).getByRole('button', { name: 'Mark as packaged' }).click()
      await page.getByRole('status').getByText(`Order ${placedOrder!.orderId} is now packaged`).waitFor()
      await waiting.waitFor({ state: 'detached' })
    })
  })
})
