/**
 * Writing messages (docs/decisions/0031-outbox.md). A service calls `enqueueMessage` with the context of
 * the transaction that makes the change the message reports (`withDb(ctx, tx)`): the message exists
 * exactly when the change does, and is sent later by the outbox worker of some app process, so no
 * request waits for a mail server. One message per (event, recipient, kind): writing it again (a retried
 * request, a second process) does nothing.
 */
import type { ServiceContext } from '../../context'
import { type MessageData, type MessageKind, templates } from './templates'
import { findMessageSettings, insertOutboxMessage } from './outbox.repository'

export type Channel = 'email' | 'sms'

export type MessageInput<K extends MessageKind> = {
  /** Whose message it is (sender name, logo, reply-to, links on its host); null for the platform's own. */
  shopId: string | null
  /** What happened, unique per occurrence: `invitation:{id}:{sent at}`, `order:{id}:placed`, `password-reset:{id}`. */
  event: string
  /** An e-mail address, or a phone in international form (`+233…`) for SMS. */
  recipient: string
  kind: K
  channel: Channel
  data: MessageData<K>
}

/**
 * Writes a message to the outbox in `ctx`'s transaction. Answers its id, or null when the same
 * (event, recipient, kind) was already written, or when SMS is off (no provider configured).
 */
export async function enqueueMessage<K extends MessageKind>(ctx: ServiceContext, input: MessageInput<K>): Promise<{ id: string } | null> {
  const template = templates[input.kind] as { secretFields?: readonly string[]; email?: unknown; sms?: unknown }
  if (!template[input.channel]) throw new Error(`a ${input.kind} message has no ${input.channel} form`)
  let recipient = input.recipient.trim()
  if (input.channel === 'sms') {
    if (!ctx.config.arkesel) return null
    if (!/^\+\d{8,15}$/.test(recipient)) throw new Error('an SMS goes to a phone in international form (+233…)')
  } else {
    recipient = recipient.toLowerCase()
    if (!/^[^\s@]+@[^\s@]+$/.test(recipient)) throw new Error('an e-mail goes to an e-mail address')
  }
  const data: Record<string, unknown> = { ...(input.data as Record<string, unknown>) }
  let secrets: Record<string, string> | null = null
  for (const field of template.secretFields ?? []) {
    secrets = Object.assign(secrets ?? {}, { [field]: String(data[field]) })
    delete data[field]
  }
  const now = ctx.clock.now()
  return insertOutboxMessage(ctx.db, {
    shopId: input.shopId,
    event: input.event,
    recipient,
    kind: input.kind,
    channel: input.channel,
    data,
    secrets,
    nextAttemptAt: now,
    createdAt: now,
  })
}

export type MessageSettings = { replyTo: string | null; buyerEmailsOff: readonly string[]; orderSms: boolean; paymentReminders: boolean }

/** What a shop wants sent; a shop that never saved its settings gets everything. */
export async function messageSettings(ctx: ServiceContext, shopId: string): Promise<MessageSettings> {
  const row = await findMessageSettings(ctx.db, shopId)
  return { replyTo: row?.replyTo ?? null, buyerEmailsOff: row?.buyerEmailsOff ?? [], orderSms: row?.orderSms ?? true, paymentReminders: row?.paymentReminders ?? true }
}
