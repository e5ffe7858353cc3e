/**
 * Sending what is due (docs/decisions/0031-outbox.md): claim a batch (committed at once, so no
 * transaction stays open while a mail server answers), render each message with its shop as it is now,
 * send it, and record the outcome. A failure is tried again later (backoff.ts) and after the last attempt
 * the message is `failed`, its reason kept. A process that dies mid-batch leaves its claims to run out.
 */
import type { Config } from '../../config'
import type { ServiceContext } from '../../context'
import { LEASE_MS, nextAttemptAt } from './backoff'
import type { Channels } from './channels'
import { type OutboxRow, claimDueMessages, findShopSender, finishAttempt } from './outbox.repository'
import { type Site, renderEmail, renderSms, templateOf } from './templates'

export const BATCH_SIZE = 10

/** A message that can never be sent as it is (unknown kind, a channel its kind lacks): failed at once. */
class Unsendable extends Error {}

export function shopOrigin(config: Config, slug: string): string {
  return `${new URL(config.platformUrl).protocol}//${slug}.${config.rootDomain}`
}

async function senderOf(ctx: ServiceContext, shopId: string | null): Promise<{ site: Site; replyTo: string | null }> {
  const { config } = ctx
  const platform = { name: config.providerName, origin: config.platformUrl, logoUrl: null, providerName: config.providerName }
  if (!shopId) return { site: platform, replyTo: null }
  const shop = await findShopSender(ctx.db, shopId)
  if (!shop) return { site: platform, replyTo: null }
  const origin = shopOrigin(config, shop.slug)
  const logoUrl = shop.logo ? new URL(shop.logo.thumbnail || shop.logo.url, origin).toString() : null
  return { site: { name: shop.title, origin, logoUrl, providerName: config.providerName }, replyTo: shop.replyTo }
}

async function send(ctx: ServiceContext, channels: Channels, row: OutboxRow): Promise<string | null> {
  const template = templateOf(row.kind)
  if (!template) throw new Unsendable(`no template for messages of kind ${row.kind}`)
  const data = { ...row.data, ...row.secrets }
  const { site, replyTo } = await senderOf(ctx, row.shopId)
  if (row.channel === 'sms') {
    if (!template.sms) throw new Unsendable(`a ${row.kind} message has no SMS form`)
    if (!channels.sms) throw new Unsendable('SMS is not configured (ARKESEL_API_KEY)')
    return (await channels.sms.send(row.recipient, renderSms(template, data, site))).id
  }
  if (!template.email) throw new Unsendable(`a ${row.kind} message has no e-mail form`)
  const email = renderEmail(template, data, site)
  const domain = ctx.config.mailFrom.split('@')[1]
  const sent = await channels.email.send({
    // Shop mail in the shop's name; the platform's own in MAIL_FROM's name (PROVIDER_NAME unless it gives one).
    from: { name: row.shopId ? site.name : ctx.config.mailFromName, address: ctx.config.mailFrom },
    to: row.recipient,
    replyTo,
    ...email,
    messageId: `<${row.id}@${domain}>`,
    outboxId: row.id,
  })
  return sent.id
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000)

export type DeliveryReport = { claimed: number; sent: number; retrying: number; failed: number }

/** Claims up to BATCH_SIZE due messages and sends them one after another. */
export async function deliverDueMessages(ctx: ServiceContext, channels: Channels): Promise<DeliveryReport> {
  const now = ctx.clock.now()
  const claimed = await claimDueMessages(ctx.db, now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE)
  const report: DeliveryReport = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 }
  for (const row of claimed) {
    try {
      const providerId = await send(ctx, channels, row)
      await finishAttempt(ctx.db, row, { status: 'sent', at: ctx.clock.now(), providerId })
      report.sent++
    } catch (error) {
      const reason = reasonOf(error)
      const retryAt = error instanceof Unsendable ? null : nextAttemptAt(ctx.clock.now(), row.attempts)
      if (retryAt) {
        await finishAttempt(ctx.db, row, { status: 'pending', error: reason, nextAttemptAt: retryAt })
        report.retrying++
        ctx.log.warn({ message: row.id, kind: row.kind, attempts: row.attempts, reason }, 'a message could not be sent; it will be tried again')
      } else {
        await finishAttempt(ctx.db, row, { status: 'failed', error: reason })
        report.failed++
        ctx.log.error({ message: row.id, kind: row.kind, attempts: row.attempts, reason }, 'a message could not be sent and has failed')
      }
    }
  }
  return report
}
