/**
 * The messages about one thing (an order), as its timeline shows them, and a message to send again. The
 * caller decides who may see them; this only reads and maps, so no secret or data field leaves.
 */
import type { Message } from '@shop/domain/schemas/messages'
import type { ServiceContext } from '../../context'
import { type OutboxRow, findOutboxMessage, listShopMessagesByEvent } from './outbox.repository'

export function messageDto(row: OutboxRow): Message {
  return {
    _id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }
}

/** A shop's messages whose event starts with `prefix` (`order:{id}:`), newest first. */
export async function messagesAbout(ctx: ServiceContext, shopId: string, prefix: string): Promise<OutboxRow[]> {
  return listShopMessagesByEvent(ctx.db, shopId, prefix)
}

/** One message of the shop about `prefix`, or null. */
export async function findMessageAbout(ctx: ServiceContext, shopId: string, prefix: string, id: string): Promise<OutboxRow | null> {
  const row = await findOutboxMessage(ctx.db, id)
  return row && row.shopId === shopId && row.event.startsWith(prefix) ? row : null
}
