/**
 * The admin Site tab and the setup wizard (docs/architecture.md §11, §12): the owner edits what the storefront shows; a
 * new user creates a shop from the platform's landing page and ends up logged in on the new shop's
 * dashboard at its own host. Everything at 375px wide, with axe on every screen.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import zlib from 'node:zlib'
import type { Page } from 'playwright-core'
import {
  PROVIDER_NAME,
  api,
  axeViolations,
  demo,
  describeViolations,
  logInPage,
  openMail,
  readLocalStorage,
  signIn,
  useBrowser,
  useServer,
  withPage,
} from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

async function assertAccessible(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page)
  assert.deepEqual(violations, [], describeViolations(where, violations))
}

/** A small valid PNG (a 4×4 red square) for the logo upload. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(4, 0)
  header.writeUInt32BE(4, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => [220, 30, 30]).flat()])
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: 4 }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function openSiteTab(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 })
  await logInPage(server(), page, demo.owner)
  await page.goto(`${server().shopUrl(demo.slug)}/admin/site`)
  await page.getByRole('main').getByLabel('Shop name').waitFor()
}

describe('the Site tab', { timeout: 90_000 }, () => {
  it('saves the site, and the storefront shows it', async () => {
    await withPage(browser(), async (page, context) => {
      await openSiteTab(page)
      const main = page.getByRole('main')
      await assertAccessible(page, '/admin/site')

      await main.getByLabel('Shop name').fill('Demo Market')
      await main.getByLabel('Tagline').fill('Everything fresh, every day')
      await main.getByLabel('Promotional text').fill('Free delivery in Accra this week')
      await main.getByLabel('Instagram', { exact: true }).fill('https://instagram.com/demomarket')
      await main.getByLabel('WhatsApp number').fill('020 771 4036')
      await main.getByRole('button', { name: 'Save changes' }).click()
      await page.getByRole('status').getByText('Site saved').waitFor()
      // The dashboard's own copy of the shop follows.
      await page.getByRole('navigation', { name: 'Admin' }).getByText('Demo Market').waitFor({ state: 'attached' })

      const [about] = await Promise.all([
        context.waitForEvent('page'),
        main.getByRole('link', { name: 'Preview about page (opens in a new tab)' }).click(),
      ])
      await about.waitForLoadState()
      assert.equal(new URL(about.url()).pathname, '/about')
      await about.getByRole('heading', { level: 1, name: 'About Demo Market' }).waitFor()
      assert.equal(await about.title(), 'About us | Demo Market')
      await about.getByText('Everything fresh, every day').waitFor()
      await about.getByText('Free delivery in Accra this week').waitFor()
      const instagram = about.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Demo Market on Instagram' })
      assert.equal(await instagram.getAttribute('href'), 'https://instagram.com/demomarket')
      const chat = about.getByRole('main').getByRole('link', { name: 'Chat with us on WhatsApp' })
      assert.equal(await chat.getAttribute('href'), 'https://wa.me/233207714036')
    })
  })

  it('refuses a WhatsApp number that cannot be called, at its field', async () => {
    await withPage(browser(), async (page) => {
      await openSiteTab(page)
      const main = page.getByRole('main')
      const whatsapp = main.getByLabel('WhatsApp number')
      await whatsapp.fill('12345')
      await main.getByRole('button', { name: 'Save changes' }).click()
      await main.getByText('is not a phone number that can be called', { exact: false }).waitFor()
      assert.equal(await whatsapp.getAttribute('aria-invalid'), 'true')
    })
  })

  it('shows a bad social address at its field and saves nothing', async () => {
    await withPage(browser(), async (page) => {
      await openSiteTab(page)
      const main = page.getByRole('main')
      const before = await api<{ tagline: string; socials: unknown }>(server(), 'GET', `/api/shops/${demo.slug}`)

      await main.getByLabel('Tagline').fill('Not saved')
      const facebook = main.getByLabel('Facebook', { exact: true })
      await facebook.fill('facebook demo')
      await main.getByRole('button', { name: 'Save changes' }).click()
      await main.getByText('Use a web address like instagram.com/yourshop').waitFor()
      assert.equal(await facebook.getAttribute('aria-invalid'), 'true')
      assert.equal(await facebook.evaluate((input) => input === document.activeElement), true, 'the field to fix has focus')
      await assertAccessible(page, '/admin/site with an error')

      const after = await api<{ tagline: string; socials: unknown }>(server(), 'GET', `/api/shops/${demo.slug}`)
      assert.deepEqual(after.body, before.body)
      // Typing clears the message.
      await facebook.fill('https://facebook.com/demo')
      await main.getByText('Use a web address like instagram.com/yourshop').waitFor({ state: 'detached' })
    })
  })
})

describe('the setup wizard', { timeout: 120_000 }, () => {
  it('creates a shop from the landing page and opens its dashboard at its own host', async () => {
    const { port, platformUrl } = server()
    const email = `esi-${Date.now()}@example.com`
    const slug = 'esi-fabrics'
    let shopId = ''

    await withPage(browser(), async (page, context) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(platformUrl)
      await page.getByRole('link', { name: 'Create your shop' }).click()

      // Logged out: the guard sends the visitor to log in. Creating an account answers "check your
      // e-mail" (the same for an address that has one), and the e-mailed link chooses the password.
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
      await page.getByRole('link', { name: 'Create an account' }).click()
      const signUp = page.getByRole('region', { name: 'Create account' })
      await signUp.getByRole('textbox', { name: 'Name' }).fill('Esi Mensah')
      await signUp.getByRole('textbox', { name: 'Email' }).fill(email)
      await signUp.getByRole('button', { name: 'Create account' }).click()
      await page.getByRole('status').filter({ hasText: email }).waitFor()
      await assertAccessible(page, 'sign-up answered')

      // The e-mail opens in another tab, as a link from a mail app does, and signs in on the platform.
      const mailTab = await context.newPage()
      await openMail(mailTab, server(), `Welcome to ${PROVIDER_NAME}: choose your password`)
      await mailTab.getByRole('link', { name: 'View as HTML' }).click()
      await mailTab.getByRole('link', { name: 'Choose your password' }).click()
      await mailTab.getByLabel(/New password/).fill('kente-2024')
      await mailTab.getByRole('button', { name: 'Save and log in' }).click()
      await mailTab.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/' && !url.searchParams.has('code'))
      await mailTab.waitForFunction(() => window.localStorage.getItem('user') !== null)
      await mailTab.close()

      // Signed in on the platform's site, the first tab goes on to create the shop.
      await page.goto(platformUrl)
      await page.getByRole('link', { name: 'Create your shop' }).click()
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/setup' && url.search === '')

      // Step 1: name and address.
      const main = page.getByRole('main')
      await main.getByText('Step 1 of 4: Name and address').waitFor()
      await main.getByLabel('Shop name').fill('Esi Fabrics')
      const address = main.getByLabel('Shop address')
      assert.equal(await address.inputValue(), slug, 'the address is suggested from the name')
      await main.getByText(`${slug} is free.`).waitFor()
      await assertAccessible(page, 'setup step 1')

      await address.fill('demo')
      await main.getByText('demo is already taken.').waitFor()
      await main.getByRole('button', { name: 'Create shop' }).click()
      await main.getByText('This address is already taken; choose another').waitFor()
      assert.equal(await address.getAttribute('aria-invalid'), 'true')

      await address.fill(slug)
      await main.getByText(`${slug} is free.`).waitFor()
      await main.getByRole('button', { name: 'Create shop' }).click()
      await page.waitForURL((url) => /^\/setup\/[0-9a-f-]{36}\/profile$/.test(url.pathname))
      shopId = new URL(page.url()).pathname.split('/')[2]!

      // Step 2: about, logo, socials; the step survives a reload.
      await page.reload()
      await main.getByText('Step 2 of 4: About your shop').waitFor()
      await main.getByLabel('About your shop').fill('Hand-woven kente and batik from Bonwire.')
      await main.getByLabel('Instagram', { exact: true }).fill('https://instagram.com/esifabrics')
      await main.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() })
      await main.getByRole('img', { name: 'Current logo' }).waitFor()
      // The upload is announced when it ends, and the file field keeps its name.
      await main.getByRole('status').filter({ hasText: 'Logo uploaded' }).waitFor({ state: 'attached' })
      assert.equal(await main.getByLabel('Logo', { exact: true }).getAttribute('type'), 'file')
      await assertAccessible(page, 'setup step 2')
      await main.getByRole('button', { name: 'Next' }).click()

      // Step 3: one fee for all regions, another for one region.
      await page.waitForURL((url) => url.pathname === `/setup/${shopId}/delivery`)
      await main.getByText('Step 3 of 4: Delivery').waitFor()
      await main.getByLabel('Where do customers pick up?').fill('14 Oxford Street, Osu, Accra')
      await main.getByLabel('Opening hours (optional)').fill('Mon–Sat 9am–6pm')
      await main.getByLabel('Delivery fee (GHS)').fill('25')
      await main.getByText('Different fees for some regions').click()
      await main.getByLabel('Northern', { exact: true }).fill('45')
      await assertAccessible(page, 'setup step 3')
      await main.getByRole('button', { name: 'Next' }).click()

      // Step 4: done, then the dashboard at the new shop's host, logged in there.
      await page.waitForURL((url) => url.pathname === `/setup/${shopId}/done`)
      await main.getByRole('heading', { name: 'Esi Fabrics is ready' }).waitFor()
      await main.getByText('Step 4 of 4: Ready').waitFor()
      await assertAccessible(page, 'setup step 4')
      await main.getByRole('button', { name: 'Go to your dashboard' }).click()
      // The shop's site starts its own login, and the platform's site asks before handing the session on.
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/session/handover')
      await assertAccessible(page, 'session hand-over')
      await page.getByRole('main').getByRole('button', { name: `Continue as ${email}` }).click()
      await page.waitForURL(
        (url) => url.host === `${slug}.localhost:${port}` && url.pathname === '/admin/overview' && !url.searchParams.has('code'),
      )
      const adminNav = page.getByRole('navigation', { name: 'Admin' })
      await adminNav.getByRole('link', { name: 'Overview' }).waitFor()
      assert.equal(((await readLocalStorage(page, 'user')) as { email: string } | null)?.email, email)

      // The new shop's storefront answers at its host with its title.
      await adminNav.getByRole('link', { name: 'Go to site' }).click()
      await page.waitForURL((url) => url.host === `${slug}.localhost:${port}` && url.pathname === '/')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: 'Esi Fabrics' }).waitFor()
      assert.equal(await page.title(), 'Home | Esi Fabrics')
    })

    type Rate = { name: string; regions: string[]; rate: { value: number; currency: string } }
    const rates = await api<{ data: Rate[] }>(server(), 'GET', `/delivery/rates/?client=${shopId}`)
    assert.equal(rates.status, 200)
    const byName = Object.fromEntries(rates.body.data.map((rate) => [rate.name, rate]))
    assert.deepEqual(byName['Delivery to Northern']?.regions, ['GH-NP'])
    assert.equal(byName['Delivery to Northern'].rate.value, 45)
    assert.equal(byName['Standard delivery']?.rate.value, 25)
    assert.equal(byName['Standard delivery'].regions.length, 15)
    const place = await api<{ offersPickup: boolean; offersDelivery: boolean; pickupAddress: string; pickupHours: string }>(server(), 'GET', `/api/shops/${slug}`)
    assert.deepEqual(
      [place.body.offersPickup, place.body.offersDelivery, place.body.pickupAddress, place.body.pickupHours],
      [true, true, '14 Oxford Street, Osu, Accra', 'Mon–Sat 9am–6pm'],
    )
    const profile = await api<{ about: string; socials: unknown }>(server(), 'GET', `/api/shops/${slug}`)
    assert.equal(profile.body.about, 'Hand-woven kente and batik from Bonwire.')
    assert.deepEqual(profile.body.socials, [{ site: 'instagram', url: 'https://instagram.com/esifabrics' }])
  })

  it('sends a logged-out visitor of a setup step to the login page', async () => {
    await withPage(browser(), async (page) => {
      const { port } = server()
      await page.goto(`${server().platformUrl}/setup`)
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
      assert.equal(new URL(page.url()).searchParams.get('redir'), server().platformUrl)
    })
  })
})

describe('the setup wizard for an owner who has a shop already', { timeout: 90_000 }, () => {
  it('creates a second shop reachable at its host and leaves the first one’s dashboard working', async () => {
    const { port, platformUrl } = server()
    const slug = 'demo-crafts'

    await withPage(browser(), async (page) => {
      await page.setViewportSize({ width: 375, height: 800 })
      // Already logged in on Demo Shop's host; the platform host has its own session.
      await logInPage(server(), page, demo.owner)
      await page.goto(`${platformUrl}/setup`)
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
      await signIn(page, demo.owner, demo.password)
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/setup' && url.search === '')

      const main = page.getByRole('main')
      await main.getByLabel('Shop name').fill('Demo Crafts')
      assert.equal(await main.getByLabel('Shop address').inputValue(), slug)
      await main.getByText(`${slug} is free.`).waitFor()
      await main.getByRole('button', { name: 'Create shop' }).click()
      await page.waitForURL((url) => /^\/setup\/[0-9a-f-]{36}\/profile$/.test(url.pathname))
      const shopId = new URL(page.url()).pathname.split('/')[2]!
      await main.getByLabel('Tagline').fill('Baskets and beads')
      await main.getByRole('button', { name: 'Next' }).click()
      await page.waitForURL((url) => url.pathname === `/setup/${shopId}/delivery`)
      await main.getByLabel('Where do customers pick up?').fill('Makola Market, stall 12')
      await main.getByLabel('Delivery fee (GHS)').fill('15')
      await main.getByRole('button', { name: 'Next' }).click()
      await main.getByRole('heading', { name: 'Demo Crafts is ready' }).waitFor()
      await main.getByRole('button', { name: 'Go to your dashboard' }).click()
      await page.getByRole('main').getByRole('button', { name: `Continue as ${demo.owner}` }).click()

      // The new shop's dashboard, at its own host, for the same person.
      await page.waitForURL(
        (url) => url.host === `${slug}.localhost:${port}` && url.pathname === '/admin/overview' && !url.searchParams.has('code'),
      )
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
      await page.getByRole('navigation', { name: 'Admin' }).getByText('Demo Crafts').waitFor({ state: 'attached' })
      assert.equal(((await readLocalStorage(page, 'user')) as { email: string } | null)?.email, demo.owner)

      // Its storefront answers at its host.
      await page.goto(server().shopUrl(slug))
      assert.equal(await page.title(), 'Home | Demo Crafts')
      await page.getByText('Baskets and beads').first().waitFor()

      // Demo Shop's dashboard still opens for them, with Demo Shop's data.
      const demoShop = await api<{ title: string }>(server(), 'GET', `/api/shops/${demo.slug}`)
      await page.goto(`${server().shopUrl(demo.slug)}/admin/overview`)
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
      await page.getByRole('navigation', { name: 'Admin' }).getByText(demoShop.body.title, { exact: true }).waitFor({ state: 'attached' })
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Management' }).waitFor({ state: 'attached' })
      // At 375px the latest orders are cards.
      await page.getByRole('list', { name: 'Recent orders' }).waitFor()
    })

    const created = await api<{ title: string; tagline: string }>(server(), 'GET', `/api/shops/${slug}`)
    assert.deepEqual([created.body.title, created.body.tagline], ['Demo Crafts', 'Baskets and beads'])
  })
})
