/**
 * Order messages in Chromium, through the development mailbox (no SMTP_URL): an order placed in the
 * browser shows its receipt at /dev/mailbox, and moving it to ready in the dashboard adds the pick-up
 * message, which the order's page lists as sent with a resend.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { demo, logInPage, openMail, useBrowser, useServer, withPage } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()
const main = (page: Page) => page.getByRole('main')

describe('order messages', { timeout: 180_000 }, () => {
  it('e-mails the receipt of an order placed in the browser, and the pick-up message once it is ready', async () => {
    const email = `receipt-${Date.now()}@example.com`
    await withPage(browser(), async (page, context) => {
      await page.goto(`${server().shopUrl(demo.slug)}/products/`)
      await main(page).getByRole('link', { name: 'Kente print shirt' }).click()
      await page.getByRole('heading', { level: 1, name: 'Kente print shirt' }).waitFor()
      await page.getByRole('group', { name: 'Choose an option' }).getByRole('radio').nth(1).check()
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await page.getByText('Added to your cart.').waitFor()
      await page.goto(`${server().shopUrl(demo.slug)}/checkout`)
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor()
      await page.getByLabel('E-mail (optional)').fill(email)
      await page.getByLabel('Your name').fill('Efua <Mensah>')
      await page.getByLabel('Phone').fill('024 412 3456')
      await page.getByRole('button', { name: 'Place order' }).click()
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor()
      const orderUrl = new URL(page.url())
      const orderNumber = (await page.getByRole('status').filter({ hasText: 'is placed' }).locator('strong').textContent())!

      const mail = await context.newPage()
      await openMail(mail, server(), `Your Demo Shop order ${orderNumber}`)
      const text = (await mail.locator('pre').textContent())!
      assert.match(text, /Hello Efua <Mensah>,/)
      assert.match(text, /Kente print shirt \(.+\) × 1: GHS/)
      assert.match(text, /Total: GHS/)
      assert.match(text, /Payment: /)
      assert.ok(text.includes(`${orderUrl.origin}${orderUrl.pathname}?key=${orderUrl.searchParams.get('key')}`), 'the private link on the shop host')
      await mail.getByRole('link', { name: 'View as HTML' }).click()
      await mail.getByRole('heading', { name: 'Thank you for your order' }).waitFor()
      await mail.getByText('Hello Efua <Mensah>,').waitFor()

      // Staff move it to ready in the dashboard; the buyer is told it can be collected.
      const orderId = orderUrl.pathname.split('/').at(-1)!
      await logInPage(server(), page, demo.owner)
      await page.goto(`${server().shopUrl(demo.slug)}/admin/orders/${orderId}`)
      await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor()
      const messages = main(page).getByRole('region', { name: 'Messages' })
      await messages.getByText(`E-mail to ${email}`).first().waitFor()
      for (const status of ['packaged', 'ready']) {
        await main(page).getByRole('button', { name: `Mark as ${status}` }).click()
        await page.getByRole('status').getByText(new RegExp(`Order ${orderNumber} is now`)).last().waitFor()
      }
      await openMail(mail, server(), `Order ${orderNumber} is ready for pick-up`)
      assert.match((await mail.locator('pre').textContent())!, /is ready: come and collect it at 14 Oxford Street, Osu, Accra\./)

      await page.reload()
      const ready = messages.getByRole('listitem').filter({ hasText: 'Ready for pick-up' })
      await ready.getByText(/^Sent /).waitFor()
      await ready.getByRole('button', { name: /Resend/ }).click()
      await page.getByRole('status').getByText(`Sending it again to ${email}`).waitFor()
      await messages.getByRole('listitem').filter({ hasText: 'Ready for pick-up' }).nth(1).waitFor()
    })
  })
})
