/**
 * A shop's notification settings (Settings → Notifications): which buyer e-mails go out, whether order
 * messages also go by SMS, whether unpaid online orders get their one reminder to pay, where replies go, and "send a test e-mail" to the caller. Settings staff only.
 */
import { buyerMessageKinds } from '@shop/domain'
import type { MessageSettings, MessageSettingsInput } from '@shop/domain/schemas/messages'
import { type ServiceContext, inTransaction } from '../../context'
import { enqueueMessage, messageSettings } from './outbox'
import { upsertMessageSettings } from './outbox.repository'

function settingsDto(ctx: ServiceContext, shopId: string, settings: Awaited<ReturnType<typeof messageSettings>>): MessageSettings {
  return {
    shop: shopId,
    replyTo: settings.replyTo,
    buyerEmails: Object.fromEntries(buyerMessageKinds.map((kind) => [kind, !settings.buyerEmailsOff.includes(kind)])) as MessageSettings['buyerEmails'],
    sms: settings.orderSms,
    paymentReminders: settings.paymentReminders,
    smsAvailable: ctx.config.arkesel !== null,
    emailTransport: ctx.config.smtpUrl ? 'smtp' : 'mailbox',
  }
}

export async function getMessageSettings(ctx: ServiceContext, shopId: string): Promise<MessageSettings> {
  await ctx.actor.authorize(shopId, 'settings.manage')
  return settingsDto(ctx, shopId, await messageSettings(ctx, shopId))
}

export async function updateMessageSettings(ctx: ServiceContext, shopId: string, input: MessageSettingsInput): Promise<MessageSettings> {
  await ctx.actor.authorize(shopId, 'settings.manage')
  const current = await messageSettings(ctx, shopId)
  const emails = input.buyerEmails ?? {}
  const buyerEmailsOff = buyerMessageKinds.filter((kind) => emails[kind] === false || (emails[kind] === undefined && current.buyerEmailsOff.includes(kind)))
  await upsertMessageSettings(
    ctx.db,
    shopId,
    {
      buyerEmailsOff,
      ...(input.sms === undefined ? {} : { orderSms: input.sms }),
      ...(input.paymentReminders === undefined ? {} : { paymentReminders: input.paymentReminders }),
      ...(input.replyTo === undefined ? {} : { replyTo: input.replyTo?.trim().toLowerCase() || null }),
    },
    ctx.clock.now(),
  )
  return settingsDto(ctx, shopId, await messageSettings(ctx, shopId))
}

/** Queues a test e-mail from the shop to the caller's own address; the worker sends it like any other. */
export async function sendTestEmail(ctx: ServiceContext, shopId: string): Promise<{ recipient: string; message: string }> {
  await ctx.actor.authorize(shopId, 'settings.manage')
  const user = ctx.actor.requireUser()
  const at = ctx.clock.now()
  await inTransaction(ctx, (tx) =>
    enqueueMessage(tx, {
      shopId,
      event: `test-email:${user.id}:${at.getTime()}`,
      recipient: user.email,
      kind: 'test-email',
      channel: 'email',
      data: { requestedBy: user.name.trim() || user.email, at: at.toISOString() },
    }),
  )
  const where = ctx.config.smtpUrl ? 'your inbox' : 'the development mailbox (/dev/mailbox)'
  return { recipient: user.email, message: `A test e-mail is on its way to ${user.email}: look in ${where} in a few seconds.` }
}
