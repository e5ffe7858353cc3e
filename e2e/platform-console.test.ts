/**
 * The host's console (decision 98), as an operator uses it: on the platform's host, /platform lists the
 * shops; the operator finds the demo shop, suspends it with a reason, and its storefront answers 451 while
 * its owner still opens the dashboard (which says why) and exports the orders; shoppers' orders are
 * refused. Restoring brings the storefront back, and the audit log shows both actions. Anyone else finds
 * no console at all, and the page fits a 360 px phone.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { SMALL_PHONE, api, assertNoSidewaysScroll, createAccount, demo, logInPage, request, tokenFor, useBrowser, useServer, withPage, withPhone } from './fixtures'

const OPERATOR = 'operator@platform.example'
const { server } = useServer(() => ({ PLATFORM_ADMINS: OPERATOR }))
const { browser } = useBrowser()

/** Signs `email` in on the platform's own origin, as the web app keeps a session there. */
async function signInOnPlatform(page: Page, email: string): Promise<void> {
  const token = await tokenFor(server(), email)
  const user = await api(server(), 'GET', '/api/user/', { token })
  await page.goto(`${server().platformUrl}/terms`)
  await page.evaluate(
    ([credentials, profile]) => {
      window.localStorage.setItem('authCredentials', credentials)
      window.localStorage.setItem('user', profile)
    },
    [JSON.stringify({ access_token: token, token_type: 'Bearer' }), JSON.stringify(user.body)] as const,
  )
}

const storefront = () => request(server().port, `demo.localhost:${server().port}`, '/')
const demoRow = (page: Page) => page.locator('tr[data-shop="demo"]')

describe('the platform console', { timeout: 180_000 }, () => {
  it('suspends a shop with a reason and restores it, while its staff still read and export', async () => {
    await createAccount(server(), { email: OPERATOR, name: 'Operator', password: demo.password, redir: server().platformUrl })
    await withPage(browser(), async (page) => {
      await signInOnPlatform(page, OPERATOR)
      await page.goto(`${server().platformUrl}/platform`)
      await page.getByRole('heading', { name: 'Shops', level: 1 }).waitFor()

      await page.getByRole('searchbox', { name: 'Search' }).fill('demo')
      await page.getByRole('button', { name: 'Show' }).click()
      await page.waitForURL((url) => url.searchParams.get('q') === 'demo')
      await demoRow(page).waitFor()
      assert.match(await demoRow(page).innerText(), /owner@demo\.shop/)
      assert.match(await demoRow(page).innerText(), /Active/)

      // The reason is required.
      await demoRow(page).getByRole('button', { name: `Suspend ${demo.title}` }).click()
      const dialog = page.getByRole('dialog', { name: `Suspend ${demo.title}?` })
      await dialog.getByRole('button', { name: 'Suspend shop' }).click()
      await dialog.getByText('Say why the shop is suspended').waitFor()
      assert.equal((await storefront()).status, 200)

      await dialog.getByRole('textbox', { name: /Reason/ }).fill('Reported for selling counterfeit goods')
      await dialog.getByRole('button', { name: 'Suspend shop' }).click()
      await page.getByText(`${demo.title} is suspended`).waitFor()
      await demoRow(page).getByText('Suspended', { exact: true }).waitFor()
      assert.match(await demoRow(page).innerText(), /Reported for selling counterfeit goods/)
    })

    const closed = await storefront()
    assert.equal(closed.status, 451)
    assert.match(closed.body, /This shop is unavailable/)
    assert.doesNotMatch(closed.body, new RegExp(demo.title))
    const shopper = await tokenFor(server(), demo.shopper)
    const shop = await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`, { token: await tokenFor(server(), demo.owner) })
    assert.equal((await api(server(), 'GET', `/api/shops/${demo.slug}`)).status, 404)
    const order = await api<{ className: string }>(server(), 'POST', `/api/orders/?shop=${shop.body._id}`, {
      token: shopper,
      body: { items: [{ product: '00000000-0000-4000-8000-000000000001', count: 1 }], delivery: { type: 'pick-up' } },
    })
    assert.equal(order.status, 423)
    assert.equal(order.body.className, 'shop-suspended')

    // The owner still opens the dashboard, which says why, and exports the orders.
    await withPage(browser(), async (page) => {
      const { token } = await logInPage(server(), page, demo.owner)
      await page.goto(`${server().shopUrl(demo.slug)}/admin/orders`)
      const notice = page.getByRole('region', { name: 'Shop suspended' })
      await notice.waitFor()
      assert.match(await notice.innerText(), /Reported for selling counterfeit goods/)
      assert.match(await notice.innerText(), /export/)
      const csv = await request(server().port, `demo.localhost:${server().port}`, `/api/orders.csv?shop=${shop.body._id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      assert.equal(csv.status, 200)
      assert.match(csv.body.split("\n")[0]!, /Order/)
    })

    await withPage(browser(), async (page) => {
      await signInOnPlatform(page, OPERATOR)
      await page.goto(`${server().platformUrl}/platform?status=suspended`)
      await demoRow(page).getByRole('button', { name: `Restore ${demo.title}` }).click()
      const dialog = page.getByRole('dialog', { name: `Restore ${demo.title}?` })
      await dialog.getByRole('textbox', { name: /Note/ }).fill('Supplier invoices checked')
      await dialog.getByRole('button', { name: 'Restore shop' }).click()
      await page.getByText(`${demo.title} is restored`).waitFor()

      const log = page.getByRole('region', { name: 'Audit log' })
      const entries = await log.getByRole('listitem').allInnerTexts()
      assert.equal(entries.length, 2)
      assert.match(entries[0]!, new RegExp(`${OPERATOR} restored demo.*Supplier invoices checked`, 's'))
      assert.match(entries[1]!, new RegExp(`${OPERATOR} suspended demo.*Reported for selling counterfeit goods`, 's'))
    })
    const reopened = await storefront()
    assert.equal(reopened.status, 200)
    assert.match(reopened.body, new RegExp(demo.title))
  })

  it('is no page at all for anyone else, and fits a small phone for an operator', async () => {
    await withPage(browser(), async (page) => {
      await page.goto(`${server().platformUrl}/platform`)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      assert.equal(new URL(page.url()).pathname, '/platform')
    })
    await withPage(browser(), async (page) => {
      await signInOnPlatform(page, demo.owner)
      await page.goto(`${server().platformUrl}/platform`)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      assert.equal(await page.getByRole('table').count(), 0)
    })
    const onShopHost = await request(server().port, `demo.localhost:${server().port}`, '/platform')
    assert.equal(onShopHost.status, 404)

    await withPhone(
      browser(),
      async (page) => {
        await signInOnPlatform(page, OPERATOR)
        await page.goto(`${server().platformUrl}/platform`)
        await demoRow(page).waitFor()
        await assertNoSidewaysScroll(page, '/platform at 360 px')
      },
      SMALL_PHONE,
    )
  })
})
