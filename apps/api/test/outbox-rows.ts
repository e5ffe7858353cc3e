/**
 * The outbox as the tests read it: the messages an event queued (newest first), to check what would be sent
 * without sending it. The app itself never lists the outbox, so this query lives with the tests.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { outboxMessages } from '../src/db/schema'
import type { OutboxRow } from '../src/modules/messages/outbox.repository'

/** The outbox's rows that match every field given (all of them when none is), newest first. */
export async function listOutboxMessages(db: Db, filter: { event?: string; recipient?: string; kind?: string } = {}): Promise<OutboxRow[]> {
  const where = and(
    filter.event === undefined ? undefined : eq(outboxMessages.event, filter.event),
    filter.recipient === undefined ? undefined : eq(outboxMessages.recipient, filter.recipient),
    filter.kind === undefined ? undefined : eq(outboxMessages.kind, filter.kind),
  )
  return db.select().from(outboxMessages).where(where).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
}
