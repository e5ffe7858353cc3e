/**
 * Where e-mail goes: an SMTP server (SMTP_URL, through nodemailer), or, without one, the development
 * mailbox in the database (/dev/mailbox), so a fresh `npm start` shows every e-mail it would have sent.
 */
import nodemailer from 'nodemailer'
import type { Clock } from '../../context'
import type { Db } from '../../db/client'
import { insertMailboxMessage } from './outbox.repository'

export type OutgoingMail = {
  from: { name: string; address: string }
  to: string
  replyTo: string | null
  subject: string
  html: string
  text: string
  /** The same for every attempt at one outbox message, so a receiver can tell a repeat. */
  messageId: string
  outboxId: string
}

export interface MailSender {
  readonly kind: 'smtp' | 'mailbox'
  /** Resolves once the server (or the mailbox) has taken the message; rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<{ id: string | null }>
  close(): void
}

/** One connection per message, with timeouts well inside the outbox's lease. */
export function smtpSender(url: string): MailSender {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
      })
      return { id: info.messageId }
    },
    close: () => transport.close(),
  }
}

const quoted = (from: OutgoingMail['from']) => `"${from.name.replace(/["\\\r\n]/g, '')}" <${from.address}>`

export function mailboxSender(db: Db, clock: Clock): MailSender {
  return {
    kind: 'mailbox',
    async send(mail) {
      const row = await insertMailboxMessage(db, {
        outboxId: mail.outboxId,
        from: quoted(mail.from),
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        createdAt: clock.now(),
      })
      return { id: row.id }
    },
    close: () => {},
  }
}
