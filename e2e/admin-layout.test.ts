/**
 * The admin layout (docs/product.md §2, §6): the tabs each role sees, the API refusing what the dashboard hides, the
 * guard for non-staff and logged-out visitors, and the sidebar becoming a top bar below 768px.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { api, demo, logInPage, tokenFor, useBrowser, useServer, withPage } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' })

async function openAdmin(page: Page, email: string): Promise<void> {
  await logInPage(server(), page, email)
  await page.goto(`${server().shopUrl(demo.slug)}/admin`)
  await page.waitForURL((url) => url.pathname === '/admin/overview')
  await adminNav(page).getByRole('link', { name: 'Overview' }).waitFor()
}

async function tabNames(page: Page): Promise<string[]> {
  const names = await adminNav(page).getByRole('link').allTextContents()
  return names.map((name) => name.trim())
}

describe('admin layout', { timeout: 90_000 }, () => {
  it('shows each role its tabs and Go to site', async () => {
    const expected: Record<string, string[]> = {
      'keeper@demo.shop': ['Overview', 'Products', 'Orders', 'Site', 'Reviews'],
      'manager@demo.shop': ['Overview', 'Products', 'Orders', 'Site', 'Reviews', 'Discount Codes'],
      'admin@demo.shop': ['Overview', 'Products', 'Orders', 'Site', 'Reviews', 'Discount Codes', 'Management', 'Settings'],
      'owner@demo.shop': ['Overview', 'Products', 'Orders', 'Site', 'Reviews', 'Discount Codes', 'Management', 'Settings'],
    }
    for (const [email, tabs] of Object.entries(expected)) {
      await withPage(browser(), async (page) => {
        await openAdmin(page, email)
        assert.deepEqual(await tabNames(page), [...tabs, 'Go to site'], email)
        assert.equal(await adminNav(page).getByRole('link', { name: 'Overview' }).getAttribute('aria-current'), 'page')
      })
    }
  })

  it('keeps a keeper out of discount codes: the tab redirects and the API answers 403', async () => {
    await withPage(browser(), async (page) => {
      await openAdmin(page, 'keeper@demo.shop')
      await page.goto(`${server().shopUrl(demo.slug)}/admin/discount-codes`)
      await page.waitForURL((url) => url.pathname === '/admin/overview')
      await adminNav(page).getByRole('link', { name: 'Overview' }).waitFor()
      assert.equal(await adminNav(page).getByRole('link', { name: 'Discount Codes' }).count(), 0)
    })
    const token = await tokenFor(server(), 'keeper@demo.shop')
    const shop = await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)
    const list = await api<{ code: number }>(server(), 'GET', `/api/discount-codes/?shop=${shop.body._id}&$sort[createdAt]=-1`, { token })
    assert.equal(list.status, 403)
    assert.equal(list.body.code, 403)
    const create = await api(server(), 'POST', '/api/discount-codes/', {
      token,
      body: { shop: shop.body._id, code: 'KEEPER5', type: 'percentage', value: 5, expiresOn: '2099-01-01' },
    })
    assert.equal(create.status, 403)
    for (const path of ['/api/shop-roles/?status=active&shop=', '/api/shop-role-invitations/?status=pending&shop=']) {
      assert.equal((await api(server(), 'GET', `${path}${shop.body._id}`, { token })).status, 403, path)
    }
  })

  it('sends a shopper from /admin to the storefront and a logged-out visitor to the login page', async () => {
    await withPage(browser(), async (page) => {
      await logInPage(server(), page, demo.shopper)
      await page.goto(`${server().shopUrl(demo.slug)}/admin/orders`)
      await page.waitForURL((url) => url.host === `demo.localhost:${server().port}` && url.pathname === '/')
      await page.getByRole('navigation', { name: 'Main' }).waitFor()
    })
    await withPage(browser(), async (page) => {
      await page.goto(`${server().shopUrl(demo.slug)}/admin/products`)
      await page.waitForURL((url) => url.host === `localhost:${server().port}` && url.pathname === '/login')
      assert.equal(
        await page.evaluate(() => window.location.search.includes('redir=')),
        true,
        'the login page knows where to return',
      )
    })
  })

  it('turns the sidebar into a top bar with the same tabs below 768px', async () => {
    await withPage(browser(), async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 })
      await openAdmin(page, 'manager@demo.shop')
      const wide = await adminNav(page).boundingBox()
      assert.ok(wide, 'the sidebar is visible')
      assert.ok(wide.width < 320 && wide.height >= 700, `a sidebar at 1280px: ${JSON.stringify(wide)}`)

      await page.setViewportSize({ width: 375, height: 740 })
      const narrow = await adminNav(page).boundingBox()
      assert.ok(narrow, 'the top bar is visible')
      assert.ok(narrow.y <= 1 && narrow.width >= 370 && narrow.height < 120, `a top bar at 375px: ${JSON.stringify(narrow)}`)
      assert.deepEqual(await tabNames(page), ['Overview', 'Products', 'Orders', 'Site', 'Reviews', 'Discount Codes', 'Go to site'])

      await adminNav(page).getByRole('link', { name: 'Discount Codes' }).click()
      await page.waitForURL((url) => url.pathname === '/admin/discount-codes')
      await adminNav(page).getByRole('link', { name: 'Go to site' }).click()
      await page.waitForURL((url) => url.pathname === '/')
    })
  })
})
