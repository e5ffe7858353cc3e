/**
 * Reviews where buyers decide (decision 81), on a 360 px phone: a guest's order is delivered, the delivered
 * e-mail's link opens the order's private page at its items to review, the guest rates one, edits it, and
 * the review shows on the product's page with the product's rating; the shop's reviews and the staff's
 * Reviews tab name the product with a link.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { productPath } from '@shop/domain'
import { SMALL_PHONE, api, assertNoSidewaysScroll, demo, logInPage, mailedLink, ownerApi, useBrowser, useServer, withPhone } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()
const asOwner = ownerApi(server)

type Product = { _id: string; title: string; variants: { _id: string }[]; rating?: { average: number; count: number } }
type Order = { _id: string; orderId: string; balance: number; accessKey: string }

describe('reviewing a delivered order’s item', { timeout: 240_000 }, () => {
  it('goes from the delivered e-mail to the item’s review, and the review shows on the product page', async () => {
    const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
    const products = await api<{ data: Product[] }>(server(), 'GET', `/api/products/?shop=${shop}&available=true&inStock=true&$limit=50`)
    const product = products.body.data.find((candidate) => candidate.variants.length === 0) ?? products.body.data[0]!
    const variant = product.variants[0]?._id
    const email = `reviewer-${Date.now()}@example.com`
    const placed = await api<Order>(server(), 'POST', `/api/orders/?shop=${shop}&email=${email}`, {
      body: {
        items: [{ product: product._id, ...(variant ? { variant } : {}), count: 1 }],
        delivery: { type: 'pick-up' },
        payment: { provider: 'manual' },
        name: 'Abena Review',
        phone: '024 412 3456',
      },
    })
    assert.equal(placed.status, 201, JSON.stringify(placed.body))
    const order = placed.body
    await asOwner('POST', '/api/transactions/', { order: order._id, method: 'cash', amount: order.balance })
    for (const status of ['packaged', 'ready', 'delivered']) await asOwner('PATCH', `/api/orders/${order._id}`, { status })

    const link = await mailedLink(server(), email, 'Review what you bought')
    assert.equal(link.pathname, `/orders/${order._id}`)
    assert.equal(link.hash, '#review')
    assert.equal(link.searchParams.get('key'), order.accessKey)

    await withPhone(
      browser(),
      async (page) => {
        // The e-mail's link, on this server's port.
        await page.goto(`${server().shopUrl(demo.slug)}${link.pathname}${link.search}${link.hash}`)
        const section = page.getByRole('region', { name: 'Review what you bought' })
        await section.waitFor()
        await section.getByRole('link', { name: product.title }).waitFor()
        await assertNoSidewaysScroll(page, 'the order’s review section')

        await section.getByRole('button', { name: `Write a review of ${product.title}` }).click()
        const form = section.getByRole('form', { name: `Review ${product.title}` })
        // No stars yet: the form says so and posts nothing.
        await form.getByRole('button', { name: 'Post review' }).click()
        await form.getByRole('alert').getByText('Choose a rating from 1 to 5 stars.').waitFor()
        await form.getByRole('radio', { name: '2 stars, Fair' }).locator('..').click()
        await form.getByLabel('Your review (optional)').fill('Lovely cloth, a bit small.')
        await form.getByRole('button', { name: 'Post review' }).click()
        await section.getByRole('status').getByText(`Thank you! Your review of ${product.title} is posted.`).waitFor()
        await section.getByText('Lovely cloth, a bit small.').waitFor()

        // Editing it keeps one review, with the new words.
        await section.getByRole('button', { name: `Edit your review of ${product.title}` }).click()
        await form.getByRole('radio', { name: '5 stars, Excellent' }).locator('..').click()
        await form.getByLabel('Your review (optional)').fill('Lovely cloth; swapped for a larger size, perfect.')
        await form.getByRole('button', { name: 'Save review' }).click()
        await section.getByText('Lovely cloth; swapped for a larger size, perfect.').waitFor()

        await page.goto(`${server().shopUrl(demo.slug)}/products/${product._id}`)
        const reviews = page.getByRole('region', { name: 'Reviews' })
        await reviews.getByRole('article', { name: 'Review by Abena' }).getByText('Lovely cloth; swapped for a larger size, perfect.').waitFor()
        await reviews.getByRole('article', { name: 'Review by Abena' }).getByRole('img', { name: '5 out of 5 stars' }).waitFor()
        await assertNoSidewaysScroll(page, 'the product page')

        // The shop's reviews name the product each is about, with a link to it.
        await page.goto(`${server().shopUrl(demo.slug)}/reviews`)
        const about = page.getByRole('article', { name: 'Review by Abena' }).first().getByRole('link', { name: product.title })
        assert.equal(await about.getAttribute('href'), productPath(product))
        await assertNoSidewaysScroll(page, 'the reviews page')
      },
      SMALL_PHONE,
    )

    // So does the staff's Reviews tab, linking to the product in the dashboard.
    await withPhone(
      browser(),
      async (page) => {
        await logInPage(server(), page, demo.owner)
        await page.goto(`${server().shopUrl(demo.slug)}/admin/reviews`)
        const item = page.getByRole('article').filter({ hasText: 'Lovely cloth; swapped for a larger size, perfect.' })
        assert.equal(await item.getByRole('link', { name: product.title }).getAttribute('href'), `/admin/products/${product._id}`)
        await assertNoSidewaysScroll(page, 'the staff reviews')
      },
      SMALL_PHONE,
    )

    const mine = await api<{ total: number; data: { rating: number; product?: string }[] }>(
      server(),
      'GET',
      `/api/reviews/?shop=${shop}&relatedOrder=${order._id}`,
    )
    assert.deepEqual(
      mine.body.data.map((review) => [review.product, review.rating]),
      [[product._id, 5]],
    )
    const rated = await api<Product>(server(), 'GET', `/api/products/${product._id}`)
    assert.ok(rated.body.rating && rated.body.rating.count >= 1, JSON.stringify(rated.body.rating))
  })
})
