/**
 * Sessions stay where they were made (docs/architecture.md §5): a session signed in on one shop's storefront is a
 * stranger on another shop's dashboard, and a link carrying someone else's login code signs nobody in.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { api, demo, readLocalStorage, request, signIn, tokenFor, useBrowser, useServer, withPage } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

describe('sessions bound to their site', { timeout: 90_000 }, () => {
  it("signs in on one shop's storefront and cannot use that session on another shop's dashboard", async () => {
    const { port } = server()
    // The demo owner owns a second shop too.
    const created = await api<{ slug: string; _id: string }>(server(), 'POST', '/api/shop-ids/', {
      token: await tokenFor(server(), demo.owner),
      body: { slug: 'demo-annex', title: 'Demo Annex' },
    })
    assert.equal(created.status, 201)

    await withPage(browser(), async (page) => {
      await page.goto(server().shopUrl(demo.slug))
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
      await signIn(page, demo.owner, demo.password)
      await page.waitForURL((url) => url.host === `demo.localhost:${port}` && url.pathname === '/' && !url.searchParams.has('code'))
      await page.goto(`${server().shopUrl(demo.slug)}/admin/overview`)
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
      const credentials = await readLocalStorage(page, 'authCredentials')
      const user = await readLocalStorage(page, 'user')
      assert.ok(credentials && user)

      // The same session, carried by hand to the other shop's host, opens no dashboard there.
      await page.goto(`${server().shopUrl('demo-annex')}/terms`)
      await page.evaluate(
        ([storedCredentials, storedUser]) => {
          window.localStorage.setItem('authCredentials', storedCredentials)
          window.localStorage.setItem('user', storedUser)
        },
        [JSON.stringify(credentials), JSON.stringify(user)] as const,
      )
      await page.goto(`${server().shopUrl('demo-annex')}/admin/overview`)
      await page.waitForURL((url) => url.host === `demo-annex.localhost:${port}` && url.pathname === '/')
      assert.equal(await page.getByRole('navigation', { name: 'Admin' }).count(), 0)

      const { access_token } = credentials as { access_token: string }
      const authorization = { authorization: `Bearer ${access_token}` }
      const role = await request(port, `demo-annex.localhost:${port}`, `/api/role/?shop=${created.body._id}`, { headers: authorization })
      assert.deepEqual(JSON.parse(role.body), { role: null })
      const settings = await request(port, `demo-annex.localhost:${port}`, `/api/shop-configs/${created.body._id}`, { headers: authorization })
      assert.equal(settings.status, 404)
    })
  })

  it("refuses a link that carries someone else's login code (login CSRF)", async () => {
    const { port } = server()
    const shopOrigin = server().shopUrl(demo.slug)
    // The attacker signs in for the demo shop and keeps the code instead of following the redirect.
    const attacker = await request(port, `localhost:${port}`, '/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signin', email: demo.shopper, password: demo.password, redir: shopOrigin }).toString(),
    })
    assert.equal(attacker.status, 303)
    const code = new URL(attacker.headers.location!).searchParams.get('code')!

    await withPage(browser(), async (page) => {
      await page.goto(`${shopOrigin}/?code=${encodeURIComponent(code)}&c=1`)
      await page.getByRole('alert').filter({ hasText: 'This login link was not started on this page' }).waitFor()
      await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('code'))
      assert.equal(await readLocalStorage(page, 'authCredentials'), null)
      assert.equal(await readLocalStorage(page, 'user'), null)
      await page.getByRole('button', { name: 'Log in' }).waitFor()
    })
  })
})
