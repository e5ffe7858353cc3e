/**
 * Verified custom domains: a domain added in the settings is only a claim until its shop proves control of
 * it with a DNS TXT record or a well-known file. The checks run against a real DNS server (dns2) and a real
 * HTTP server, both on 127.0.0.1; the app is told to use that DNS server and to allow loopback targets.
 */
import type { ShopConfig, ShopDomain } from '@shop/domain/schemas/shop'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import dns2 from 'dns2'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { shopDomains } from '../src/db/schema'
import { isAllowedTarget } from '../src/modules/shops/domain-check'
import { recordDomainCheck } from '../src/modules/shops/shop-config.repository'
import { resolveHost } from '../src/modules/shops/shop-host'
import { type TestContext, type TestUser, createShop, createStaffedShop, createUser, errorBody, setupApp } from './helpers'

// ---------------------------------------------------------------- a DNS server and a web server

const { Packet } = dns2
/** What the DNS server answers: TXT values and A records by name; any other name is NXDOMAIN. */
const txtRecords = new Map<string, string[]>()
const aRecords = new Map<string, string[]>()

const dnsServer = dns2.createServer({
  udp: true,
  handle: (request, send) => {
    const response = Packet.createResponseFromRequest(request)
    const [question] = request.questions
    const name = question?.name.toLowerCase() ?? ''
    if (!question || (!txtRecords.has(name) && !aRecords.has(name))) {
      // NXDOMAIN: dns2 3.0 has `Packet.RCODE` but its types do not declare it.
      response.header.rcode = 3
    } else if (question.type === Packet.TYPE.TXT) {
      for (const data of txtRecords.get(name) ?? []) response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 1, data }))
    } else if (question.type === Packet.TYPE.A) {
      for (const address of aRecords.get(name) ?? []) response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 1, address }))
    }
    void send(response)
  },
})
await dnsServer.listen({ udp: { port: 0, address: '127.0.0.1' } })
const dnsPort = dnsServer.addresses().udp!.port

type File = { status?: number; body?: string; location?: string }
/** What the web server answers, by Host header and path; anything else is a 404. */
const files = new Map<string, File>()
const webRequests: string[] = []

const webServer = http.createServer((request, response) => {
  const key = `${request.headers.host}${request.url}`
  webRequests.push(key)
  const file = files.get(key)
  if (!file) return response.writeHead(404).end('not found')
  if (file.location) return response.writeHead(file.status ?? 302, { location: file.location }).end()
  response.writeHead(file.status ?? 200, { 'content-type': 'text/plain' }).end(file.body ?? '')
})
await new Promise<void>((resolve) => webServer.listen(0, '127.0.0.1', resolve))
const webPort = (webServer.address() as AddressInfo).port

afterAll(async () => {
  await dnsServer.close()
  await new Promise((resolve) => webServer.close(resolve))
})

beforeEach(() => {
  txtRecords.clear()
  aRecords.clear()
  files.clear()
  webRequests.length = 0
})

// ---------------------------------------------------------------- the app

const ctx = await setupApp({ dnsServers: [`127.0.0.1:${dnsPort}`], domainCheckAllowLoopback: true })
const db = ctx.database.db
const { shop, otherShop, owner, administrator, manager, keeper, shopper, outsider } = await createStaffedShop(ctx)

const setDomains = (context: TestContext, shopId: string, user: TestUser, domains: string[]) =>
  context.app.inject({ method: 'PATCH', url: `/api/shop-configs/${shopId}`, headers: user.headers, payload: { domains } })

/** Adds `domain` to the shop's list and answers it as the settings show it. */
async function addDomain(shopId: string, user: TestUser, domain: string, context = ctx): Promise<ShopDomain> {
  const read = await context.app.inject({ method: 'GET', url: `/api/shop-configs/${shopId}`, headers: user.headers })
  const response = await setDomains(context, shopId, user, [...read.json<ShopConfig>().domains, domain])
  expect(response.statusCode).toBe(200)
  return response.json<ShopConfig>().customDomains.find((item) => item.domain === domain.toLowerCase())!
}

let clientCounter = 0
/** The check, each call from its own client address unless told (the route is rate limited per address). */
const check = (shopId: string, domain: string, user?: TestUser, options: { context?: TestContext; ip?: string } = {}) =>
  (options.context ?? ctx).app.inject({
    method: 'POST',
    url: `/api/shop-configs/${shopId}/domains/${encodeURIComponent(domain)}/verification`,
    headers: user?.headers,
    remoteAddress: options.ip ?? `198.51.100.${++clientCounter % 250}`,
  })

const servedBy = async (host: string) => (await ctx.app.inject({ url: `/api/shops/?domain=${encodeURIComponent(host)}` })).json().data
const loginStatus = async (origin: string) => (await ctx.app.inject({ url: `/api/request-login?redir=${encodeURIComponent(origin)}` })).statusCode
const loginPageStatus = async (origin: string) => (await ctx.app.inject({ url: `/login?redir=${encodeURIComponent(origin)}` })).statusCode
const corsOrigin = async (origin: string) =>
  (await ctx.app.inject({ url: `/api/shops/${shop.slug}`, headers: { origin } })).headers['access-control-allow-origin']

async function expectTrusted(domain: string, shopId: string) {
  const origin = `http://${domain}`
  expect(await servedBy(domain)).toMatchObject([{ _id: shopId }])
  expect((await resolveHost(ctx.app, domain)).kind).toBe('shop')
  expect(await loginStatus(origin)).toBe(200)
  expect(await loginPageStatus(origin)).toBe(200)
  expect(await corsOrigin(origin)).toBe(origin)
}

async function expectUntrusted(domain: string) {
  const origin = `http://${domain}`
  expect(await servedBy(domain)).toEqual([])
  expect((await resolveHost(ctx.app, domain)).kind).toBe('unknown')
  expect(await loginStatus(origin)).toBe(400)
  expect(await loginPageStatus(origin)).toBe(400)
  expect(await corsOrigin(origin)).toBeUndefined()
}

// ---------------------------------------------------------------- tests

describe('adding a custom domain', () => {
  it('creates it pending, with a fresh token and both ways to prove control', async () => {
    const added = await addDomain(shop.id, owner, 'Pending.Example.com')
    expect(added).toMatchObject({
      domain: 'pending.example.com',
      status: 'pending',
      txtRecord: { name: '_shoplet.pending.example.com', value: added.token },
      httpFile: { url: `http://pending.example.com/.well-known/shoplet/${added.token}`, content: added.token },
      verifiedAt: null,
      checkedAt: null,
      checkError: null,
    })
    expect(added.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const withPort = await addDomain(shop.id, owner, 'pending.example.com:8443')
    expect(withPort.token).not.toBe(added.token)
    expect(withPort.txtRecord.name).toBe('_shoplet.pending.example.com')
    expect(withPort.httpFile.url).toBe(`http://pending.example.com:8443/.well-known/shoplet/${withPort.token}`)
  })

  it('does not serve the shop, receive logins, pass CORS or appear in ?domain= while pending', async () => {
    await addDomain(shop.id, owner, 'waiting.example.com')
    await expectUntrusted('waiting.example.com')
    const profile = await ctx.app.inject({ url: `/api/shops/${shop.id}` })
    expect(profile.json().domains).not.toContain('waiting.example.com')
  })

  it('closes the takeover path: a domain just added is no login redirect target', async () => {
    const patch = await setDomains(ctx, shop.id, owner, ['evil.example'])
    expect(patch.statusCode).toBe(200)
    const response = await ctx.app.inject({ url: `/api/request-login?redir=${encodeURIComponent('https://evil.example')}` })
    expect(response.statusCode).toBe(400)
    expect(errorBody(response).errors).toEqual([{ path: 'redir', message: 'is not a known shop or platform origin' }])
  })

  it('refuses the platform’s own hosts with 400', async () => {
    for (const domain of ['shops.test', 'shop.shops.test', 'a.b.shops.test:8080']) {
      const response = await setDomains(ctx, shop.id, owner, [domain])
      expect(response.statusCode, domain).toBe(400)
      expect(errorBody(response).errors).toEqual([{ path: 'domains.0', message: 'must not be shops.test or one of its subdomains' }])
    }
  })
})

describe('POST /api/shop-configs/{id}/domains/{domain}/verification', () => {
  it('keeps a domain without the TXT record or file pending, saying why', async () => {
    await addDomain(shop.id, owner, 'missing.example.com')
    const response = await check(shop.id, 'missing.example.com', owner)
    expect(response.statusCode).toBe(200)
    const body = response.json<ShopDomain>()
    expect(body).toMatchObject({ domain: 'missing.example.com', status: 'pending', verifiedAt: null })
    expect(body.checkError).toBe(
      'DNS: no TXT record at _shoplet.missing.example.com. HTTP: no address (A or AAAA record) at missing.example.com.',
    )
    expect(new Date(body.checkedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000)
    // The settings show the same outcome.
    const config = await ctx.app.inject({ method: 'GET', url: `/api/shop-configs/${shop.id}`, headers: owner.headers })
    expect(config.json().customDomains).toContainEqual(body)
    await expectUntrusted('missing.example.com')
  })

  it('keeps it pending when the TXT record holds another value', async () => {
    await addDomain(shop.id, administrator, 'wrong.example.com')
    txtRecords.set('_shoplet.wrong.example.com', ['not-the-token', 'v=spf1 -all'])
    const response = await check(shop.id, 'wrong.example.com', administrator)
    expect(response.json()).toMatchObject({ status: 'pending' })
    expect(response.json().checkError).toContain("the TXT record at _shoplet.wrong.example.com does not hold this domain's verification token")
    await expectUntrusted('wrong.example.com')
  })

  it('verifies a domain whose TXT record holds the token; it then serves the shop and receives logins', async () => {
    const added = await addDomain(shop.id, administrator, 'right.example.com')
    txtRecords.set('_shoplet.right.example.com', ['v=spf1 -all', added.token])
    const response = await check(shop.id, 'RIGHT.example.com', administrator)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ domain: 'right.example.com', status: 'verified', checkError: null, token: added.token })
    expect(response.json().verifiedAt).not.toBeNull()
    await expectTrusted('right.example.com', shop.id)
    const profile = await ctx.app.inject({ url: `/api/shops/${shop.id}` })
    expect(profile.json().domains).toContain('right.example.com')

    // A verified domain stays verified when checked again, even with the record gone.
    txtRecords.clear()
    expect((await check(shop.id, 'right.example.com', owner)).json()).toMatchObject({ status: 'verified' })
  })

  it('verifies a domain by the well-known file, on the domain’s own port', async () => {
    const domain = `files.example.com:${webPort}`
    const added = await addDomain(shop.id, owner, domain)
    aRecords.set('files.example.com', ['127.0.0.1'])
    files.set(`${domain}/.well-known/shoplet/${added.token}`, { body: `${added.token}\n` })
    const response = await check(shop.id, domain, owner)
    expect(response.json()).toMatchObject({ domain, status: 'verified', checkError: null })
    expect(webRequests).toEqual([`${domain}/.well-known/shoplet/${added.token}`])
    await expectTrusted(domain, shop.id)
  })

  it('follows a redirect on the same host, but not to another host', async () => {
    const domain = `hop.example.com:${webPort}`
    const added = await addDomain(shop.id, owner, domain)
    aRecords.set('hop.example.com', ['127.0.0.1'])
    const wellKnown = `/.well-known/shoplet/${added.token}`
    files.set(`${domain}${wellKnown}`, { status: 301, location: `http://elsewhere.example.net:${webPort}${wellKnown}` })
    files.set(`elsewhere.example.net:${webPort}${wellKnown}`, { body: added.token })
    const away = await check(shop.id, domain, owner)
    expect(away.json()).toMatchObject({ status: 'pending' })
    expect(away.json().checkError).toContain(`redirected to another host (elsewhere.example.net:${webPort})`)
    expect(webRequests).toEqual([`${domain}${wellKnown}`])

    files.set(`${domain}${wellKnown}`, { status: 302, location: '/token.txt' })
    files.set(`${domain}/token.txt`, { body: added.token })
    const same = await check(shop.id, domain, owner)
    expect(same.json()).toMatchObject({ status: 'verified' })
  })

  it('says why the file did not verify: missing, wrong or too large', async () => {
    const domain = `badfile.example.com:${webPort}`
    const added = await addDomain(shop.id, owner, domain)
    aRecords.set('badfile.example.com', ['127.0.0.1'])
    const url = `http://${domain}/.well-known/shoplet/${added.token}`
    const reason = async () => (await check(shop.id, domain, owner)).json().checkError as string

    expect(await reason()).toContain(`HTTP: ${url} answered 404.`)
    files.set(`${domain}/.well-known/shoplet/${added.token}`, { body: 'something else' })
    expect(await reason()).toContain(`HTTP: the file at ${url} does not hold this domain's verification token.`)
    files.set(`${domain}/.well-known/shoplet/${added.token}`, { body: added.token.repeat(100) })
    expect(await reason()).toContain(`HTTP: ${url} answered more than 1024 bytes.`)
    await expectUntrusted(domain)
  })

  it('never connects to private or reserved addresses', async () => {
    const domain = `inside.example.com:${webPort}`
    const added = await addDomain(shop.id, owner, domain)
    aRecords.set('inside.example.com', ['10.1.2.3', '169.254.169.254'])
    files.set(`${domain}/.well-known/shoplet/${added.token}`, { body: added.token })
    const response = await check(shop.id, domain, owner)
    expect(response.json()).toMatchObject({ status: 'pending' })
    expect(response.json().checkError).toContain('HTTP: inside.example.com points only at private or reserved addresses (10.1.2.3, 169.254.169.254).')
    expect(webRequests).toEqual([])
  })

  it('answers 409 when another shop has verified the domain', async () => {
    const theirs = await addDomain(otherShop.id, outsider, 'claimed.example.com')
    const mine = await addDomain(shop.id, owner, 'claimed.example.com')
    txtRecords.set('_shoplet.claimed.example.com', [theirs.token, mine.token])
    expect((await check(otherShop.id, 'claimed.example.com', outsider)).json()).toMatchObject({ status: 'verified' })

    const response = await check(shop.id, 'claimed.example.com', owner)
    expect(response.statusCode).toBe(409)
    expect(errorBody(response).errors).toEqual([{ path: 'domain', message: 'is already verified by another shop' }])
    expect(await servedBy('claimed.example.com')).toMatchObject([{ _id: otherShop.id }])
    // Once removed, it cannot be added again while verified elsewhere.
    const read = await ctx.app.inject({ method: 'GET', url: `/api/shop-configs/${shop.id}`, headers: owner.headers })
    const others = (read.json().domains as string[]).filter((domain) => domain !== 'claimed.example.com')
    expect((await setDomains(ctx, shop.id, owner, others)).statusCode).toBe(200)
    const again = await setDomains(ctx, shop.id, owner, [...others, 'Claimed.example.com'])
    expect(again.statusCode).toBe(409)
    expect(errorBody(again).errors).toEqual([{ path: `domains.${others.length}`, message: 'is already verified by another shop' }])
  })

  it('verifies a domain for one shop only when two prove control at once', async () => {
    const a = await addDomain(shop.id, owner, 'both.example.com')
    const b = await addDomain(otherShop.id, outsider, 'both.example.com')
    txtRecords.set('_shoplet.both.example.com', [a.token, b.token])
    const responses = await Promise.all([check(shop.id, 'both.example.com', owner), check(otherShop.id, 'both.example.com', outsider)])
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409])
    const rows = await db.select().from(shopDomains).where(and(eq(shopDomains.domain, 'both.example.com'), eq(shopDomains.status, 'verified')))
    expect(rows).toHaveLength(1)
  })

  it('is refused by the unique index even when the service is bypassed', async () => {
    const a = await addDomain(shop.id, owner, 'index.example.com')
    await addDomain(otherShop.id, outsider, 'index.example.com')
    txtRecords.set('_shoplet.index.example.com', [a.token])
    expect((await check(shop.id, 'index.example.com', owner)).json()).toMatchObject({ status: 'verified' })
    const [row] = await db
      .select()
      .from(shopDomains)
      .where(and(eq(shopDomains.domain, 'index.example.com'), eq(shopDomains.shopId, otherShop.id)))
    await expect(recordDomainCheck(db, row!.id, { verified: true })).rejects.toThrow()
  })

  it('answers 401 anonymous, 403 to managers and keepers, 404 to other shops’ staff and shoppers, changing nothing', async () => {
    const added = await addDomain(shop.id, owner, 'roles.example.com')
    txtRecords.set('_shoplet.roles.example.com', [added.token])
    expect((await check(shop.id, 'roles.example.com')).statusCode).toBe(401)
    for (const user of [manager, keeper]) {
      const response = await check(shop.id, 'roles.example.com', user)
      expect(response.statusCode).toBe(403)
      expect(errorBody(response).name).toBe('Forbidden')
    }
    for (const user of [outsider, shopper]) {
      const response = await check(shop.id, 'roles.example.com', user)
      expect(response.statusCode).toBe(404)
      errorBody(response)
    }
    const [row] = await db.select().from(shopDomains).where(eq(shopDomains.domain, 'roles.example.com'))
    expect(row).toMatchObject({ status: 'pending', checkedAt: null })
  })

  it('answers 404 for a domain the shop does not have and 400 for a malformed one', async () => {
    const unknown = await check(shop.id, 'nowhere.example.com', owner)
    expect(unknown.statusCode).toBe(404)
    errorBody(unknown)
    for (const domain of ['a b', 'x'.repeat(261), 'a/b']) {
      const response = await check(shop.id, domain, owner)
      expect(response.statusCode, domain).toBe(400)
      errorBody(response)
    }
  })

  it('is rate limited per client address', async () => {
    await addDomain(shop.id, owner, 'limited.example.com')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await check(shop.id, 'limited.example.com', owner, { ip: '192.0.2.77' })).statusCode)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses[10]).toBe(429)
  })
})

describe('PATCH /api/shop-configs/{id} with verified domains', () => {
  it('keeps the verification of domains that stay, adds new ones pending, removes the dropped ones', async () => {
    const user = await createUser(ctx)
    const own = await createShop(ctx, { owner: user })
    const kept = await addDomain(own.id, user, 'kept.example.com')
    const dropped = await addDomain(own.id, user, 'dropped.example.com')
    txtRecords.set('_shoplet.kept.example.com', [kept.token])
    txtRecords.set('_shoplet.dropped.example.com', [dropped.token])
    await check(own.id, 'kept.example.com', user)
    await check(own.id, 'dropped.example.com', user)

    const response = await setDomains(ctx, own.id, user, ['kept.example.com', 'fresh.example.com'])
    expect(response.statusCode).toBe(200)
    expect(response.json().domains).toEqual(['fresh.example.com', 'kept.example.com'])
    expect(response.json().customDomains).toMatchObject([
      { domain: 'fresh.example.com', status: 'pending' },
      { domain: 'kept.example.com', status: 'verified', token: kept.token },
    ])
    await expectTrusted('kept.example.com', own.id)
    await expectUntrusted('dropped.example.com')

    // Added back, it starts again: pending, with a new token.
    const back = await addDomain(own.id, user, 'dropped.example.com')
    expect(back).toMatchObject({ status: 'pending', checkedAt: null })
    expect(back.token).not.toBe(dropped.token)
  })
})

describe('without the loopback allowance, and with a separate platform host', async () => {
  const strict = await setupApp({ dnsServers: [`127.0.0.1:${dnsPort}`], platformUrl: 'https://platform.example.net' })
  const strictOwner = await createUser(strict)
  const strictShop = await createShop(strict, { owner: strictOwner })

  it('does not connect to a domain that points at the loopback address', async () => {
    const domain = `local.example.com:${webPort}`
    const added = await addDomain(strictShop.id, strictOwner, domain, strict)
    aRecords.set('local.example.com', ['127.0.0.1'])
    files.set(`${domain}/.well-known/shoplet/${added.token}`, { body: added.token })
    const response = await check(strictShop.id, domain, strictOwner, { context: strict })
    expect(response.json()).toMatchObject({ status: 'pending' })
    expect(response.json().checkError).toContain('HTTP: local.example.com points only at private or reserved addresses (127.0.0.1).')
    expect(webRequests).toEqual([])
  })

  it('refuses PLATFORM_URL’s host and its subdomains with 400', async () => {
    for (const domain of ['platform.example.net', 'www.platform.example.net']) {
      const response = await setDomains(strict, strictShop.id, strictOwner, [domain])
      expect(response.statusCode, domain).toBe(400)
      expect(errorBody(response).errors).toEqual([
        { path: 'domains.0', message: "must not be the platform's own host platform.example.net or one of its subdomains" },
      ])
    }
  })
})

describe('isAllowedTarget', () => {
  it('allows public unicast addresses, and loopback only when told', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(isAllowedTarget(address, false), address).toBe(true)
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(isAllowedTarget(address, false), address).toBe(false)
      expect(isAllowedTarget(address, true), address).toBe(true)
    }
    for (const address of ['10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '224.0.0.1', 'not-an-ip']) {
      expect(isAllowedTarget(address, true), address).toBe(false)
    }
  })
})

describe('DNS_SERVERS', () => {
  const base = { NODE_ENV: 'test' }

  it('is the system resolver when unset, else the listed servers', () => {
    expect(loadConfig(base).dnsServers).toEqual([])
    expect(loadConfig({ ...base, DNS_SERVERS: ' 1.1.1.1, 10.0.0.2:5353,[2606:4700::1111]:53 ,2001:db8::53' }).dnsServers).toEqual([
      '1.1.1.1',
      '10.0.0.2:5353',
      '[2606:4700::1111]:53',
      '2001:db8::53',
    ])
  })

  it('refuses anything but IP addresses with optional ports', () => {
    for (const value of ['dns.google', '1.1.1.1:0', '1.1.1.1:70000', '1.2.3', '1.1.1.1,', '[::1', 'http://1.1.1.1']) {
      expect(() => loadConfig({ ...base, DNS_SERVERS: value }), value).toThrow(ConfigError)
    }
  })
})
