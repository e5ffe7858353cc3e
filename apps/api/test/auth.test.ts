import type { LoginCode } from '@shop/domain/schemas/auth'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { loginCodes, users } from '../src/db/schema'
import { listMailbox } from '../src/modules/messages/mailbox.service'
import { TEST_PASSWORD, type TestShop, type TestUser, createShop, createUser, errorBody, productionLimits, serviceContext, setupApp } from './helpers'

const ctx = await setupApp({ limits: productionLimits })
const platform = 'http://shops.test'
let shop: TestShop
let user: TestUser
let shopOrigin: string

beforeAll(async () => {
  user = await createUser(ctx, { email: 'ama@example.com' })
  shop = await createShop(ctx, { owner: user })
  shopOrigin = `http://${shop.slug}.shops.test`
})

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/login',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '' },
  payload: new URLSearchParams(fields).toString(),
})

/** Signs in on the login page and returns the code from the redirect. */
async function loginCode(email: string, password: string, redir = shopOrigin) {
  const response = await ctx.app.inject(form({ intent: 'signin', email, password, redir }))
  expect(response.statusCode).toBe(303)
  const location = new URL(response.headers.location as string)
  expect(location.origin).toBe(redir)
  expect(location.searchParams.get('c')).toBe('1')
  return location.searchParams.get('code')!
}

/** The link after `label: ` in the newest e-mail to `email` (the development mailbox keeps what is sent). */
async function linkMailedTo(email: string, label: string): Promise<URL> {
  await ctx.app.outbox.drain()
  const mail = (await listMailbox(serviceContext(ctx))).find((m) => m.to === email)
  const link = new RegExp(`${label}: (\\S+)`).exec(mail?.text ?? '')?.[1]
  if (!link) throw new Error(`no "${label}" link e-mailed to ${email}`)
  return new URL(link)
}

describe('GET /api/request-login', () => {
  it('answers the platform login url for a shop origin', async () => {
    const response = await ctx.app.inject({ url: `/api/request-login?redir=${encodeURIComponent(shopOrigin)}` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ loginUrl: `${platform}/login?redir=${encodeURIComponent(shopOrigin)}` })
  })

  it('carries the site\'s login state to the login page, and refuses a malformed one', async () => {
    const state = 'Zm9vYmFyYmF6cXV4LXN0YXRlXzEy'
    const response = await ctx.app.inject({ url: `/api/request-login?redir=${encodeURIComponent(shopOrigin)}&state=${state}` })
    expect(response.json()).toEqual({ loginUrl: `${platform}/login?redir=${encodeURIComponent(shopOrigin)}&state=${state}` })
    const bad = await ctx.app.inject({ url: `/api/request-login?redir=${encodeURIComponent(shopOrigin)}&state=${encodeURIComponent('<script>')}` })
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).errors?.[0]?.path).toBe('state')
  })

  it('accepts the platform origin itself', async () => {
    const response = await ctx.app.inject({ url: `/api/request-login?redir=${encodeURIComponent(platform)}` })
    expect(response.statusCode).toBe(200)
  })

  it.each([
    'https://evil.example',
    'http://unknown-shop.shops.test',
    'javascript:alert(1)',
    `${'http://x'}.shops.test.evil.example`,
    'not a url',
    'http://shops.test/path',
  ])('refuses %s (no open redirect)', async (redir) => {
    const response = await ctx.app.inject({ url: `/api/request-login?redir=${encodeURIComponent(redir)}` })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors?.[0]?.path).toBe('redir')
  })

  it('requires redir and rejects unknown parameters', async () => {
    expect((await ctx.app.inject({ url: '/api/request-login' })).statusCode).toBe(400)
    expect((await ctx.app.inject({ url: `/api/request-login?redir=${platform}&x=1` })).statusCode).toBe(400)
  })
})

describe('the /login page', () => {
  it('renders sign-in and create-account forms naming the shop', async () => {
    const response = await ctx.app.inject({ url: `/login?redir=${encodeURIComponent(shopOrigin)}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain(`continue to <strong>${shop.title}</strong>`)
    expect(response.body).toContain('Create account')
    expect(response.body).toContain(`value="${shopOrigin}"`)
    // The glossary's verb (docs/glossary.md): "Log in", never "Sign in" or "Login".
    expect(response.body).toContain('<button type="submit">Log in</button>')
    expect(response.body).not.toMatch(/sign in|>Login</i)
  })

  it('hands the login state back with the code, unchanged', async () => {
    const state = 'c2l0ZS1zdGFydGVkLWxvZ2luLTEyMzQ'
    const page = await ctx.app.inject({ url: `/login?redir=${encodeURIComponent(shopOrigin)}&state=${state}` })
    expect(page.body).toContain(`name="state" value="${state}"`)
    const response = await ctx.app.inject(form({ intent: 'signin', email: user.email, password: TEST_PASSWORD, redir: shopOrigin, state }))
    const location = new URL(response.headers.location as string)
    expect(location.searchParams.get('state')).toBe(state)
    expect(location.searchParams.get('code')).toEqual(expect.any(String))
    // A malformed state is dropped rather than echoed into the page or the redirect.
    const odd = await ctx.app.inject({ url: `/login?redir=${encodeURIComponent(shopOrigin)}&state=%22%3E%3Cscript%3E` })
    expect(odd.body).not.toContain('name="state"')
  })

  it('refuses an unknown redirect target', async () => {
    const response = await ctx.app.inject({ url: '/login?redir=https%3A%2F%2Fevil.example' })
    expect(response.statusCode).toBe(400)
    expect(response.body).not.toContain('evil.example')
  })

  it('signs in and redirects back with a single-use code', async () => {
    const code = await loginCode('AMA@example.com', TEST_PASSWORD)
    expect(code.length).toBeGreaterThan(30)
    const stored = await ctx.database.db.select().from(loginCodes)
    expect(stored.some((row) => row.codeHash === code)).toBe(false) // only the hash is kept
  })

  it('gives one message for a wrong password and an unknown email', async () => {
    const wrongPassword = await ctx.app.inject(form({ intent: 'signin', email: user.email, password: 'nope-nope', redir: shopOrigin }))
    const unknownEmail = await ctx.app.inject(form({ intent: 'signin', email: 'nobody@example.com', password: 'nope-nope', redir: shopOrigin }))
    expect(wrongPassword.statusCode).toBe(401)
    expect(unknownEmail.statusCode).toBe(401)
    expect(wrongPassword.body).toContain('Wrong email or password')
    expect(unknownEmail.body).toContain('Wrong email or password')
  })

  it('answers a sign-up the same whether or not the address has an account, and signs nobody in', async () => {
    const fresh = await ctx.app.inject(form({ intent: 'signup', name: 'Kofi', email: 'kofi@example.com', redir: shopOrigin }))
    const known = await ctx.app.inject(form({ intent: 'signup', name: 'Mallory', email: 'AMA@example.com', redir: shopOrigin }))
    for (const response of [fresh, known]) {
      expect(response.statusCode).toBe(202)
      expect(response.headers.location).toBeUndefined()
      expect(response.body).toContain('Check your e-mail')
    }
    // Word for word, but for the address typed and the page's nonce.
    const page = (body: string, email: string) => body.replaceAll(email, 'ADDRESS').replace(/nonce="[^"]*"/g, '')
    expect(page(fresh.body, 'kofi@example.com')).toBe(page(known.body, 'ama@example.com'))
    expect(Object.keys(fresh.headers).sort()).toEqual(Object.keys(known.headers).sort())
    // The account with the address is as it was: its name, its password, its sessions.
    expect((await ctx.app.inject({ url: '/api/user/', headers: user.headers })).json()).toMatchObject({ email: 'ama@example.com', name: 'Test User' })
    expect(await loginCode(user.email, TEST_PASSWORD)).toBeTruthy()
  })

  it('makes a new account that opens only with the e-mailed link, which chooses its password and signs in on the shop', async () => {
    await ctx.app.inject(form({ intent: 'signup', name: 'Esi', email: 'esi@example.com', redir: shopOrigin }))
    const noPassword = await ctx.app.inject(form({ intent: 'signin', email: 'esi@example.com', password: 'anything-at-all', redir: shopOrigin }))
    expect(noPassword.statusCode).toBe(401)
    const link = await linkMailedTo('esi@example.com', 'Choose your password')
    expect(link.origin + link.pathname).toBe(`${platform}/reset-password`)
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/reset-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ intent: 'reset', token: link.searchParams.get('token')!, password: 'esi-chose-this' }).toString(),
    })
    expect(saved.statusCode).toBe(303)
    expect(saved.headers.location).toBe(`${shopOrigin}/session/start?next=%2F`)
    const code = await loginCode('esi@example.com', 'esi-chose-this')
    const token = await ctx.app.inject({ method: 'POST', url: '/api/token/', headers: { origin: shopOrigin }, payload: { code } })
    const me = await ctx.app.inject({ url: '/api/user/', headers: { authorization: `Bearer ${token.json().access_token}` } })
    expect(me.json()).toMatchObject({ email: 'esi@example.com', name: 'Esi' })
  })

  it('tells the owner of a known address instead, with a link to choose a new password, and changes nothing', async () => {
    const owner = await createUser(ctx, { email: `owner-${Date.now()}@example.com`, name: 'Abena' })
    await ctx.app.inject(form({ intent: 'signup', name: 'Visit evil.example now', email: owner.email, redir: shopOrigin }))
    await ctx.app.outbox.drain()
    const mail = (await listMailbox(serviceContext(ctx))).find((m) => m.to === owner.email)!
    expect(mail).toMatchObject({ subject: `You already have a ${ctx.app.config.providerName} account`, from: `"${ctx.app.config.mailFromName}" <${ctx.app.config.mailFrom}>` })
    expect(mail.text).toContain('Hello Abena,')
    expect(mail.text).toContain(`Log in: ${platform}/session/start?next=%2F`)
    expect(mail.text).not.toContain('evil.example')
    expect(mail.text).not.toContain(shop.title)
    // Nothing changed: the password still works, the session still does.
    expect((await ctx.app.inject({ url: '/api/user/', headers: owner.headers })).json()).toMatchObject({ name: 'Abena' })
    expect(await loginCode(owner.email, TEST_PASSWORD)).toBeTruthy()
    // The link chooses a new password.
    const link = await linkMailedTo(owner.email, 'Choose a new password')
    const reset = await ctx.app.inject({ method: 'PATCH', url: `/api/password-resets/${link.searchParams.get('token')}`, payload: { password: 'a-new-one-now' } })
    expect(reset.statusCode).toBe(204)
  })

  it('makes one account of sign-ups for the same new address sent at once', async () => {
    const email = `together-${Date.now()}@example.com`
    const responses = await Promise.all(Array.from({ length: 3 }, () => ctx.app.inject(form({ intent: 'signup', email, redir: shopOrigin }))))
    expect(responses.map((response) => response.statusCode)).toEqual([202, 202, 202])
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1)
  })

  it('limits the e-mails sign-ups send to one address, the same whether or not it has an account', async () => {
    const known = (await createUser(ctx)).email
    const fresh = `limited-${Date.now()}@example.com`
    let ip = 1
    for (const email of [known, fresh]) {
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await ctx.app.inject({ ...form({ intent: 'signup', email, redir: shopOrigin }), remoteAddress: `10.60.0.${ip++}` })).statusCode)
      expect(statuses).toEqual([202, 202, 202, 429])
    }
  })

  it('refuses a bad email, showing the form again', async () => {
    const badSignUp = await ctx.app.inject(form({ intent: 'signup', email: 'not-an-email', redir: shopOrigin }))
    expect(badSignUp.statusCode).toBe(400)
    expect(badSignUp.body).toContain('valid email')
    const badEmail = await ctx.app.inject(form({ intent: 'signin', email: 'not-an-email', password: 'whatever', redir: shopOrigin }))
    expect(badEmail.statusCode).toBe(400)
    expect(badEmail.body).toContain('valid email')
  })

  it('shows each problem beside its field, with the browser’s own checks off', async () => {
    const page = await ctx.app.inject({ url: `/login?redir=${encodeURIComponent(shopOrigin)}` })
    expect(page.body.match(/<form method="post" action="\/login" novalidate>/g)).toHaveLength(2)
    const bad = await ctx.app.inject(form({ intent: 'signup', name: 'Ama', email: 'ama@', redir: shopOrigin }))
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('aria-invalid="true" aria-describedby="signup-email-error" autofocus')
    expect(bad.body).toContain('<p class="field-error" id="signup-email-error">Enter a valid email address, like name@example.com.</p>')
    // Creating an account asks for no password: the e-mailed link chooses it.
    expect(bad.body).not.toContain('id="signup-password"')
    // What was typed stays.
    expect(bad.body).toContain('value="ama@"')
    expect(bad.body).toContain('value="Ama"')
    const empty = await ctx.app.inject(form({ intent: 'signin', email: '', password: '', redir: shopOrigin }))
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('id="signin-email-error">Enter your email address.')
    expect(empty.body).toContain('id="signin-password-error">Enter your password.')
    expect(empty.body).not.toContain('id="signup-email-error"')
  })
})

describe('POST /api/token/', () => {
  it('exchanges a code once for a bearer token', async () => {
    const code = await loginCode(user.email, TEST_PASSWORD)
    const response = await ctx.app.inject({ method: 'POST', url: '/api/token/', headers: { origin: shopOrigin }, payload: { code } })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ token_type: 'Bearer', expires_in: 30 * 24 * 3600 })
    const again = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload: { code } })
    expect(again.statusCode).toBe(400)
    expect(errorBody(again).errors?.[0]?.path).toBe('code')
  })

  it('refuses an expired code', async () => {
    const code = await loginCode(user.email, TEST_PASSWORD)
    await ctx.database.db.update(loginCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(loginCodes.userId, user.id))
    const response = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload: { code } })
    expect(response.statusCode).toBe(400)
  })

  it('refuses a code presented by another origin', async () => {
    const code = await loginCode(user.email, TEST_PASSWORD)
    const response = await ctx.app.inject({ method: 'POST', url: '/api/token/', headers: { origin: 'https://evil.example' }, payload: { code } })
    expect(response.statusCode).toBe(400)
  })

  it('takes email and password for scripts', async () => {
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: TEST_PASSWORD } })
    expect(ok.statusCode).toBe(201)
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: 'wrong-password' } })
    expect(wrong.statusCode).toBe(401)
    expect(errorBody(wrong).message).toBe('Wrong email or password')
  })

  it.each([
    ['an unknown field', { code: 'a'.repeat(40), extra: 1 }],
    ['a wrong type', { code: 12345 }],
    ['nothing', {}],
    ['an email without password', { email: 'a@b.co' }],
  ])('rejects %s with 400', async (_label, payload) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload })
    expect(response.statusCode).toBe(400)
    errorBody(response)
  })

  it('rejects malformed JSON with 400 and oversized bodies with 413', async () => {
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/token/', headers: { 'content-type': 'application/json' }, payload: '{"code":' })
    expect(malformed.statusCode).toBe(400)
    expect(errorBody(malformed).message).toMatch(/JSON/)
    const huge = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload: { code: 'x'.repeat(200_000) } })
    expect(huge.statusCode).toBe(413)
    expect(errorBody(huge).message).toMatch(/too large/)
  })
})

describe('GET /api/user/ and DELETE /api/token/', () => {
  it('answers the caller without private fields', async () => {
    const response = await ctx.app.inject({ url: '/api/user/', headers: user.headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ _id: user.id, email: user.email, name: 'Test User', phone: '', createdAt: expect.any(String) })
  })

  it('needs a valid token', async () => {
    expect((await ctx.app.inject({ url: '/api/user/' })).statusCode).toBe(401)
    const bogus = await ctx.app.inject({ url: '/api/user/', headers: { authorization: 'Bearer notarealtokennotarealtoken' } })
    expect(bogus.statusCode).toBe(401)
    expect(errorBody(bogus).name).toBe('NotAuthenticated')
  })

  it('updates name and phone, refusing other fields', async () => {
    const other = await createUser(ctx)
    const ok = await ctx.app.inject({ method: 'PATCH', url: '/api/user/', headers: other.headers, payload: { name: ' Esi ', phone: '+233 24 000 0000' } })
    expect(ok.json()).toMatchObject({ name: 'Esi', phone: '+233 24 000 0000' })
    const bad = await ctx.app.inject({ method: 'PATCH', url: '/api/user/', headers: other.headers, payload: { role: 'owner' } })
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).errors?.[0]).toEqual({ path: 'role', message: 'is not allowed' })
    const anonymous = await ctx.app.inject({ method: 'PATCH', url: '/api/user/', payload: { name: 'x' } })
    expect(anonymous.statusCode).toBe(401)
  })

  it('logs out by revoking the token', async () => {
    const other = await createUser(ctx)
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/token/', headers: other.headers })
    expect(response.statusCode).toBe(204)
    expect((await ctx.app.inject({ url: '/api/user/', headers: other.headers })).statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/token/' })).statusCode).toBe(401)
  })
})

describe('changing the login email or password', () => {
  const patch = (headers: object, payload: object) => ctx.app.inject({ method: 'PATCH', url: '/api/user/', headers: headers as never, payload })
  const signIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/token/', remoteAddress: '10.2.0.1', payload: { email, password } })

  it('needs the current password, and changes nothing without it or with a wrong one', async () => {
    const other = await createUser(ctx)
    for (const payload of [{ email: 'new-address@example.com' }, { password: 'a-new-password' }]) {
      const missing = await patch(other.headers, payload)
      expect(missing.statusCode).toBe(400)
      expect(errorBody(missing).errors?.[0]?.path).toBe('currentPassword')
      const wrong = await patch(other.headers, { ...payload, currentPassword: 'not-the-password' })
      expect(wrong.statusCode).toBe(400)
      expect(errorBody(wrong).errors?.[0]).toEqual({ path: 'currentPassword', message: 'is not the current password' })
    }
    expect((await ctx.app.inject({ url: '/api/user/', headers: other.headers })).json().email).toBe(other.email)
    expect((await signIn(other.email, TEST_PASSWORD)).statusCode).toBe(201)
    const alone = await patch(other.headers, { name: 'Kofi', currentPassword: TEST_PASSWORD })
    expect(alone.statusCode).toBe(400)
  })

  it('changes the email with the current password, refusing one another account has', async () => {
    const other = await createUser(ctx)
    const taken = await patch(other.headers, { email: user.email.toUpperCase(), currentPassword: TEST_PASSWORD })
    expect(taken.statusCode).toBe(409)
    expect(errorBody(taken).errors?.[0]?.path).toBe('email')
    const changed = await patch(other.headers, { email: 'Renamed-Address@Example.com', currentPassword: TEST_PASSWORD })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().email).toBe('renamed-address@example.com')
    expect((await signIn('renamed-address@example.com', TEST_PASSWORD)).statusCode).toBe(201)
    expect((await signIn(other.email, TEST_PASSWORD)).statusCode).toBe(401)
  })

  it('changes the password and signs out every other session', async () => {
    const other = await createUser(ctx)
    const second = (await signIn(other.email, TEST_PASSWORD)).json().access_token as string
    const changed = await patch(other.headers, { password: 'brand-new-secret', currentPassword: TEST_PASSWORD })
    expect(changed.statusCode).toBe(200)
    expect((await ctx.app.inject({ url: '/api/user/', headers: other.headers })).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: '/api/user/', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(401)
    expect((await signIn(other.email, TEST_PASSWORD)).statusCode).toBe(401)
    expect((await signIn(other.email, 'brand-new-secret')).statusCode).toBe(201)
    const short = await patch(other.headers, { password: 'short', currentPassword: 'brand-new-secret' })
    expect(short.statusCode).toBe(400)
    expect(errorBody(short).errors?.[0]?.path).toBe('password')
  })
})

describe('POST /api/login-codes', () => {
  // Its own address, so the per-IP login limit other tests use up does not interfere.
  const remoteAddress = '10.1.0.1'
  const issue = (payload: object, headers: object = user.headers, from = remoteAddress) =>
    ctx.app.inject({ method: 'POST', url: '/api/login-codes', remoteAddress: from, headers: headers as never, payload })

  it('issues a code for another origin that logs the caller in there, once', async () => {
    const response = await issue({ redir: shopOrigin })
    expect(response.statusCode).toBe(201)
    const { code } = response.json<LoginCode>()
    expect(code.length).toBeGreaterThan(30)

    const token = await ctx.app.inject({ method: 'POST', url: '/api/token/', remoteAddress, headers: { origin: shopOrigin }, payload: { code } })
    expect(token.statusCode).toBe(201)
    const me = await ctx.app.inject({ url: '/api/user/', headers: { authorization: `Bearer ${token.json().access_token}` } })
    expect(me.json()).toMatchObject({ _id: user.id, email: user.email })
    const again = await ctx.app.inject({ method: 'POST', url: '/api/token/', remoteAddress, headers: { origin: shopOrigin }, payload: { code } })
    expect(again.statusCode).toBe(400)
  })

  it('binds the code to the origin it names', async () => {
    const { code } = (await issue({ redir: shopOrigin })).json<LoginCode>()
    const elsewhere = await ctx.app.inject({ method: 'POST', url: '/api/token/', remoteAddress, headers: { origin: platform }, payload: { code } })
    expect(elsewhere.statusCode).toBe(400)
    expect(errorBody(elsewhere).errors?.[0]?.path).toBe('code')
  })

  it('answers 401 without a valid token', async () => {
    for (const headers of [{}, { authorization: 'Bearer notarealtokennotarealtoken' }]) {
      const response = await issue({ redir: shopOrigin }, headers)
      expect(response.statusCode).toBe(401)
      expect(errorBody(response).name).toBe('NotAuthenticated')
    }
  })

  it.each(['https://evil.example', 'http://unknown-shop.shops.test', 'http://shops.test/admin', 'javascript:alert(1)'])(
    'refuses %s with 400 and issues nothing',
    async (redir) => {
      const before = (await ctx.database.db.select().from(loginCodes)).length
      const response = await issue({ redir })
      expect(response.statusCode).toBe(400)
      expect(errorBody(response).errors?.[0]?.path).toBe('redir')
      expect((await ctx.database.db.select().from(loginCodes)).length).toBe(before)
    },
  )

  it('rejects a missing redir and unknown fields', async () => {
    expect((await issue({})).statusCode).toBe(400)
    expect((await issue({ redir: shopOrigin, userId: user.id })).statusCode).toBe(400)
  })

  it('is rate limited per IP like the other login calls', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await issue({ redir: shopOrigin }, user.headers, '10.1.0.2')).statusCode)
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true)
    expect(statuses[60]).toBe(429)
    expect((await issue({ redir: shopOrigin }, user.headers, '10.1.0.3')).statusCode).toBe(201)
  })
})
