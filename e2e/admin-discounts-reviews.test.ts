/**
 * The Discount Codes and Reviews tabs (docs/product.md §7, docs/architecture.md §9, §10): a manager creates a code that a shopper
 * then uses at checkout, a duplicate code is refused at its field, a deactivated code stops working; staff
 * hide a review and reply to another, and the public Reviews page follows. axe finds nothing on either tab.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Dialog, Page } from 'playwright-core'
import { api, axeViolations, demo, describeViolations, logInPage, tokenFor, useBrowser, useServer, withPage } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

const shop = () => server().shopUrl(demo.slug)

type Code = { code: string; type: string; value: number; expiresOn: string; expiresAt: string; active: boolean }
type Page_<T> = { total: number; data: T[] }

async function shopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

/** 'YYYY-MM-DD' `days` from now in the shop's time zone. */
function accraDay(days: number): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Accra', year: 'numeric', month: '2-digit', day: '2-digit' })
  return format.format(new Date(Date.now() + days * 86_400_000))
}

async function openTab(page: Page, email: string, path: string, heading: string): Promise<void> {
  await logInPage(server(), page, email)
  await page.goto(`${shop()}/admin/${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

async function assertNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page)
  assert.deepEqual(violations, [], describeViolations(where, violations))
}

/** Nothing sticks out of a 375px screen (tables scroll inside their own frame). */
async function assertFitsNarrowScreen(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  assert.ok(width <= 375, `${where} is ${width}px wide at 375px`)
}

describe('admin discount codes and reviews', { timeout: 120_000 }, () => {
  it('creates a code that works at checkout, refuses a duplicate at its field, and deactivates it', async () => {
    const lastDay = accraDay(7)
    const manager = await browser().newContext({ viewport: { width: 375, height: 800 } })
    const shopper = await browser().newContext()
    try {
      const page = await manager.newPage()
      await openTab(page, 'manager@demo.shop', 'discount-codes', 'Discount codes')
      // The seeded codes, newest first, with their terms.
      const welcome = page.getByRole('row').filter({ hasText: 'WELCOME10' })
      await welcome.getByText('10 %').waitFor()
      await page.getByRole('row').filter({ hasText: 'GHS20' }).getByText(/GHS\s20\.00/).waitFor()
      await assertNoAxeViolations(page, 'discount codes')
      await assertFitsNarrowScreen(page, 'discount codes')

      await page.getByRole('button', { name: 'New code' }).click()
      const form = page.getByRole('region', { name: 'New discount code' })
      await form.waitFor()
      assert.equal(await form.getByLabel('Last day').inputValue(), accraDay(30), 'a new code lasts 30 days unless changed')
      await assertNoAxeViolations(page, 'the new code form')
      await assertFitsNarrowScreen(page, 'the new code form')

      // Checked in the browser before sending.
      await form.getByRole('textbox', { name: 'Code' }).fill('SPRING 15')
      await form.getByRole('button', { name: 'Create code' }).click()
      await form.getByText('Use 3 to 32 letters, digits, _ or -, without spaces').waitFor()
      await form.getByText('This field is required').waitFor()
      assert.equal(await form.getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid'), 'true')
      await assertNoAxeViolations(page, 'the form with errors')

      await form.getByRole('textbox', { name: 'Code' }).fill('SPRING15')
      await form.getByRole('radio', { name: 'Percentage of the subtotal' }).check()
      await form.getByRole('spinbutton', { name: 'Percent off' }).fill('15')
      await form.getByLabel('Last day').fill(lastDay)
      await form.getByRole('button', { name: 'Create code' }).click()
      await page.getByRole('status').getByText('Discount code SPRING15 created').waitFor()
      await form.waitFor({ state: 'detached' })
      const row = page.getByRole('row').filter({ hasText: 'SPRING15' })
      await row.getByText('15 %').waitFor()
      await row.getByText('Active', { exact: true }).waitFor()
      await row.getByText('0 / no limit').waitFor()
      assert.equal(await row.locator('time').getAttribute('datetime'), lastDay)

      const token = await tokenFor(server(), 'manager@demo.shop')
      const listed = await api<Page_<Code>>(server(), 'GET', `/api/discount-codes/?$sort[createdAt]=-1&shop=${await shopId()}`, { token })
      const { code, type, value, expiresOn, expiresAt, active } = listed.body.data[0]!
      assert.deepEqual(
        { code, type, value, expiresOn, expiresAt, active },
        // Accra keeps UTC all year.
        { code: 'SPRING15', type: 'percentage', value: 15, expiresOn: lastDay, expiresAt: `${lastDay}T23:59:59.000Z`, active: true },
      )

      // The same code in other capitals is refused by the API, at the code field.
      await page.getByRole('button', { name: 'New code' }).click()
      await form.getByRole('textbox', { name: 'Code' }).fill('spring15')
      await form.getByRole('spinbutton', { name: 'Percent off' }).fill('5')
      await form.getByRole('button', { name: 'Create code' }).click()
      const duplicate = form.getByText('Is already used in this shop (ignoring case)')
      await duplicate.waitFor()
      const codeField = form.getByRole('textbox', { name: 'Code' })
      assert.equal(await codeField.getAttribute('aria-invalid'), 'true')
      assert.ok((await codeField.getAttribute('aria-describedby'))?.includes((await duplicate.getAttribute('id'))!))
      // Cancelling throws the typed code away, once confirmed.
      await form.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard changes' }).click()
      await form.waitFor({ state: 'detached' })

      // A shopper in another browser uses the new code at checkout: 15 % of GHS 190.00.
      const buyer = await shopper.newPage()
      await buyer.goto(`${shop()}/products/?q=basket`)
      await buyer.getByRole('main').getByRole('link', { name: 'Bolga market basket' }).click()
      await buyer.getByRole('button', { name: 'Add to cart' }).click()
      await buyer.getByText('Added to your cart.').waitFor()
      await buyer.goto(`${shop()}/checkout`)
      await buyer.getByLabel('Discount code').fill('spring15')
      await buyer.getByRole('button', { name: 'Apply' }).click()
      await buyer.getByText('15 % off').waitFor()
      const totals = buyer.getByRole('main').locator('dl.totals')
      await totals.getByText('Discount (SPRING15)').waitFor()
      await totals.getByText(/−\sGHS\s28\.50/).waitFor()
      await totals.getByText(/^GHS\s161\.50$/).waitFor()

      // Deactivated, the public lookup finds nothing and the checkout refuses the code.
      await row.getByRole('button', { name: 'Deactivate SPRING15' }).click()
      await page.getByRole('status').getByText('SPRING15 deactivated').waitFor()
      await row.getByText('Inactive', { exact: true }).waitFor()
      await row.getByRole('button', { name: 'Activate SPRING15' }).waitFor()
      const lookup = await api<Page_<Code>>(server(), 'GET', `/api/discount-codes/?code=SPRING15&shop=${await shopId()}`)
      assert.equal(lookup.status, 200)
      assert.deepEqual(lookup.body.data, [])
      await buyer.getByRole('button', { name: 'Remove code' }).click()
      await buyer.getByLabel('Discount code').fill('SPRING15')
      await buyer.getByRole('button', { name: 'Apply' }).click()
      await buyer.getByText('“SPRING15” is not a valid discount code.').waitFor()
    } finally {
      await manager.close()
      await shopper.close()
    }
  })

  it('edits a code and keeps changes from being lost by leaving', async () => {
    await withPage(browser(), async (page) => {
      await openTab(page, 'owner@demo.shop', 'discount-codes', 'Discount codes')
      const row = page.getByRole('row').filter({ hasText: 'GHS20' })
      await row.getByText('None', { exact: true }).waitFor()
      await row.getByRole('button', { name: 'Edit GHS20' }).click()
      const form = page.getByRole('region', { name: 'Edit GHS20' })
      const amount = form.getByRole('spinbutton', { name: 'Amount off (GHS)' })
      await amount.fill('25')
      await form.getByRole('spinbutton', { name: 'Usage limit (optional)' }).fill('100')

      // Leaving with unsaved changes asks first, in the page's own dialog (never the browser's), and so do
      // editing another code and cancelling; staying keeps the form with its changes.
      const asked: string[] = []
      page.on('dialog', (dialog: Dialog) => {
        asked.push(dialog.message())
        void dialog.dismiss()
      })
      const reviewsLink = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews' })
      const leave = page.getByRole('dialog', { name: 'You have unsaved changes. Leave this page and lose them?' })
      await reviewsLink.click()
      await leave.getByRole('button', { name: 'Stay' }).click()
      await leave.waitFor({ state: 'hidden' })
      await form.waitFor()
      assert.equal(new URL(page.url()).pathname, '/admin/discount-codes')
      assert.equal(await amount.inputValue(), '25', 'staying keeps the changes')
      const discard = page.getByRole('dialog', { name: 'Discard your changes?' })
      await page.getByRole('row').filter({ hasText: 'WELCOME10' }).getByRole('button', { name: 'Edit WELCOME10' }).click()
      await discard.getByRole('button', { name: 'Cancel' }).click()
      await discard.waitFor({ state: 'hidden' })
      await form.getByRole('button', { name: 'Cancel' }).click()
      await discard.getByRole('button', { name: 'Cancel' }).click()
      await discard.waitFor({ state: 'hidden' })
      assert.equal(await amount.inputValue(), '25', 'the changes are still in the form')
      assert.equal(await page.getByRole('region', { name: 'Edit WELCOME10' }).count(), 0)

      await form.getByRole('button', { name: 'Save changes' }).click()
      await page.getByRole('status').getByText('Discount code GHS20 saved').waitFor()
      await row.getByText(/GHS\s25\.00/).waitFor()
      await row.getByText(/^\d+ \/ 100$/).waitFor()
      await row.getByText('None', { exact: true }).waitFor()

      // Without changes, another code's Edit opens it at once; discarding changes once confirmed saves nothing.
      const welcome = page.getByRole('row').filter({ hasText: 'WELCOME10' })
      await row.getByRole('button', { name: 'Edit GHS20' }).click()
      await form.waitFor()
      await welcome.getByRole('button', { name: 'Edit WELCOME10' }).click()
      const other = page.getByRole('region', { name: 'Edit WELCOME10' })
      await other.waitFor()
      assert.equal(await discard.count(), 0, 'nothing to lose, nothing asked')
      await other.getByRole('spinbutton', { name: 'Percent off' }).fill('50')
      // Editing another code over them, once confirmed, opens that code with the focus in its first field.
      await row.getByRole('button', { name: 'Edit GHS20' }).click()
      await discard.getByRole('button', { name: 'Discard changes' }).click()
      await form.waitFor()
      await other.waitFor({ state: 'detached' })
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'code')
      // Cancelling with changes, once confirmed, closes the form.
      await amount.fill('30')
      await form.getByRole('button', { name: 'Cancel' }).click()
      await discard.getByRole('button', { name: 'Discard changes' }).click()
      await form.waitFor({ state: 'detached' })
      await welcome.getByText('10 %').waitFor()
      await row.getByText(/GHS\s25\.00/).waitFor()

      // Leaving with changes, once confirmed, goes to the other page and saves nothing.
      await row.getByRole('button', { name: 'Edit GHS20' }).click()
      await amount.fill('40')
      await reviewsLink.click()
      await leave.getByRole('button', { name: 'Leave page' }).click()
      await page.waitForURL((url) => url.pathname === '/admin/reviews')
      await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor()
      assert.deepEqual(asked, [], 'the browser never asked')
      await page.goBack()
      await row.getByText(/GHS\s25\.00/).waitFor()
    })
  })

  it('hides a review from the public page and publishes a reply', async () => {
    const hiddenText = 'Good value. The size runs a little small, so order one up.'
    const repliedText = 'Picked up in Osu, the staff were very helpful.'
    const replyText = 'Thank you! See you again in Osu.'

    await withPage(browser(), async (page) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(`${shop()}/reviews`)
      await page.getByText(hiddenText).waitFor()

      await openTab(page, 'keeper@demo.shop', 'reviews', 'Reviews')
      await page.getByRole('article').filter({ hasText: hiddenText }).waitFor()
      await assertNoAxeViolations(page, 'reviews')
      await assertFitsNarrowScreen(page, 'reviews')

      // The rating filter: only the 4-star review. It is in the address, so a reload keeps it.
      await page.getByLabel('Rating').selectOption({ label: '4 stars' })
      await page.getByRole('status').getByText('1 review', { exact: true }).waitFor()
      assert.equal(new URL(page.url()).searchParams.get('rating'), '4')
      await page.reload()
      await page.getByRole('status').getByText('1 review', { exact: true }).waitFor()
      assert.equal(await page.getByLabel('Rating').inputValue(), '4')
      assert.equal(await page.getByRole('article').count(), 1)
      const review = page.getByRole('article').filter({ hasText: hiddenText })
      await review.getByRole('img', { name: '4 out of 5 stars' }).waitFor()
      assert.equal(await review.getByRole('img').textContent(), '★★★★☆')
      await review.getByRole('link', { name: /^Order [A-Z0-9]{6}$/ }).waitFor()
      // Each review's buttons name the review they act on.
      const author = await review.getByRole('heading', { level: 2 }).textContent()
      await review.getByRole('button', { name: `Hide from the site for ${author}’s review`, exact: true }).click()
      await page.getByRole('status').getByText('Review hidden from the site').waitFor()
      await review.getByText('Hidden', { exact: true }).waitFor()
      await review.getByRole('button', { name: 'Show on the site' }).waitFor()

      await page.getByLabel('Rating').selectOption({ label: 'All ratings' })
      // The address changes once the page's loader has read the new list.
      await page.waitForURL((url) => url.search === '')
      assert.equal(new URL(page.url()).search, '')
      const other = page.getByRole('article').filter({ hasText: repliedText })
      const otherAuthor = await other.getByRole('heading', { level: 2 }).textContent()
      await other.getByRole('button', { name: `Reply for ${otherAuthor}’s review`, exact: true }).click()
      const reply = other.getByRole('textbox', { name: /^Reply to / })
      await reply.waitFor()
      await assertNoAxeViolations(page, 'the reply form')
      await reply.fill(replyText)
      await other.getByRole('button', { name: 'Save reply' }).click()
      await page.getByRole('status').getByText('Reply saved').waitFor()
      await other.getByText('Reply from Demo Shop').waitFor()
      await other.getByRole('button', { name: 'Edit reply' }).waitFor()
      // Hidden reviews stay in the staff list.
      await page.getByRole('article').filter({ hasText: hiddenText }).getByText('Hidden', { exact: true }).waitFor()

      // The public page: the hidden review is gone, the reply is there.
      await page.goto(`${shop()}/reviews`)
      const replied = page.getByRole('article').filter({ hasText: repliedText })
      await replied.getByText('Reply from Demo Shop').waitFor()
      await replied.getByText(replyText).waitFor()
      assert.equal(await page.getByText(hiddenText).count(), 0, 'the hidden review left the public page')
    })
  })
})
