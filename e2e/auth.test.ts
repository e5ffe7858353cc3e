/**
 * Login, the route guard's checkpoint and log out, in Chromium (docs/product.md §2 route guard, §4 Login; docs/architecture.md §5).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { demo, readLocalStorage, request, signIn, useBrowser, useServer, withPage } from './fixtures'

type StoredCredentials = { access_token: string; token_type: string }
type StoredUser = { _id: string; email: string; name: string }

const { server } = useServer()
const { browser } = useBrowser()

const isShopPage = (url: URL, pathname: string) =>
  url.host === `demo.localhost:${server().port}` && url.pathname === pathname && !url.searchParams.has('code')

/** From the demo shop's home: Login → the platform's login page → back on the shop, logged in. */
async function logInFromHome(page: Page, email: string) {
  const { port } = server()
  await page.goto(server().shopUrl(demo.slug))
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
  await signIn(page, email, demo.password)
  await page.waitForURL((url) => isShopPage(url, '/'))
}

const accountButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Your account/ })

describe('login and session', { timeout: 60_000 }, () => {
  it('logs in from the shop and keeps the session in localStorage', async () => {
    await withPage(browser(), async (page) => {
      await logInFromHome(page, demo.shopper)

      await accountButton(page).click()
      await assert.doesNotReject(
        page.getByRole('navigation', { name: 'Main' }).getByText(demo.shopper).waitFor(),
        'the navbar shows the user',
      )
      assert.equal(await page.getByRole('button', { name: 'Log in' }).count(), 0)

      const credentials = (await readLocalStorage(page, 'authCredentials')) as StoredCredentials | null
      const user = (await readLocalStorage(page, 'user')) as StoredUser | null
      assert.ok(credentials, 'authCredentials is stored')
      assert.equal(credentials.token_type, 'Bearer')
      assert.ok(credentials.access_token.length >= 20)
      assert.deepEqual(Object.keys(credentials).sort(), ['access_token', 'token_type'])
      assert.equal(user?.email, demo.shopper)
      assert.equal(new URL(page.url()).search, '', 'the code is gone from the address')

      const { port } = server()
      const me = await request(port, `demo.localhost:${port}`, '/api/user/', {
        headers: { authorization: `${credentials.token_type} ${credentials.access_token}` },
      })
      assert.equal(me.status, 200)
      assert.equal((JSON.parse(me.body) as StoredUser).email, demo.shopper)
    })
  })

  it('sends a logged-out visitor of /account to login and back to /account afterwards', async () => {
    await withPage(browser(), async (page) => {
      const { port } = server()
      const shopOrigin = server().shopUrl(demo.slug)
      await page.goto(`${shopOrigin}/account`)
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
      const loginUrl = new URL(page.url())
      assert.equal(loginUrl.searchParams.get('redir'), shopOrigin)

      await signIn(page, demo.shopper, demo.password)
      await page.waitForURL((url) => isShopPage(url, '/account'))
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor()
      await page.getByRole('main').getByText(demo.shopper, { exact: true }).waitFor()
      assert.equal(await readLocalStorage(page, 'checkpoint'), null, 'the checkpoint is cleared')
      assert.equal(await page.title(), 'Your account | Demo Shop')
    })
  })

  it('logs out: the token is revoked and the session cleared', async () => {
    await withPage(browser(), async (page) => {
      await logInFromHome(page, demo.shopper)
      const credentials = (await readLocalStorage(page, 'authCredentials')) as StoredCredentials
      assert.ok(credentials)

      // Logged in, the guard lets /account through.
      await page.goto(`${server().shopUrl(demo.slug)}/account`)
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor()
      await accountButton(page).click()
      await page.getByRole('button', { name: 'Log out' }).click()

      await page.waitForURL((url) => isShopPage(url, '/'))
      await page.getByRole('button', { name: 'Log in' }).waitFor()
      assert.equal(await readLocalStorage(page, 'authCredentials'), null)
      assert.equal(await readLocalStorage(page, 'user'), null)

      const { port } = server()
      const me = await request(port, `demo.localhost:${port}`, '/api/user/', {
        headers: { authorization: `${credentials.token_type} ${credentials.access_token}` },
      })
      assert.equal(me.status, 401, 'the old token no longer works')
    })
  })
})
