/**
 * The Management and Settings tabs and the invitation page (docs/architecture.md §6, §8, §11): an administrator invites
 * a new person, who accepts and becomes a keeper; roles change and people leave; the owner edits a delivery
 * fee, the tax rate, custom domains (added pending, with their verification instructions and a check that
 * says why it failed) and the Facebook code, and the API reflects each change; on a platform without Paystack
 * the payout account and online payments say they are not available.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { api, axeViolations, createAccount, demo, describeViolations, request, signIn, useBrowser, useEmptyDnsServer, useServer, withPage } from './fixtures'

// Custom-domain checks ask this DNS server, which knows no name.
const dnsServer = useEmptyDnsServer()
const { server } = useServer(async () => ({ DNS_SERVERS: await dnsServer() }))
const { browser } = useBrowser()

const PASSWORD = 'a-long-test-password'
const admin = 'admin@demo.shop'
const tokens = new Map<string, string>()

/** A token per login, fetched once: the login endpoint is rate limited per IP. */
async function tokenOf(email: string, password: string = demo.password): Promise<string> {
  const known = tokens.get(email)
  if (known) return known
  const answer = await api<{ access_token: string }>(server(), 'POST', '/api/token/', { body: { email, password } })
  assert.equal(answer.status, 201, `login of ${email}`)
  tokens.set(email, answer.body.access_token)
  return answer.body.access_token
}

/** Creates an account the way a person does: the login page's Create account form, then the e-mailed link. */
async function signUp(email: string, name: string): Promise<void> {
  await createAccount(server(), { email, name, password: PASSWORD, redir: server().shopUrl(demo.slug) })
}

/** Leaves the page logged in on an origin (the demo shop's unless told), as the web app keeps a session (see fixtures' logInPage). */
async function logIn(page: Page, email: string, password: string = demo.password, origin = server().shopUrl(demo.slug)): Promise<void> {
  const token = await tokenOf(email, password)
  const user = await api(server(), 'GET', '/api/user/', { token })
  await page.goto(`${origin}/terms`)
  await page.evaluate(
    ([credentials, profile]) => {
      window.localStorage.setItem('authCredentials', credentials)
      window.localStorage.setItem('user', profile)
    },
    [JSON.stringify({ access_token: token, token_type: 'Bearer' }), JSON.stringify(user.body)] as const,
  )
}

let shopId = ''
async function demoShopId(): Promise<string> {
  if (!shopId) shopId = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
  return shopId
}

async function roleOf(email: string, password: string = PASSWORD): Promise<string | null> {
  const answer = await api<{ role: string | null }>(server(), 'GET', `/api/role/?shop=${await demoShopId()}`, { token: await tokenOf(email, password) })
  return answer.body.role
}

/** A new account on the demo shop's staff, through the API's invitation calls. */
async function newStaffMember(email: string, name: string, role: 'manager' | 'keeper'): Promise<void> {
  await signUp(email, name)
  const invitation = await api<{ _id: string; link: string }>(server(), 'POST', '/api/shop-role-invitations/', {
    token: await tokenOf(admin),
    body: { shop: await demoShopId(), email, role },
  })
  assert.equal(invitation.status, 201)
  const key = new URL(invitation.body.link, server().platformUrl).searchParams.get('key')!
  const accepted = await api(server(), 'PATCH', `/api/shop-role-invitations/${invitation.body._id}?key=${key}`, {
    token: await tokenOf(email, PASSWORD),
    body: { status: 'accepted' },
  })
  assert.equal(accepted.status, 200)
}

async function openTab(page: Page, email: string, tab: 'management' | 'settings', password?: string): Promise<void> {
  await logIn(page, email, password)
  await page.goto(`${server().shopUrl(demo.slug)}/admin/${tab}`)
  await page.getByRole('heading', { level: 1, name: tab === 'management' ? 'Management' : 'Settings' }).waitFor()
}

async function assertNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page)
  assert.deepEqual(violations, [], describeViolations(where, violations))
}

describe('admin management, settings and invitations', { timeout: 120_000 }, () => {
  it('lets an administrator invite a new keeper, who accepts on the invitation page', async () => {
    const invitee = 'new.keeper@example.com'
    await signUp(invitee, 'Yaw Newman')

    const link = await withPage(browser(), async (page) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await openTab(page, admin, 'management')
      await page.getByRole('region', { name: 'Staff' }).getByLabel('Role of Kofi Boateng').waitFor()
      const invite = page.getByRole('region', { name: 'Invite someone' })
      await invite.getByRole('button', { name: 'Invite' }).click()
      await invite.getByText('This field is required').or(invite.getByText('Enter a valid email address')).waitFor()

      await invite.getByLabel('Email').fill(invitee)
      assert.deepEqual(await invite.getByLabel('Role').locator('option').allTextContents(), ['Manager', 'Keeper'])
      await invite.getByLabel('Role').selectOption('keeper')
      await invite.getByRole('button', { name: 'Invite' }).click()
      // The link (with its secret) is shown once, beside the form; the pending list only offers a new one.
      const linkField = invite.getByLabel(`Invitation link for ${invitee}`)
      await linkField.waitFor()
      const pending = page.getByRole('region', { name: 'Pending invitations' })
      await pending.getByRole('button', { name: `New link for ${invitee}` }).waitFor()
      assert.equal(await pending.getByRole('textbox').count(), 0)
      await assertNoAxeViolations(page, '/admin/management at 375px')
      return linkField.inputValue()
    })
    assert.match(link, new RegExp(`^${server().shopUrl(demo.slug)}/invitation/[0-9a-f-]{36}\\?key=[A-Za-z0-9_-]{43}$`))

    await withPage(browser(), async (page) => {
      await logIn(page, demo.shopper)
      await page.goto(link)
      await page.getByRole('alert').filter({ hasText: 'This invitation is not for your account' }).waitFor()
      assert.equal(await page.getByRole('button', { name: 'Accept' }).count(), 0)
      // Without its key the link is not the invitation's.
      await page.goto(link.split('?')[0]!)
      await page.getByRole('alert').filter({ hasText: 'This invitation link is incomplete' }).waitFor()
    })

    await withPage(browser(), async (page) => {
      await page.setViewportSize({ width: 375, height: 740 })
      // Not logged in: the route guard keeps the whole address, key included, through the login round trip.
      await page.goto(link)
      await page.waitForURL((url) => url.pathname === '/login')
      await signIn(page, invitee, PASSWORD)
      await page.waitForURL((url) => url.href === link)
      await page.getByRole('heading', { level: 1, name: 'Join Demo Shop' }).waitFor()
      assert.match(await page.getByRole('main').innerText(), /join Demo Shop as a keeper/i)
      await assertNoAxeViolations(page, '/invitation/{id} at 375px')
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      assert.ok(width <= 375, `no sideways scrolling at 375px (${width}px)`)

      await page.getByRole('button', { name: 'Accept' }).click()
      await page.getByRole('heading', { name: 'Welcome to the team' }).waitFor()
      await page.getByText('You are now a keeper of Demo Shop.').waitFor()
      await page.getByRole('button', { name: 'Go to the dashboard' }).click()
      await page.waitForURL((url) => url.pathname === '/admin/overview')
      const nav = page.getByRole('navigation', { name: 'Admin' })
      await nav.getByRole('link', { name: 'Overview' }).waitFor()
      const tabs = (await nav.getByRole('link').allTextContents()).map((name) => name.trim())
      assert.deepEqual(tabs, ['Overview', 'Products', 'Orders', 'Site', 'Reviews', 'Go to site'])

      // Used once: opening it again says so.
      await page.goto(link)
      await page.getByRole('alert').filter({ hasText: 'This invitation has already been used' }).waitFor()
    })
    assert.equal(await roleOf(invitee), 'keeper')
  })

  it('sends someone who accepted on another host to the shop’s dashboard, logged in there', async () => {
    const invitee = 'elsewhere.keeper@example.com'
    await signUp(invitee, 'Efua Asante')
    const invitation = await api<{ _id: string; link: string }>(server(), 'POST', '/api/shop-role-invitations/', {
      token: await tokenOf(admin),
      body: { shop: await demoShopId(), email: invitee, role: 'keeper' },
    })
    assert.equal(invitation.status, 201)

    await withPage(browser(), async (page) => {
      const { platformUrl, port } = server()
      await logIn(page, invitee, PASSWORD, platformUrl)
      await page.goto(`${platformUrl}${invitation.body.link}`)
      await page.getByRole('button', { name: 'Accept' }).click()
      await page.getByText('You are now a keeper of Demo Shop.').waitFor()
      await page.getByRole('button', { name: 'Go to the dashboard' }).click()
      // The shop's host has no session in this browser yet: it starts a login that this host hands over.
      await page.getByRole('main').getByRole('button', { name: `Continue as ${invitee}` }).click()
      await page.waitForURL((url) => url.host === `${demo.slug}.localhost:${port}` && url.pathname === '/admin/overview' && !url.searchParams.has('code'))
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).waitFor()
    })
    assert.equal(await roleOf(invitee), 'keeper')
  })

  it('lets an administrator change a role and remove someone, and never offers to remove the last owner', async () => {
    await newStaffMember('rising.keeper@example.com', 'Abena Rising', 'keeper')
    await newStaffMember('leaving.manager@example.com', 'Kojo Leaving', 'manager')
    const sentKeys = new Map<string, string | null>()
    for (const [email, role, by] of [
      ['future.admin@example.com', 'administrator', demo.owner],
      ['future.keeper@example.com', 'keeper', admin],
    ] as const) {
      const sent = await api<{ link: string }>(server(), 'POST', '/api/shop-role-invitations/', { token: await tokenOf(by), body: { shop: await demoShopId(), email, role } })
      assert.equal(sent.status, 201, `invitation of ${email}`)
      sentKeys.set(email, new URL(sent.body.link, server().platformUrl).searchParams.get('key'))
    }

    await withPage(browser(), async (page) => {
      await openTab(page, admin, 'management')
      const staff = page.getByRole('region', { name: 'Staff' })
      assert.equal(await staff.getByLabel('Role of Ama Owusu').isDisabled(), true, 'an administrator cannot touch the owner')
      assert.equal(await staff.getByRole('button', { name: 'Remove Ama Owusu' }).count(), 0)

      // Arrow keys on a closed select change its value at each step: nothing is saved until Save role.
      const select = staff.getByLabel('Role of Abena Rising')
      await select.focus()
      await select.press('ArrowUp')
      assert.equal(await select.inputValue(), 'manager')
      const saveRole = staff.getByRole('button', { name: 'Save role for Abena Rising' })
      assert.equal(await saveRole.getAttribute('aria-disabled'), null)
      assert.equal(await roleOf('rising.keeper@example.com'), 'keeper')
      await saveRole.click()
      await page.getByText('Abena Rising is now manager').waitFor()
      assert.equal(await roleOf('rising.keeper@example.com'), 'manager')
      // Saved: the refreshed list holds the new role, so there is nothing left to save.
      await saveRole.and(page.locator('[aria-disabled="true"]')).waitFor()

      // Re-send or revoke only where the administrator could have sent the invitation.
      const pending = page.getByRole('region', { name: 'Pending invitations' })
      await pending.getByText('future.admin@example.com').waitFor()
      assert.equal(await pending.getByRole('button', { name: 'Revoke the invitation for future.admin@example.com' }).count(), 0)
      assert.equal(await pending.getByRole('button', { name: 'New link for future.admin@example.com' }).count(), 0)
      // A new link replaces the one sent (the API tests show the old one then stops working).
      await pending.getByRole('button', { name: 'New link for future.keeper@example.com' }).click()
      const fresh = pending.getByLabel('Invitation link for future.keeper@example.com')
      await fresh.waitFor()
      const freshKey = new URL(await fresh.inputValue()).searchParams.get('key')
      assert.ok(freshKey && freshKey !== sentKeys.get('future.keeper@example.com'))
      await pending.getByRole('button', { name: 'Revoke the invitation for future.keeper@example.com' }).click()
      await page.getByRole('dialog', { name: 'Revoke the invitation for future.keeper@example.com?' }).getByRole('button', { name: 'Revoke' }).click()
      await page.getByText('Invitation for future.keeper@example.com revoked').waitFor()

      await staff.getByRole('button', { name: 'Remove Kojo Leaving' }).click()
      await page.getByRole('dialog', { name: 'Remove Kojo Leaving?' }).getByRole('button', { name: 'Remove' }).click()
      await page.getByText('Kojo Leaving was removed from the staff').waitFor()
      await staff.getByLabel('Role of Kojo Leaving').waitFor({ state: 'detached' })
      assert.equal(await roleOf('leaving.manager@example.com'), null)
    })

    await withPage(browser(), async (page) => {
      await openTab(page, demo.owner, 'management')
      const staff = page.getByRole('region', { name: 'Staff' })
      await staff.getByLabel('Role of Abena Rising').selectOption('owner')
      await staff.getByRole('button', { name: 'Save role for Abena Rising' }).click()
      await page.getByRole('dialog', { name: 'Make Abena Rising an owner?' }).getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
      assert.equal(await roleOf('rising.keeper@example.com'), 'manager')

      // The sole owner is offered neither Remove nor a role change on themselves; the API refuses it too.
      await staff.getByLabel('Role of Ama Owusu').waitFor()
      assert.equal(await staff.getByRole('button', { name: 'Remove Ama Owusu' }).count(), 0)
      assert.equal(await staff.getByLabel('Role of Ama Owusu').isDisabled(), true)
      const shop = await demoShopId()
      const ownToken = await tokenOf(demo.owner)
      const roles = await api<{ data: { _id: string; role: string; user: { email: string } }[] }>(server(), 'GET', `/api/shop-roles/?shop=${shop}&status=active`, { token: ownToken })
      const own = roles.body.data.find((member) => member.user.email === demo.owner)!
      const refused = await api<{ message: string }>(server(), 'PATCH', `/api/shop-roles/${own._id}`, { token: ownToken, body: { status: 'removed' } })
      assert.equal(refused.status, 409)
      assert.match(refused.body.message, /at least one owner/)
      assert.equal(await roleOf(demo.owner, demo.password), 'owner')
    })
  })

  it('lets the owner edit a delivery fee and the tax rate, and says online payments are not available here', async () => {
    const shop = await demoShopId()
    await withPage(browser(), async (page) => {
      await openTab(page, demo.owner, 'settings')
      const rates = page.getByRole('region', { name: 'Delivery rates' })
      await rates.getByRole('button', { name: 'Edit Greater Accra express' }).waitFor()
      await page.getByRole('button', { name: 'Save tax rate' }).waitFor()
      await page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor({ state: 'detached' })
      await assertNoAxeViolations(page, '/admin/settings')

      await rates.getByRole('button', { name: 'Edit Greater Accra express' }).click()
      const form = rates.getByRole('form', { name: 'Edit Greater Accra express' })
      assert.equal(await form.getByRole('checkbox', { name: 'Greater Accra' }).isChecked(), true)
      await form.getByLabel('Fee (GHS)').fill('31.5')
      await form.getByRole('button', { name: 'Save rate' }).click()
      await page.getByText('Greater Accra express saved').waitFor()
      const listed = await api<{ data: { name: string; rate: { value: number } }[] }>(server(), 'GET', `/delivery/rates/?client=${shop}`)
      assert.equal(listed.body.data.find((rate) => rate.name === 'Greater Accra express')?.rate.value, 31.5)

      const tax = page.getByRole('region', { name: 'Tax' })
      await tax.getByLabel('Tax rate (%)').fill('150')
      await tax.getByRole('button', { name: 'Save tax rate' }).click()
      await tax.getByText('Must be at most 100').waitFor()
      await tax.getByLabel('Tax rate (%)').fill('12.5')
      await tax.getByRole('button', { name: 'Save tax rate' }).click()
      await page.getByText('Tax rate saved').waitFor()
      const unpaid = page.getByRole('region', { name: 'Unpaid orders' })
      await unpaid.getByLabel('Cancel unpaid orders after (minutes)').fill('4')
      await unpaid.getByRole('button', { name: 'Save unpaid-order time' }).click()
      await unpaid.getByText('Must be at least 5').waitFor()
      await unpaid.getByLabel('Cancel unpaid orders after (minutes)').fill('45')
      await unpaid.getByRole('button', { name: 'Save unpaid-order time' }).click()
      await page.getByText('Unpaid-order time saved').waitFor()
      const config = await api<{ taxRate: number; unpaidOrderTimeout: number }>(server(), 'GET', `/api/shop-configs/${shop}`, {
        token: await tokenOf(demo.owner),
      })
      assert.equal(config.body.taxRate, 12.5)
      assert.equal(config.body.unpaidOrderTimeout, 45)

      const domains = page.getByRole('region', { name: 'Custom domains' })
      await domains.getByLabel('Add a domain').fill('intranet')
      await domains.getByRole('button', { name: 'Add', exact: true }).click()
      await domains.getByLabel('Add a domain').fill('https://Shop.Example.com/')
      await domains.getByLabel('Add a domain').press('Enter')
      await domains.getByRole('button', { name: 'Save domains' }).click()
      await domains.getByText('intranet: Must be a host name such as shop.example.com').waitFor()
      await domains.getByRole('button', { name: 'Remove intranet' }).click()
      await domains.getByText('intranet: Must be a host name').waitFor({ state: 'detached' })
      assert.equal(await domains.getByText('Must be a host name').count(), 0, 'the message leaves with its domain')
      await domains.getByRole('button', { name: 'Save domains' }).click()
      await page.getByText('Domains saved').waitFor()
      // Saved, the domain is pending: it shows how to prove control of it, and Check now says why it is not verified.
      const domain = domains.getByRole('listitem').filter({ hasText: 'shop.example.com' })
      await domain.getByText('Status: Pending').waitFor()
      const instructions = domain.getByRole('group', { name: 'How to verify shop.example.com' })
      assert.equal(await instructions.getByLabel('TXT record name').inputValue(), '_shoplet.shop.example.com')
      const token = await instructions.getByLabel('TXT record value').inputValue()
      assert.match(token, /^[A-Za-z0-9_-]{43}$/)
      assert.equal(await instructions.getByLabel('File URL').inputValue(), `http://shop.example.com/.well-known/shoplet/${token}`)
      assert.equal(await instructions.getByLabel('File content').inputValue(), token)
      await domain.getByRole('button', { name: 'Check now shop.example.com' }).click()
      await domain.getByRole('status').getByText('DNS: no TXT record at _shoplet.shop.example.com.', { exact: false }).waitFor()
      assert.match(await domain.getByRole('status').innerText(), /^Not verified yet \(checked .+\)\. DNS: no TXT record at _shoplet\.shop\.example\.com\. HTTP: no address/)
      await domain.getByText('Status: Pending').waitFor()
      const served = await api<{ total: number }>(server(), 'GET', '/api/shops/?domain=shop.example.com')
      assert.equal(served.body.total, 0, 'a pending domain serves no shop')
      const storefront = await request(server().port, 'shop.example.com', '/')
      assert.equal(storefront.status, 404, 'nor its storefront')

      const facebook = page.getByRole('region', { name: 'Facebook domain verification' })
      await facebook.getByLabel('Verification code').fill('<meta name="facebook-domain-verification" content="abc123xyz" />')
      await facebook.getByRole('button', { name: 'Save verification' }).click()
      await page.getByText('Facebook verification saved').waitFor()
      assert.equal(await facebook.getByLabel('Verification code').inputValue(), 'abc123xyz')

      const saved = await api<{ domains: string[]; facebook: { meta: string } }>(server(), 'GET', `/api/shop-configs/${shop}`, {
        token: await tokenOf(demo.owner),
      })
      assert.deepEqual(saved.body.domains, ['shop.example.com'])
      assert.equal(saved.body.facebook.meta, 'abc123xyz')

      // This server has no Paystack: the payout account (payouts.test.ts) and online payments say so, in words.
      const accounts = page.getByRole('region', { name: 'Payout account' })
      await accounts.getByText('Online payments are not available on this platform yet.').waitFor()
      const paystack = page.getByRole('region', { name: 'Payment options' }).getByRole('group', { name: 'Paystack' })
      await paystack.getByText('Online payments are not available on this platform yet.').waitFor()
      assert.equal(await paystack.getByRole('checkbox', { name: 'Offer at checkout' }).isDisabled(), true)
      assert.equal(await page.getByText(/PAYSTACK_|secret key/).count(), 0, 'no server setting is named to the merchant')
      await assertNoAxeViolations(page, '/admin/settings after the changes')
    })
  })
})
