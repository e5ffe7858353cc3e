/**
 * The outbox against a real SMTP peer: who gets what, with which subject and content; one message per
 * (event, recipient, kind); a refusing server is retried on the backoff schedule until it accepts, and a
 * message that never goes through ends as failed with its reason; a process that died between its claim
 * and the send is replaced once its lease is over; stopping lets the send in flight finish.
 */
import type { CreatedInvitation } from '@shop/domain/schemas/staff'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { systemActor } from '../src/actor'
import { type Clock, type ServiceContext, createContext, inTransaction } from '../src/context'
import { outboxMessages, shops } from '../src/db/schema'
import { LEASE_MS, MAX_ATTEMPTS } from '../src/modules/messages/backoff'
import { deliverDueMessages } from '../src/modules/messages/deliver-messages'
import { enqueueMessage } from '../src/modules/messages/outbox'
import { claimDueMessages } from '../src/modules/messages/outbox.repository'
import { outboxWorker } from '../src/workers/outbox-worker'
import { createStaffedShop, createUser, setupApp } from './helpers'
import { startSmtpPeer } from './smtp-peer'
import { listOutboxMessages } from './outbox-rows'

const peer = await startSmtpPeer()
afterAll(() => peer.close())
const test = await setupApp({ smtpUrl: peer.url, mailFrom: 'shop@mail.test' })
const { app, database } = test
const db = database.db
const staffed = await createStaffedShop(test)
const { shop, owner, administrator } = staffed

/** A clock the test moves. */
function movableClock(start = new Date('2026-05-02T10:00:00Z')) {
  let now = start.getTime()
  const clock: Clock & { advance(ms: number): void; set(at: Date): void } = {
    now: () => new Date(now),
    advance: (ms) => void (now += ms),
    set: (at) => void (now = at.getTime()),
  }
  return clock
}

/** A system context on the test's database with its own clock (a worker's view). */
function workerContext(clock: Clock): ServiceContext {
  return createContext({ database, config: app.config, counters: app.counters, log: app.log, actor: systemActor, clock })
}

let eventCounter = 0
/** What a welcome carries: its link to choose a password, and when that ends. */
const welcomeData = { expiresAt: '2026-05-02T10:30:00Z', link: 'http://shops.test/reset-password?token=test-token' }

/** Writes a welcome message to `recipient` for a new event and answers the event. */
async function enqueueWelcome(ctx: ServiceContext, recipient: string, shopId: string | null = shop.id) {
  const event = `test:${eventCounter++}`
  await enqueueMessage(ctx, { shopId, event, recipient, kind: 'welcome', channel: 'email', data: welcomeData })
  return event
}

const rowOf = async (event: string) => (await listOutboxMessages(db, { event }))[0]!
const receivedBy = (address: string) => peer.received.filter((m) => m.envelopeTo.includes(address))

describe('an invitation', () => {
  it('is e-mailed to the invitee with its link on the shop host, from the shop, with the owner as reply-to', async () => {
    const invitee = 'new.keeper@example.com'
    const response = await app.inject({
      method: 'POST',
      url: '/api/shop-role-invitations/',
      headers: administrator.headers,
      payload: { shop: shop.id, email: invitee, role: 'keeper' },
    })
    expect(response.statusCode).toBe(201)
    const { link } = response.json<CreatedInvitation>()
    // Nothing is sent while the request runs: the worker does it.
    expect(receivedBy(invitee)).toHaveLength(0)
    await app.outbox.drain()

    const [mail] = receivedBy(invitee)
    expect(receivedBy(invitee)).toHaveLength(1)
    const fullLink = `http://${shop.slug}.shops.test${link}`
    expect(mail).toMatchObject({
      from: 'shop@mail.test',
      fromName: shop.title,
      replyTo: owner.email,
      subject: `You're invited to join ${shop.title} as keeper`,
    })
    expect(mail!.text).toContain(`See the invitation: ${fullLink}`)
    expect(mail!.text).toContain('Test User invited you to help run')
    expect(mail!.html).toContain(`href="${fullLink.replace(/&/g, '&amp;')}"`)
    // Sent: the link's secret is no longer kept anywhere but in the e-mail.
    const [row] = await listOutboxMessages(db, { recipient: invitee, kind: 'staff-invitation' })
    expect(row).toMatchObject({ status: 'sent', attempts: 1, secrets: null, lastError: null })
    expect(JSON.stringify(row)).not.toContain(new URL(fullLink).searchParams.get('key'))
  })

  it('shows HTML in the shop title as text, never as markup', async () => {
    const hostile = '<b>Bold</b> & "Co" <script>alert(1)</script>'
    await db.update(shops).set({ title: hostile }).where(eq(shops.id, staffed.otherShop.id))
    const invitee = 'escaped@example.com'
    const response = await app.inject({
      method: 'POST',
      url: '/api/shop-role-invitations/',
      headers: staffed.outsider.headers,
      payload: { shop: staffed.otherShop.id, email: invitee, role: 'manager' },
    })
    expect(response.statusCode).toBe(201)
    await app.outbox.drain()
    const [mail] = receivedBy(invitee)
    expect(mail!.subject).toBe(`You're invited to join ${hostile} as manager`)
    expect(mail!.fromName).toBe(hostile)
    expect(mail!.text).toContain(`help run ${hostile} as manager`)
    expect(mail!.html).not.toContain('<b>Bold</b>')
    expect(mail!.html).not.toContain('<script>')
    expect(mail!.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Co&quot; &lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('is e-mailed again, with the new link, when it is re-sent', async () => {
    const invitee = 'twice@example.com'
    const send = () =>
      app.inject({ method: 'POST', url: '/api/shop-role-invitations/', headers: owner.headers, payload: { shop: shop.id, email: invitee, role: 'manager' } })
    const first = (await send()).json().link as string
    const second = (await send()).json().link as string
    await app.outbox.drain()
    const texts = receivedBy(invitee).map((m) => m.text)
    expect(texts).toHaveLength(2)
    expect(texts.some((t) => t.includes(second))).toBe(true)
    expect(texts.some((t) => t.includes(first))).toBe(true)
  })
})

describe('enqueueMessage', () => {
  it('writes one message per (event, recipient, kind): a second write is a no-op', async () => {
    const ctx = workerContext(movableClock())
    const input = { shopId: shop.id, event: 'test:once', recipient: 'Once@Example.com', kind: 'welcome', channel: 'email', data: welcomeData } as const
    const first = await enqueueMessage(ctx, input)
    const again = await enqueueMessage(ctx, { ...input, recipient: 'once@example.com' })
    expect(first).toEqual({ id: expect.any(String) })
    expect(again).toBeNull()
    await deliverDueMessages(ctx, app.messageChannels)
    await deliverDueMessages(ctx, app.messageChannels)
    expect(receivedBy('once@example.com')).toHaveLength(1)
  })

  it('joins the caller’s transaction: a rolled-back event leaves no message', async () => {
    const ctx = workerContext(movableClock())
    await expect(
      inTransaction(ctx, async (tx) => {
        await enqueueWelcome(tx, 'rolled.back@example.com')
        throw new Error('the event failed')
      }),
    ).rejects.toThrow('the event failed')
    expect(await listOutboxMessages(db, { recipient: 'rolled.back@example.com' })).toEqual([])
  })

  it('skips SMS while no SMS provider is configured, and refuses a channel the kind has no form for', async () => {
    const ctx = workerContext(movableClock())
    await expect(
      enqueueMessage(ctx, { shopId: shop.id, event: 'test:sms', recipient: '+233244123456', kind: 'welcome', channel: 'sms', data: welcomeData }),
    ).rejects.toThrow('no sms form')
    expect(app.config.arkesel).toBeNull()
  })
})

describe('the worker', () => {
  it('retries a refusing server on the backoff schedule until it accepts', async () => {
    const clock = movableClock()
    const ctx = workerContext(clock)
    const event = await enqueueWelcome(ctx, 'patient@example.com')
    peer.refuse(2)

    expect(await deliverDueMessages(ctx, app.messageChannels)).toMatchObject({ claimed: 1, retrying: 1 })
    let row = await rowOf(event)
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row.lastError).toContain('451')
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(30_000)

    // Not due before its time.
    clock.advance(29_000)
    expect((await deliverDueMessages(ctx, app.messageChannels)).claimed).toBe(0)
    clock.advance(1_000)
    expect(await deliverDueMessages(ctx, app.messageChannels)).toMatchObject({ claimed: 1, retrying: 1 })
    row = await rowOf(event)
    expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(60_000)

    clock.advance(60_000)
    expect(await deliverDueMessages(ctx, app.messageChannels)).toMatchObject({ claimed: 1, sent: 1 })
    expect(await rowOf(event)).toMatchObject({ status: 'sent', attempts: 3, lastError: null })
    expect(receivedBy('patient@example.com')).toHaveLength(1)
  })

  it('ends a message as failed, with the reason, after the last attempt', async () => {
    const clock = movableClock()
    const ctx = workerContext(clock)
    const event = await enqueueWelcome(ctx, 'never@example.com')
    peer.refuseAll()
    try {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        expect((await deliverDueMessages(ctx, app.messageChannels)).claimed).toBe(1)
        clock.advance(2 * 60 * 60_000)
      }
      expect((await deliverDueMessages(ctx, app.messageChannels)).claimed).toBe(0)
    } finally {
      peer.refuse(0)
    }
    const row = await rowOf(event)
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, secrets: null })
    expect(row.lastError).toContain('Mailbox busy')
    expect(receivedBy('never@example.com')).toHaveLength(0)
  })

  it('sends exactly once what a process claimed and never sent (it died): once the lease is over', async () => {
    const clock = movableClock()
    const ctx = workerContext(clock)
    const event = await enqueueWelcome(ctx, 'orphan@example.com')
    // The first process claims the message and dies before sending it.
    const claimed = await claimDueMessages(db, clock.now(), new Date(clock.now().getTime() + LEASE_MS), 10)
    expect(claimed.map((m) => m.event)).toContain(event)

    // The process that comes back (another worker) leaves it alone while the claim holds…
    clock.advance(LEASE_MS - 1_000)
    expect((await deliverDueMessages(ctx, app.messageChannels)).claimed).toBe(0)
    // …and sends it once the claim has run out.
    clock.advance(1_000)
    expect(await deliverDueMessages(ctx, app.messageChannels)).toMatchObject({ claimed: 1, sent: 1 })
    clock.advance(LEASE_MS * 2)
    expect((await deliverDueMessages(ctx, app.messageChannels)).claimed).toBe(0)
    expect(receivedBy('orphan@example.com')).toHaveLength(1)
    expect(await rowOf(event)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('sends after a restart what was committed before the process stopped', async () => {
    const ctx = workerContext(movableClock())
    await enqueueWelcome(ctx, 'after.restart@example.com')
    // A new app on the same database, as after a restart, with its worker polling.
    const { buildApp } = await import('../src/app')
    const restarted = await buildApp({ config: { ...app.config, outboxPollMs: 20 }, database, logger: false })
    await restarted.ready()
    try {
      const received = await peer.waitFor(peer.received.length + 1)
      expect(received.filter((m) => m.envelopeTo.includes('after.restart@example.com'))).toHaveLength(1)
    } finally {
      await restarted.close()
    }
  })

  it('when stopped, claims nothing more and lets the send in flight finish', async () => {
    const clock = movableClock()
    const ctx = workerContext(clock)
    // The app's channels, except that stopping this worker leaves the app's SMTP transport open.
    const shared = app.messageChannels.email
    const worker = outboxWorker(ctx, { ...app.messageChannels, email: { kind: shared.kind, send: (mail) => shared.send(mail), close: () => {} } }, 0)
    const inFlight = await enqueueWelcome(ctx, 'in.flight@example.com')
    const { held, release } = peer.hold()
    const draining = worker.drain()
    await held
    let stopped = false
    const stopping = worker.stop().then(() => (stopped = true))
    const later = await enqueueWelcome(ctx, 'too.late@example.com')
    expect(stopped).toBe(false)
    release()
    await stopping
    await draining
    expect(await rowOf(inFlight)).toMatchObject({ status: 'sent' })
    await worker.drain()
    expect(await rowOf(later)).toMatchObject({ status: 'pending', attempts: 0 })
    // Leave nothing due for the other tests' counts.
    await db.delete(outboxMessages).where(eq(outboxMessages.event, later))
  })
})

describe('a new account', () => {
  it('is welcomed by the platform, not the shop it signed up on, with the link to choose its password', async () => {
    const email = `welcome-${Date.now()}@example.com`
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ intent: 'signup', email, name: 'Visit evil.example', redir: `http://${shop.slug}.shops.test` }).toString(),
    })
    expect(response.statusCode).toBe(202)
    await app.outbox.drain()
    const [mail] = receivedBy(email)
    const provider = app.config.providerName
    expect(mail).toMatchObject({ fromName: app.config.mailFromName, subject: `Welcome to ${provider}: choose your password` })
    expect(mail!.text).toMatch(new RegExp(`Choose your password: ${app.config.platformUrl}/reset-password\\?token=[A-Za-z0-9_-]{43}`))
    // Neither the shop's name nor anything typed on the form: anyone can send this to any address.
    for (const part of [mail!.text, mail!.html]) {
      expect(part).not.toContain(shop.title)
      expect(part).not.toContain('evil.example')
    }
  })

  it('made outside the login page (the demo seed, scripts) gets no welcome', async () => {
    const user = await createUser(test)
    await app.outbox.drain()
    expect(receivedBy(user.email)).toHaveLength(0)
  })
})
