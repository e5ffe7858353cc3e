/**
 * "Forgot password?" in Chromium, through the development mailbox (no SMTP_URL): from the shop's login,
 * ask for a link, read the e-mail at /dev/mailbox in another tab, choose a new password there and land on
 * the shop signed in; the new password then works on the login page. No policy violations on the way.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  PROVIDER_NAME,
  axeViolations,
  createAccount,
  demo,
  describeViolations,
  openMail,
  readLocalStorage,
  signIn,
  useBrowser,
  useServer,
  watchCspViolations,
  withPage,
} from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

describe('forgot password', { timeout: 120_000 }, () => {
  it('resets the password through the e-mailed link and signs the person in on the shop', async () => {
    const email = `forgetful-${Date.now()}@example.com`
    await createAccount(server(), { email, name: 'Abena', password: 'the-old-password', redir: server().shopUrl(demo.slug) })
    const { port } = server()
    const shopHost = `demo.localhost:${port}`

    await withPage(browser(), async (page, context) => {
      const violations = await watchCspViolations(page)
      await page.goto(server().shopUrl(demo.slug))
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL((url) => url.host === `localhost:${port}` && url.pathname === '/login')
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
      const forgotPage = await axeViolations(page)
      assert.equal(forgotPage.length, 0, describeViolations('the forgot password page', forgotPage))
      await page.getByRole('textbox', { name: 'Email' }).fill(email)
      await page.getByRole('button', { name: 'Send the link' }).click()
      await page.getByRole('status').getByText(/a link to choose a new password is on its way/).waitFor()

      // The e-mail is read in another tab, as a link from a mail app opens one.
      const mailTab = await context.newPage()
      const mailViolations = await watchCspViolations(mailTab)
      await openMail(mailTab, server(), `Reset your ${PROVIDER_NAME} password`)
      await mailTab.getByRole('link', { name: 'View as HTML' }).click()
      await mailTab.getByRole('link', { name: 'Choose a new password' }).click()

      await mailTab.getByRole('heading', { name: 'Choose a new password' }).waitFor()
      await mailTab.getByText(email).waitFor()
      const passwordPage = await axeViolations(mailTab)
      assert.equal(passwordPage.length, 0, describeViolations('the new password page', passwordPage))
      await mailTab.getByLabel(/New password/).fill('the-new-password')
      await mailTab.getByRole('button', { name: 'Save and log in' }).click()

      // Back on the shop, signed in, with no code left in the address.
      await mailTab.waitForURL((url) => url.host === shopHost && url.pathname === '/' && !url.searchParams.has('code'))
      await mailTab.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Your account/ }).waitFor()
      const user = (await readLocalStorage(mailTab, 'user')) as { email: string } | null
      assert.equal(user?.email, email)
      assert.deepEqual([...violations(), ...mailViolations()], [])
    })

    // The new password signs in; the old one no longer does.
    await withPage(browser(), async (page) => {
      await page.goto(`${server().platformUrl}/login?redir=${encodeURIComponent(server().shopUrl(demo.slug))}`)
      await signIn(page, email, 'the-old-password')
      await page.getByRole('alert').getByText('Wrong email or password').waitFor()
      await signIn(page, email, 'the-new-password')
      await page.waitForURL((url) => url.host === shopHost)
    })
  })
})
