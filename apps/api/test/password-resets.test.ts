/**
 * "Forgot password?" end to end, with e-mail kept in the development mailbox (no SMTP_URL): the same
 * answer for every address, the e-mailed link, a new password that ends every session, a token that works
 * once and only for 30 minutes, the limits, and the reset page signing the person in on the site they
 * asked from. Also the mailbox's own pages and who may read them.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { systemActor } from '../src/actor'
import { anonymousActor } from '../src/actor'
import { actingAs, at, fixedClock } from '../src/context'
import { shops } from '../src/db/schema'
import { PASSWORD_RESET_TTL_MS, requestPasswordReset, resetPassword } from '../src/modules/auth/password-reset.service'
import { listMailbox } from '../src/modules/messages/mailbox.service'
import { TEST_PASSWORD, createShop, createUser, errorBody, productionLimits, serviceContext, setupApp } from './helpers'
import { listOutboxMessages } from './outbox-rows'

const test = await setupApp({
  limits: { ...productionLimits, passwordResetsPerIp: { max: 6, windowMs: 3_600_000 }, passwordResetsPerAddress: { max: 3, windowMs: 3_600_000 } },
})
const { app } = test
const shop = await createShop(test, {}, { title: 'Kente & Co' })
const shopOrigin = `http://${shop.slug}.shops.test`

let ipCounter = 1
/** Each test asks from its own address, so the per-IP limit counts only what it means to. */
const freshIp = () => `10.0.0.${ipCounter++}`

const askReset = (email: string, ip = freshIp(), redir?: string) =>
  app.inject({ method: 'POST', url: '/api/password-resets', remoteAddress: ip, payload: { email, ...(redir ? { redir } : {}) } })
const useToken = (token: string, password: string) =>
  app.inject({ method: 'PATCH', url: `/api/password-resets/${token}`, payload: { password } })
const signIn = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/token', remoteAddress: freshIp(), payload: { email, password } })

/** The reset link of the newest e-mail to `email` in the development mailbox. */
async function resetLinkFor(email: string): Promise<URL> {
  await app.outbox.drain()
  const mail = (await listMailbox(serviceContext(test))).find((m) => m.to === email && m.subject.startsWith('Reset'))
  if (!mail) throw new Error(`no reset e-mail for ${email}`)
  const link = /Choose a new password: (\S+)/.exec(mail.text)?.[1]
  return new URL(link!)
}
const tokenOf = (link: URL) => link.searchParams.get('token')!

describe('POST /api/password-resets', () => {
  it('answers 202 with the same words for an account and for an unknown address', async () => {
    const user = await createUser(test)
    const known = await askReset(user.email)
    const unknown = await askReset(`nobody-${Date.now()}@example.com`)
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(unknown.json()).toEqual(known.json())
    expect(await listOutboxMessages(test.database.db, { recipient: user.email, kind: 'password-reset' })).toHaveLength(1)
  })

  it("e-mails a link to the reset page on the platform, from the platform whatever shop's site it was asked on", async () => {
    const user = await createUser(test)
    const logo = { url: '/uploads/ab/kente-logo.webp', thumbnail: '/uploads/ab/kente-logo-thumb.webp' }
    await test.database.db.update(shops).set({ logo }).where(eq(shops.id, shop.id))
    await askReset(user.email, freshIp(), shopOrigin)
    const link = await resetLinkFor(user.email)
    expect(link.origin + link.pathname).toBe(`${app.config.platformUrl}/reset-password`)
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Others' e-mail may be drained in the same batch, with the same time: pick this person's.
    const mail = (await listMailbox(serviceContext(test))).find((m) => m.to === user.email)
    const provider = app.config.providerName
    expect(mail).toMatchObject({ to: user.email, from: `"${app.config.mailFromName}" <${app.config.mailFrom}>`, subject: `Reset your ${provider} password` })
    // A shop's title or logo would let any merchant send "security" mail in their own name to anyone.
    for (const part of [mail!.html, mail!.text]) expect(part).not.toMatch(/kente/i)
    expect(mail!.text).toContain('The link works once, until')
  })

  it('refuses a malformed address with 400', async () => {
    const response = await askReset('not an address')
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.[0]?.path).toBe('email')
  })

  it('limits requests per address (from anywhere) and per IP address, the same for unknown addresses', async () => {
    const user = await createUser(test)
    for (let i = 0; i < 3; i++) expect((await askReset(user.email)).statusCode).toBe(202)
    const fourth = await askReset(user.email)
    expect(fourth.statusCode).toBe(429)
    expect(await listOutboxMessages(test.database.db, { recipient: user.email, kind: 'password-reset' })).toHaveLength(3)

    const ip = freshIp()
    for (let i = 0; i < 6; i++) expect((await askReset(`someone-${i}-${Date.now()}@example.com`, ip)).statusCode).toBe(202)
    expect((await askReset(`someone-else-${Date.now()}@example.com`, ip)).statusCode).toBe(429)
  })
})

describe('PATCH /api/password-resets/{token}', () => {
  it('sets the new password and signs out every session of the account', async () => {
    const user = await createUser(test)
    await askReset(user.email)
    const token = tokenOf(await resetLinkFor(user.email))
    expect((await useToken(token, 'a-brand-new-secret')).statusCode).toBe(204)

    expect((await signIn(user.email, 'a-brand-new-secret')).statusCode).toBe(201)
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401)
    const oldSession = await app.inject({ method: 'GET', url: '/api/user', headers: user.headers })
    expect(oldSession.statusCode).toBe(401)
  })

  it('works once: the same token again is a 404 and changes nothing', async () => {
    const user = await createUser(test)
    await askReset(user.email)
    const token = tokenOf(await resetLinkFor(user.email))
    expect((await useToken(token, 'first-new-password')).statusCode).toBe(204)
    const again = await useToken(token, 'second-new-password')
    expect(again.statusCode).toBe(404)
    expect(errorBody(again).message).toContain('not valid')
    expect((await signIn(user.email, 'first-new-password')).statusCode).toBe(201)
  })

  it('stops working after 30 minutes', async () => {
    const user = await createUser(test)
    const ctx = actingAs(serviceContext(test), anonymousActor(freshIp()))
    const askedAt = new Date('2026-05-02T10:00:00Z')
    await requestPasswordReset(at(ctx, fixedClock(askedAt)), { email: user.email })
    const token = tokenOf(await resetLinkFor(user.email))
    const late = at(ctx, fixedClock(new Date(askedAt.getTime() + PASSWORD_RESET_TTL_MS)))
    await expect(resetPassword(late, { token, password: 'too-late-password' })).rejects.toMatchObject({ code: 404 })
    const inTime = at(ctx, fixedClock(new Date(askedAt.getTime() + PASSWORD_RESET_TTL_MS - 1000)))
    await expect(resetPassword(inTime, { token, password: 'just-in-time' })).resolves.toMatchObject({ email: user.email })
  })

  it('ends the other open links of the account when one of them is used', async () => {
    const user = await createUser(test)
    await askReset(user.email)
    const first = tokenOf(await resetLinkFor(user.email))
    await askReset(user.email)
    const second = tokenOf(await resetLinkFor(user.email))
    expect(second).not.toBe(first)
    expect((await useToken(second, 'from-the-second-link')).statusCode).toBe(204)
    expect((await useToken(first, 'from-the-first-link')).statusCode).toBe(404)
  })

  it('answers 404 for an unknown token and 400 for a malformed one or a short password', async () => {
    expect((await useToken('A'.repeat(43), 'whatever-password')).statusCode).toBe(404)
    expect((await useToken('short', 'whatever-password')).statusCode).toBe(400)
    const user = await createUser(test)
    await askReset(user.email)
    const token = tokenOf(await resetLinkFor(user.email))
    const weak = await useToken(token, 'short')
    expect(weak.statusCode).toBe(400)
    expect(errorBody(weak).errors?.[0]?.path).toBe('password')
    // The token is still good after a refused password.
    expect((await useToken(token, 'long-enough-now')).statusCode).toBe(204)
  })
})

describe('the reset page', () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/reset-password',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    })

  it('is linked from the login page, carrying the site the login is for', async () => {
    const login = await app.inject({ method: 'GET', url: `/login?redir=${encodeURIComponent(shopOrigin)}` })
    expect(login.body).toContain(`href="/reset-password?redir=${encodeURIComponent(shopOrigin)}"`)
    const page = await app.inject({ method: 'GET', url: `/reset-password?redir=${encodeURIComponent(shopOrigin)}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Forgot your password?')
    expect(page.body).toContain(`name="redir" value="${shopOrigin}"`)
    // Another site's origin is not carried along.
    const foreign = await app.inject({ method: 'GET', url: '/reset-password?redir=https%3A%2F%2Fevil.example' })
    expect(foreign.body).not.toContain('evil.example')
  })

  it('asks for the address, then takes the new password and signs the person in on the shop they came from', async () => {
    const user = await createUser(test)
    const asked = await form({ intent: 'request', email: user.email, redir: shopOrigin })
    expect(asked.statusCode).toBe(202)
    expect(asked.body).toContain('Check your e-mail')
    const link = await resetLinkFor(user.email)

    const page = await app.inject({ method: 'GET', url: link.pathname + link.search })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(user.email)
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${shopOrigin}`)

    const saved = await form({ intent: 'reset', token: tokenOf(link), password: 'chosen-on-the-page' })
    expect(saved.statusCode).toBe(303)
    expect(saved.headers.location).toBe(`${shopOrigin}/session/start?next=%2F`)
    const cookie = String(saved.headers['set-cookie']).split(';')[0]!
    expect(String(saved.headers['set-cookie'])).toMatch(/Path=\/login; Max-Age=120; HttpOnly; SameSite=Lax/)

    // The shop starts its own login (its state), which /login answers with a code at once.
    const state = 'S'.repeat(32)
    const login = await app.inject({ method: 'GET', url: `/login?${new URLSearchParams({ redir: shopOrigin, state })}`, headers: { cookie } })
    expect(login.statusCode).toBe(303)
    const back = new URL(login.headers.location as string)
    expect(back.origin).toBe(shopOrigin)
    expect(back.searchParams.get('state')).toBe(state)
    expect(String(login.headers['set-cookie'])).toContain('Max-Age=0')
    const exchanged = await app.inject({ method: 'POST', url: '/api/token', headers: { origin: shopOrigin }, payload: { code: back.searchParams.get('code') } })
    expect(exchanged.statusCode).toBe(201)

    // The cookie is spent: another login shows the page.
    const again = await app.inject({ method: 'GET', url: `/login?${new URLSearchParams({ redir: shopOrigin, state })}`, headers: { cookie } })
    expect(again.statusCode).toBe(303)
    const code = new URL(again.headers.location as string).searchParams.get('code')
    const reused = await app.inject({ method: 'POST', url: '/api/token', headers: { origin: shopOrigin }, payload: { code } })
    expect(reused.statusCode).toBe(400)
  })

  it('says when a link is used, expired or unknown', async () => {
    const unknown = await app.inject({ method: 'GET', url: `/reset-password?token=${'B'.repeat(43)}` })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('This link does not work')
    expect(unknown.body).toContain('href="/reset-password"')
  })

  it('refuses a short password on the page and keeps the link usable', async () => {
    const user = await createUser(test)
    await askReset(user.email)
    const token = tokenOf(await resetLinkFor(user.email))
    const weak = await form({ intent: 'reset', token, password: 'short' })
    expect(weak.statusCode).toBe(400)
    expect(weak.body).toContain('role="alert"')
    expect((await useToken(token, 'long-enough-now')).statusCode).toBe(204)
  })
})

describe('the development mailbox', () => {
  it('lists the e-mail kept instead of sent, each as text and as HTML', async () => {
    const user = await createUser(test)
    await askReset(user.email, freshIp(), shopOrigin)
    await app.outbox.drain()
    const list = await app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(list.statusCode).toBe(200)
    const subject = `Reset your ${app.config.providerName} password`
    expect(list.body).toContain(subject)
    const id = new RegExp(`href="/dev/mailbox/([0-9a-f-]{36})"><span class="subject">${subject}</span><span class="meta">To ${user.email}`).exec(list.body)?.[1]
    expect(id).toBeDefined()

    const message = await app.inject({ method: 'GET', url: `/dev/mailbox/${id}` })
    expect(message.statusCode).toBe(200)
    expect(message.body).toContain('Choose a new password: http://')
    const html = await app.inject({ method: 'GET', url: `/dev/mailbox/${id}/html` })
    expect(html.statusCode).toBe(200)
    expect(html.body).toMatch(/^<!doctype html><html lang="en">/)
    expect(html.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it('answers only this machine unless DEV_MAILBOX=1', async () => {
    const away = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.9' })
    expect(away.statusCode).toBe(404)
    const ctx = actingAs(serviceContext(test), anonymousActor('203.0.113.9'))
    await expect(listMailbox(ctx)).rejects.toMatchObject({ code: 404 })
    await expect(listMailbox({ ...ctx, config: { ...ctx.config, devMailbox: 'open' } })).resolves.toBeInstanceOf(Array)
    await expect(listMailbox({ ...ctx, config: { ...ctx.config, devMailbox: 'off' } })).rejects.toMatchObject({ code: 404 })
    await expect(listMailbox(actingAs(ctx, { ...systemActor, ip: '::1' }))).resolves.toBeInstanceOf(Array)
  })
})
