/**
 * A real SMTP server for the tests (smtp-server on 127.0.0.1, a random port): it parses what it receives
 * (mailparser) and keeps it, and can be told to refuse the next messages (a temporary 451, as a server
 * under load answers) or to hold them until released (a send in flight).
 */
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'

export type ReceivedMail = {
  envelopeTo: string[]
  from: string
  fromName: string
  to: string
  replyTo: string | null
  subject: string
  text: string
  html: string
  messageId: string
}

export type SmtpPeer = {
  /** SMTP_URL for the app. */
  url: string
  received: ReceivedMail[]
  /** Refuses the next `count` messages with 451 (after reading them). */
  refuse(count: number): void
  /** Refuses every message from now on, until `refuse(0)`. */
  refuseAll(): void
  /** Keeps the next message's transaction open until `release()`; `held` resolves once one is waiting. */
  hold(): { held: Promise<void>; release(): void }
  /** Resolves with what was received once `count` messages have arrived; rejects at the deadline. */
  waitFor(count: number, deadlineMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

function toReceived(mail: ParsedMail, envelopeTo: string[]): ReceivedMail {
  const from = mail.from?.value[0]
  const replyTo = mail.replyTo?.value[0]?.address ?? null
  const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text
  return {
    envelopeTo,
    from: from?.address ?? '',
    fromName: from?.name ?? '',
    to: to ?? '',
    replyTo,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    messageId: mail.messageId ?? '',
  }
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = []
  let refusals = 0
  let refusingAll = false
  let holding: { arrived: () => void; gate: Promise<void> } | null = null
  const waiters = new Set<() => void>()

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      void receive(stream, session, callback)
    },
  })
  // The server does not await onData; every path of receive() ends in the callback, failures included.
  async function receive(...[stream, session, callback]: Parameters<NonNullable<SMTPServerOptions['onData']>>): Promise<void> {
    try {
      const mail = await simpleParser(stream)
      if (refusingAll || refusals > 0) {
        if (refusals > 0) refusals--
        const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })
        return callback(error)
      }
      const hold = holding
      if (hold) {
        holding = null
        hold.arrived()
        await hold.gate
      }
      received.push(toReceived(mail, session.envelope.rcptTo.map((r) => r.address)))
      for (const wake of waiters) wake()
      callback()
    } catch (error) {
      callback(error as Error)
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(count) {
      refusals = count
      if (count === 0) refusingAll = false
    },
    refuseAll() {
      refusingAll = true
    },
    hold() {
      let arrived!: () => void
      let release!: () => void
      const held = new Promise<void>((resolve) => (arrived = resolve))
      const gate = new Promise<void>((resolve) => (release = resolve))
      holding = { arrived, gate }
      return { held, release }
    },
    waitFor(count, deadlineMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(received.slice())
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`expected ${count} messages, received ${received.length}`))
        }, deadlineMs)
        waiters.add(check)
        check()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
