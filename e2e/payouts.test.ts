/**
 * Getting paid online, on a 360 px phone (decision 58): the owner of the demo shop finds Paystack cannot be
 * turned on until the shop has a payout account, chooses MTN mobile money, sees the name Paystack holds for
 * the number, saves it (the shop's Paystack subaccount, at a local fake Paystack), and turns online payments on.
 */
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { type FakePaystack, startFakePaystack } from '../apps/api/test/fake-paystack'
import { api, demo, logInPage, tokenFor, useBrowser, useServer } from './fixtures'

let fake: FakePaystack | undefined
const { server } = useServer(async () => {
  fake = await startFakePaystack()
  fake.holder('MTN', '0244555014', 'AMA OWUSU')
  return { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url }
})
after(() => fake?.close())
const { browser } = useBrowser()

describe('the payout account from a phone', { timeout: 120_000 }, () => {
  it('chooses MTN mobile money, shows the resolved name, saves it and turns on online payments', async () => {
    const context = await browser().newContext({ viewport: { width: 360, height: 780 } })
    const page = await context.newPage()
    try {
      await logInPage(server(), page, demo.owner)
      await page.goto(`${server().shopUrl(demo.slug)}/admin/settings`)
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()

      // Online payments cannot be turned on yet, and the page says why in a merchant's words.
      const options = page.getByRole('region', { name: 'Payment options' })
      const paystack = options.getByRole('group', { name: 'Paystack' })
      await paystack.getByText('Add the account you want to be paid into — mobile money or bank — to take payments online.').waitFor()
      assert.equal(await paystack.getByRole('checkbox', { name: 'Offer at checkout' }).isDisabled(), true)
      assert.equal(await page.getByText(/PAYSTACK_|secret key/).count(), 0, 'no server setting is named to the merchant')

      const payout = page.getByRole('region', { name: 'Payout account' })
      await payout.getByRole('radio', { name: 'Mobile money' }).check()
      await payout.getByLabel('Network').selectOption({ label: 'MTN' })
      await payout.getByLabel('Mobile money number').fill('024 455 5014')
      await payout.getByRole('button', { name: 'Check account' }).click()
      await payout.getByRole('status').getByText('AMA OWUSU').waitFor()
      assert.equal(fake!.subaccounts.size, 0, 'nothing is saved before the merchant confirms the name')

      await payout.getByRole('button', { name: 'Save payout account' }).click()
      await page.getByText('Payout account saved: AMA OWUSU').waitFor()
      await payout.getByText('MTN · AMA OWUSU').waitFor()
      assert.equal(await payout.getByText('•••• 5014').count(), 1)
      const [subaccount] = [...fake!.subaccounts.values()]
      assert.equal(subaccount?.account_number, '0244555014')
      assert.equal(subaccount.settlement_bank, 'MTN')

      // Now online payments can be offered.
      const offer = paystack.getByRole('checkbox', { name: 'Offer at checkout' })
      await paystack.getByText('The money is paid into your payout account.', { exact: false }).waitFor()
      await offer.check()
      await options.getByRole('button', { name: 'Save payment options' }).click()
      await page.getByText('Payment options saved').waitFor()

      const shop = (await api<{ _id: string }>(server(), 'GET', `/api/shops/${demo.slug}`)).body._id
      const info = await api<{ options: { provider: string }[]; payout: boolean }>(server(), 'GET', `/api/payment-info/?shop=${shop}`)
      assert.equal(info.body.payout, true)
      assert.ok(info.body.options.some((option) => option.provider === 'paystack'), 'the checkout offers Paystack')
      const config = await api<{ onlinePayments: string }>(server(), 'GET', `/api/shop-configs/${shop}`, { token: await tokenFor(server(), demo.owner) })
      assert.equal(config.body.onlinePayments, 'ready')

      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      assert.ok(width <= 360, `the settings page scrolls sideways: ${width}px`)
      const html = await page.content()
      assert.ok(!html.includes('0244555014') && !html.includes('024 455 5014'), 'the full number is nowhere on the page once saved')
    } finally {
      await context.close()
    }
  })
})
