/**
 * The `test` provider's pay page (GET and POST /pay/test/{transactionId}): a small server-rendered page
 * showing the shop, the order and the amount, with "Pay now" and "Cancel payment". Pressing one records
 * the simulated gateway's outcome and settles the attempt exactly as a real provider's would be (verify,
 * checks, ack), then sends the browser back to the order's page on the shop's origin. Only for attempts
 * through `test` of shops that have the test provider enabled, and only with the access code that the
 * provider put in the page's address (compared with its stored hash in constant time): without it the page
 * answers as if the attempt did not exist, and nothing changes.
 */
import type { ServiceContext } from '../../context'
import { secretMatches } from '../../lib/crypto'
import { type HttpError, NotFound } from '../../lib/errors'
import { type SafeHtml, html } from '../../lib/html'
import { keyMatches } from '../orders/buyer-access'
import { orderReturnUrl, payLinkReturnUrl, shopOrigin } from './order-access'
import type { PayPageForm, PayPageQuery } from './payments.schemas'
import { acceptedProviders } from './providers/registry'
import { formatMinor } from '@shop/domain'
import { verifyTransaction } from './settle-payment'
import { findPayPageData, findTransaction, findTransactionForUpdate, updateTransaction } from './transaction.repository'

const styles = html`
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2129}
  main{max-width:420px;margin:8vh auto;padding:0 16px}
  section{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  h1{font-size:1.4rem;margin:0 0 4px}
  .note{margin:0 0 16px;color:#555}
  dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0 0 8px}
  dt{font-weight:600} dd{margin:0}
  .amount{font-size:1.25rem;font-weight:700}
  .actions{display:flex;flex-direction:column;gap:10px;margin-top:20px}
  button{width:100%;padding:12px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
  .pay{border:0;background:#1a64d6;color:#fff}
  .cancel{border:1px solid #b8bcc4;background:#fff;color:#1d2129}
  button:focus-visible,a:focus-visible{outline:3px solid #9ec5ff;outline-offset:2px}
  .status{background:#eef4ff;padding:10px 12px;border-radius:8px}
  a{color:#1a64d6}`

/** `nonce`: the answer's content security policy nonce, which lets the inline styles apply. */
function page(title: string, body: SafeHtml, nonce: string): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style nonce="${nonce}">${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`.markup
}

export function payPageError(error: HttpError, nonce: string): string {
  const title = error.code === 404 ? 'Payment page not found' : 'This payment page could not be shown'
  const text =
    error.code === 404
      ? 'There is no test payment at this address. Go back to the shop and try paying again.'
      : 'The request was not valid. Go back to the shop and try paying again.'
  return page(title, html`<section aria-labelledby="title"><h1 id="title">${title}</h1><p>${text}</p></section>`, nonce)
}

type PayPage = NonNullable<Awaited<ReturnType<typeof findPayPageData>>>

/**
 * The attempt, its order and shop, if it is a test payment of a shop that has test payments enabled and
 * `access` is the attempt's access code.
 */
async function load(ctx: ServiceContext, id: string, access: string | undefined): Promise<PayPage> {
  const data = await findPayPageData(ctx.db, id)
  const granted = secretMatches(access, data?.transaction.accessCodeHash)
  if (!data || !granted || data.transaction.provider !== 'test' || !acceptedProviders(ctx.config, data.paymentOptions).includes('test')) {
    throw NotFound('No such test payment')
  }
  return data
}

const statusWords: Record<string, string> = {
  success: 'This payment is complete.',
  failed: 'This payment was canceled or did not go through.',
  abandoned: 'This payment attempt was replaced by a newer one.',
}

export async function renderPayPage(ctx: ServiceContext, id: string, query: PayPageQuery, nonce: string): Promise<string> {
  const { key, access } = query
  const { transaction, order, shopTitle } = await load(ctx, id, access)
  const privateKey = keyMatches(order, key) ? key! : null
  const origin = await shopOrigin(ctx, order.shopId)
  // A payment through the order's pay link goes back to the pay link's page.
  const back = transaction.details.payLink ? payLinkReturnUrl(origin, order, transaction.id) : orderReturnUrl(origin, order, transaction.id, privateKey)
  const details = html`
  <dl>
    <dt>Shop</dt><dd>${shopTitle}</dd>
    <dt>Order</dt><dd>${order.orderId}</dd>
    <dt>Amount</dt><dd class="amount">${formatMinor(transaction.amountMinor, transaction.currency)}</dd>
  </dl>`
  const actions =
    transaction.status === 'pending'
      ? html`
  <form method="post" action="/pay/test/${transaction.id}" class="actions">
    <input type="hidden" name="access" value="${access}">
    ${privateKey ? html`<input type="hidden" name="key" value="${privateKey}">` : ''}
    <button type="submit" name="outcome" value="pay" class="pay">Pay now</button>
    <button type="submit" name="outcome" value="cancel" class="cancel">Cancel payment</button>
  </form>`
      : html`
  <p class="status" role="status">${statusWords[transaction.status] ?? 'This payment is closed.'}</p>
  <p><a href="${back}">Back to your order</a></p>`
  return page(
    `Demonstration payment | ${shopTitle}`,
    html`<section aria-labelledby="title">
  <h1 id="title">Demonstration payment</h1>
  <p class="note">A demonstration of paying online, for trying the shop out: no money moves.</p>
  ${details}
  ${actions}
</section>`,
    nonce,
  )
}

/** Records the simulated gateway's answer, settles the attempt, and answers where to send the browser. */
export async function submitPayPage(ctx: ServiceContext, id: string, form: PayPageForm): Promise<string> {
  const { transaction, order } = await load(ctx, id, form.access)
  const db = ctx.db
  if (transaction.status === 'pending') {
    const recorded = await db.transaction(async (tx) => {
      const current = await findTransactionForUpdate(tx, id)
      if (!current || current.status !== 'pending') return null
      const gateway = { status: form.outcome === 'pay' ? 'success' : 'failed', at: ctx.clock.now().toISOString() }
      return updateTransaction(tx, id, { details: { gateway } })
    })
    if (recorded) await verifyTransaction(ctx, recorded)
  }
  const final = (await findTransaction(db, id)) ?? transaction
  const privateKey = keyMatches(order, form.key) ? form.key! : null
  const origin = await shopOrigin(ctx, order.shopId)
  if (final.details.payLink) return payLinkReturnUrl(origin, order, final.id, { payment: final.status })
  return orderReturnUrl(origin, order, final.id, privateKey, { payment: final.status })
}
