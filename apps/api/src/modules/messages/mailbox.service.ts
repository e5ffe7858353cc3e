/**
 * The development mailbox: with no SMTP_URL, e-mail is kept in the database and read at /dev/mailbox.
 * It answers only this machine's own requests (loopback), unless DEV_MAILBOX=1 opens it to everyone, and
 * nobody in production unless DEV_MAILBOX is set; for anyone else it does not exist.
 */
import ipaddr from 'ipaddr.js'
import { LOCAL_IP } from '../../actor'
import type { ServiceContext } from '../../context'
import { NotFound } from '../../lib/errors'
import { type MailboxRow, findMailboxMessage, listMailboxMessages } from './outbox.repository'

const LIST_LIMIT = 200

/** A request from this machine, or a caller in this process (a script, a test: no address at all). */
function isLocal(ip: string): boolean {
  return ip === LOCAL_IP || (ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback')
}

function assertMayRead(ctx: ServiceContext): void {
  const { devMailbox } = ctx.config
  if (!(devMailbox === 'open' || (devMailbox === 'local' && isLocal(ctx.actor.ip)))) throw NotFound('Nothing here')
}

/** The newest messages first (the last 200). */
export async function listMailbox(ctx: ServiceContext): Promise<MailboxRow[]> {
  assertMayRead(ctx)
  return listMailboxMessages(ctx.db, LIST_LIMIT)
}

export async function readMailboxMessage(ctx: ServiceContext, id: string): Promise<MailboxRow> {
  assertMayRead(ctx)
  const message = await findMailboxMessage(ctx.db, id)
  if (!message) throw NotFound('No such message in the mailbox')
  return message
}
