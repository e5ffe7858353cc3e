/**
 * Running the shop from a phone (390×844): every dashboard tab reachable, toasts clear of navigation,
 * who is signed in and Log out, a role told which tab is not theirs, staff page loads not counted as
 * visits, the last owner not offered Remove, the overview's to-do list, the reviews page's collapsed
 * forms and tappable stars, and the login page's problems beside their fields.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { PHONE, api, assertNoSidewaysScroll, axeViolations, demo, describeViolations, logInPage, tokenFor, useBrowser, useServer, withPhone as withPhoneOf } from './fixtures'

const { server } = useServer()
const { browser } = useBrowser()

const withPhone = <T>(run: (page: Page) => Promise<T>, from: Browser = browser()): Promise<T> => withPhoneOf(from, run)

const shopUrl = (path: string) => `${server().shopUrl(demo.slug)}${path}`
const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' })

async function openAdmin(page: Page, email: string, path = '/admin/overview'): Promise<void> {
  await logInPage(server(), page, email)
  await page.goto(shopUrl(path))
  await adminNav(page).getByRole('link', { name: 'Overview' }).waitFor()
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
const inViewport = (box: Box) => box.x >= 0 && box.x + box.width <= PHONE.width + 0.5 && box.y >= 0 && box.y + box.height <= PHONE.height

async function demoShopId(): Promise<string> {
  return (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
}

async function totalVisits(): Promise<number> {
  const token = await tokenFor(server(), demo.owner)
  const answer = await api<{ data: { visits: number }[] }>(server(), 'GET', `/api/analytics-aggregator/?shop=${await demoShopId()}`, { token })
  assert.equal(answer.status, 200)
  return answer.body.data.reduce((sum, day) => sum + day.visits, 0)
}

describe('the dashboard on a phone', { timeout: 120_000 }, () => {
  it('reaches every tab: the strip shows there is more, and the current tab is in view', async () => {
    await withPhone(async (page) => {
      await openAdmin(page, demo.owner)
      const tabs = ['Overview', 'Products', 'Orders', 'Site', 'Reviews', 'Discount Codes', 'Management', 'Settings']
      const settings = adminNav(page).getByRole('link', { name: 'Settings' })
      // Settings is past the edge, and the edge says so with an arrow that scrolls to it.
      assert.equal(inViewport((await settings.boundingBox())!), false, 'Settings starts off screen')
      const more = page.locator('.admin-nav-more-after')
      await more.waitFor()
      const arrow = (await more.boundingBox())!
      assert.ok(arrow.width >= 44 && arrow.height >= 44, `the arrow is a 44 px target: ${JSON.stringify(arrow)}`)
      while (!inViewport((await settings.boundingBox())!)) {
        await more.click()
        await page.waitForFunction(
          (before) => (document.querySelector('.admin-nav ul')?.scrollLeft ?? 0) > before,
          await page.evaluate(() => document.querySelector('.admin-nav ul')?.scrollLeft ?? 0),
        )
      }
      await page.locator('.admin-nav-more-before').waitFor()

      for (const name of tabs) {
        const link = adminNav(page).getByRole('link', { name, exact: true })
        const box = (await link.boundingBox())!
        assert.ok(box.height >= 44, `${name} is a 44 px target`)
        await link.click()
        await page.waitForURL((url) => url.pathname.startsWith('/admin/') && url.pathname !== '/admin/')
        await link.and(page.locator('[aria-current="page"]')).waitFor()
        assert.ok(inViewport((await link.boundingBox())!), `${name} is in view once open`)
      }
      await assertNoSidewaysScroll(page, '/admin/settings')

      // Opened directly (a bookmark, a reload), the current tab is scrolled into view.
      await page.goto(shopUrl('/admin/management'))
      const management = adminNav(page).getByRole('link', { name: 'Management' })
      await management.and(page.locator('[aria-current="page"]')).waitFor()
      assert.ok(inViewport((await management.boundingBox())!), 'Management is in view')
    })
  })

  it('says who is logged in, and Log out ends the session and goes to the storefront', async () => {
    await withPhone(async (page) => {
      await openAdmin(page, 'keeper@demo.shop')
      const session = page.getByRole('banner')
      await session.getByText('Logged in as keeper@demo.shop').waitFor()
      assert.ok(inViewport((await session.getByRole('button', { name: 'Log out' }).boundingBox())!))
      await session.getByRole('button', { name: 'Log out' }).click()
      await page.waitForURL((url) => url.pathname === '/')
      await page.getByRole('button', { name: 'Log in' }).waitFor()
      assert.equal(await page.evaluate(() => window.localStorage.getItem('authCredentials')), null)
      assert.equal(await page.evaluate(() => window.localStorage.getItem('user')), null)
      // Back to the dashboard: the guard sends a logged-out visitor to the login page.
      await page.goto(shopUrl('/admin/overview'))
      await page.waitForURL((url) => url.pathname === '/login')
    })
  })

  it('tells a keeper sent away from Settings who Settings is for, and a manager about Management', async () => {
    for (const [email, path, message] of [
      ['keeper@demo.shop', '/admin/settings', 'Settings is for administrators and owners. Your role here is keeper.'],
      ['manager@demo.shop', '/admin/management', 'Management is for administrators and owners. Your role here is manager.'],
      ['keeper@demo.shop', '/admin/discount-codes', 'Discount Codes is for managers, administrators and owners. Your role here is keeper.'],
    ] as const) {
      await withPhone(async (page) => {
        await logInPage(server(), page, email)
        await page.goto(shopUrl(path))
        await page.waitForURL((url) => url.pathname === '/admin/overview')
        const alert = page.getByRole('alert').filter({ hasText: message })
        await alert.waitFor()
        await alert.getByRole('button', { name: 'Dismiss' }).click()
        await alert.waitFor({ state: 'detached' })
        assert.equal(new URL(page.url()).searchParams.has('refused'), false)
      })
    }
  })

  it('keeps a toast clear of the tabs and the back link', async () => {
    const shop = await demoShopId()
    const token = await tokenFor(server(), 'keeper@demo.shop')
    const placed = await api<{ data: { _id: string; orderId: string }[] }>(
      server(),
      'GET',
      `/api/orders/?shop=${shop}&acked=true&$or[0][status]=placed&$limit=1`,
      { token },
    )
    const order = placed.body.data[0]
    assert.ok(order, 'the demo shop has a placed order')
    await withPhone(async (page) => {
      await openAdmin(page, 'keeper@demo.shop', `/admin/orders/${order._id}`)
      await page.getByRole('button', { name: 'Mark as packaged' }).click()
      const toast = page.locator('.toast').filter({ hasText: `Order ${order.orderId} is now packaged` })
      await toast.waitFor()
      const toastBox = (await toast.boundingBox())!
      const back = (await page.getByRole('link', { name: '← All orders' }).boundingBox())!
      const nav = (await adminNav(page).boundingBox())!
      assert.equal(overlaps(toastBox, back), false, `the toast ${JSON.stringify(toastBox)} covers the back link ${JSON.stringify(back)}`)
      assert.equal(overlaps(toastBox, nav), false, `the toast ${JSON.stringify(toastBox)} covers the tabs ${JSON.stringify(nav)}`)
      assert.ok(toastBox.y + toastBox.height <= PHONE.height && toastBox.y > PHONE.height / 2, 'at the bottom of the screen')
      const dismiss = (await toast.getByRole('button', { name: 'Dismiss' }).boundingBox())!
      assert.ok(dismiss.width >= 44 && dismiss.height >= 44, 'the dismiss button is a 44 px target')
    })
  })

  it('counts no visit for staff at work: dashboard pages and the storefront as staff', async () => {
    const before = await totalVisits()
    const token = await tokenFor(server(), demo.owner)
    const user = await api(server(), 'GET', '/api/user/', { token })
    await withPhone(async (page) => {
      // Logged in before the first page loads, so not one page of this shop is seen as a visitor.
      await page.addInitScript(
        ([credentials, profile]) => {
          window.localStorage.setItem('authCredentials', credentials)
          window.localStorage.setItem('user', profile)
        },
        [JSON.stringify({ access_token: token, token_type: 'Bearer' }), JSON.stringify(user.body)] as const,
      )
      const posts: string[] = []
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/api/analytics') posts.push(sent.url())
      })
      for (const path of ['/admin/overview', '/admin/orders', '/admin/products', '/', '/reviews']) {
        await page.goto(shopUrl(path))
        await page.waitForLoadState('networkidle')
      }
      assert.deepEqual(posts, [], 'no site_visit was posted')
    })
    assert.equal(await totalVisits(), before, 'Visits did not change')

    // A shopper's visit still counts, so the numbers above could have moved.
    await withPhone(async (page) => {
      const posted = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/analytics')
      await page.goto(shopUrl('/'))
      assert.equal((await posted).status(), 201)
    })
    assert.equal(await totalVisits(), before + 1)
  })

  it('never offers Remove or a role change on the sole owner', async () => {
    await withPhone(async (page) => {
      await openAdmin(page, demo.owner, '/admin/management')
      const staff = page.getByRole('region', { name: 'Staff' })
      await staff.getByLabel('Role of Ama Owusu').waitFor()
      assert.equal(await staff.getByRole('button', { name: 'Remove Ama Owusu' }).count(), 0)
      assert.equal(await staff.getByLabel('Role of Ama Owusu').isDisabled(), true)
      // Others can still be removed.
      assert.ok((await staff.getByRole('button', { name: /^Remove / }).count()) > 0)
      await assertNoSidewaysScroll(page, '/admin/management')
    })
  })

  it('starts the overview with the to-do list, each line leading to its list', async () => {
    await withPhone(async (page) => {
      await openAdmin(page, 'keeper@demo.shop')
      const todo = page.getByRole('region', { name: 'To do' })
      await todo.getByRole('link', { name: /To pack/ }).waitFor()
      for (const [name, path] of [
        [/To pack/, '/admin/orders?status=placed'],
        [/To make ready/, '/admin/orders?status=packaged'],
        [/To dispatch or hand over/, '/admin/orders?status=ready'],
        [/Low stock/, '/admin/products?stock=low'],
        [/Orders? unpaid/, '/admin/orders?unpaid=1'],
        [/Reviews to answer/, '/admin/reviews?reply=none'],
      ] as const) {
        assert.equal(await todo.getByRole('link', { name }).getAttribute('href'), path)
      }
      const figures = page.getByRole('region', { name: 'Visits and sales' })
      for (const term of ['Sales', 'Orders', 'Average order', 'Conversion']) await figures.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).waitFor()
      await page.getByRole('region', { name: 'Top products' }).getByRole('heading', { name: 'By units sold' }).waitFor()
      await assertNoSidewaysScroll(page, '/admin/overview')
      const violations = await axeViolations(page)
      assert.deepEqual(violations, [], describeViolations('/admin/overview on a phone', violations))

      await todo.getByRole('link', { name: /Reviews to answer/ }).click()
      await page.waitForURL((url) => url.pathname === '/admin/reviews' && url.searchParams.get('reply') === 'none')
      assert.equal(await page.getByLabel('Reply').inputValue(), 'none')
    })
  })
})

describe('writing a review on a phone', { timeout: 120_000 }, () => {
  it('shows the reviews first, one collapsed form per order, and stars to tap', async () => {
    await withPhone(async (page) => {
      await logInPage(server(), page, demo.shopper)
      await page.goto(shopUrl('/reviews'))
      const write = page.getByRole('region', { name: 'Review your order' })
      const openers = write.getByRole('button', { name: /^Write a review/ })
      await openers.first().waitFor()
      const waiting = await openers.count()
      assert.ok(waiting >= 2, `orders wait for a review: ${waiting}`)
      // The reviews come before the forms, and no form is open.
      const reviewsTop = (await page.getByRole('heading', { name: 'What customers say' }).boundingBox())!.y
      assert.ok(reviewsTop < (await write.boundingBox())!.y, 'the reviews come first')
      assert.equal(await page.getByRole('group', { name: 'Your rating' }).count(), 0)

      // One form at a time.
      await openers.nth(0).click()
      await page.getByRole('group', { name: 'Your rating' }).waitFor()
      await write.getByRole('button', { name: /^Write a review/ }).first().click()
      assert.equal(await page.getByRole('group', { name: 'Your rating' }).count(), 1)
      assert.equal(await write.locator('[aria-expanded="true"]').count(), 1)

      const rating = page.getByRole('group', { name: 'Your rating' })
      const stars = rating.getByRole('radio')
      assert.equal(await stars.count(), 5)
      for (let star = 0; star < 5; star += 1) {
        const box = (await stars.nth(star).locator('..').boundingBox())!
        assert.ok(box.width >= 44 && box.height >= 44, `star ${star + 1} is a 44 px target`)
      }
      // Keyboard: arrows move the choice within the group.
      await stars.nth(0).focus()
      await page.keyboard.press('Space')
      await page.keyboard.press('ArrowRight')
      assert.equal(await rating.getByRole('radio', { name: '2 stars, Fair' }).isChecked(), true)
      // A tap on the fifth star.
      await rating.getByRole('radio', { name: '5 stars, Excellent' }).locator('..').click()
      assert.equal(await rating.getByRole('radio', { name: '5 stars, Excellent' }).isChecked(), true)
      await rating.locator('.star-rating-words').filter({ hasText: 'Excellent' }).waitFor()
      const violations = await axeViolations(page)
      assert.deepEqual(violations, [], describeViolations('/reviews on a phone', violations))
      await assertNoSidewaysScroll(page, '/reviews')

      await page.getByRole('textbox', { name: 'Your review (optional)' }).fill('Arrived fast, lovely colours.')
      await page.getByRole('button', { name: 'Post review' }).click()
      await page.getByRole('status').filter({ hasText: /Thank you! Your review of order/ }).waitFor()
      await page.getByText('Arrived fast, lovely colours.').waitFor()
      assert.equal(await write.getByRole('button', { name: /^Write a review/ }).count(), waiting - 1)
      assert.equal(await page.getByRole('group', { name: 'Your rating' }).count(), 0)
    })
  })
})

describe('the login page on a phone', { timeout: 120_000 }, () => {
  it('wears the shop’s colours and says what is wrong beside each field', async () => {
    await withPhone(async (page) => {
      await page.goto(shopUrl('/'))
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL((url) => url.pathname === '/login')
      const signIn = page.getByRole('region', { name: 'Log in' })
      const button = signIn.getByRole('button', { name: 'Log in' })
      assert.equal(await button.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(31, 78, 121)')

      // Empty: the browser's own bubbles are off, so the server answers with a message per field.
      await button.click()
      await page.waitForLoadState('load')
      const email = signIn.getByRole('textbox', { name: 'Email' })
      await signIn.getByText('Enter your email address.').waitFor()
      await signIn.getByText('Enter your password.').waitFor()
      assert.equal(await email.getAttribute('aria-invalid'), 'true')
      assert.equal(await email.getAttribute('aria-describedby'), 'signin-email-error')
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'signin-email', 'the first problem has the focus')

      // Creating an account: a bad address, beside its field; the address stays.
      await page.getByRole('link', { name: 'Create an account' }).click()
      const signUp = page.getByRole('region', { name: 'Create account' })
      await signUp.getByRole('textbox', { name: 'Email' }).fill('ama@home')
      await signUp.getByRole('button', { name: 'Create account' }).click()
      await page.waitForLoadState('load')
      const again = page.getByRole('region', { name: 'Create account' })
      await again.getByText('Enter a valid email address, like name@example.com.').waitFor()
      assert.equal(await again.getByRole('textbox', { name: 'Email' }).inputValue(), 'ama@home')
      const violations = await axeViolations(page)
      assert.deepEqual(violations, [], describeViolations('/login with problems', violations))
      await assertNoSidewaysScroll(page, '/login')
    })
  })
})
