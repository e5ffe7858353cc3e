/**
 * Fuzzing the server-rendered pages over real sockets, as a bot or a careless link would reach them: every
 * public, account, admin, setup and invitation path, with odd segments, odd queries (pages past the end,
 * negative, huge, arrays and operators, NUL and surrogates percent-encoded, injections) and odd Host
 * values (a trailing dot, upper case, ports, unknown, IP addresses, malformed). Whatever arrives: no 5xx,
 * and a page past the end of a list is the 404 page. Seeded, so a failure replays.
 */
import assert from 'node:assert/strict'
import net from 'node:net'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { demo, request, useServer } from './fixtures'

const { server } = useServer()

const SEED = 20_261_127
const RUNS = 400

/** Sends one raw request, exactly as written (no client validation), and answers its status line's code. */
function rawStatus(port: number, method: string, target: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      text += chunk
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text)
      if (match) {
        resolve(Number(match[1]))
        socket.destroy()
      }
    })
    socket.on('error', reject)
    socket.on('close', () => reject(new Error(`no answer to ${method} ${target} (Host: ${host}): ${text.slice(0, 200)}`)))
    socket.setTimeout(30_000, () => socket.destroy(new Error(`timed out: ${method} ${target}`)))
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
  })
}

const enc = (text: string) => encodeURIComponent(text)

const oddText = fc.oneof(
  fc.constantFrom(
    '%00',
    '%ff',
    '%c0%ae',
    '%e2%80%ae',
    '%ed%a0%80',
    '%',
    '%zz',
    enc("' OR '1'='1"),
    enc('<script>alert(1)</script>'),
    enc('../../etc/passwd'),
    '..',
    '.',
    '',
    '~',
    enc('👩‍👩‍👧‍👦🇬🇭'),
    'x'.repeat(3000),
    enc('__proto__'),
    'constructor',
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map(enc),
)
const oddNumber = fc.constantFrom('0', '-1', '1.5', '1e309', 'NaN', 'Infinity', '999999999', '99999999999999999999', '2147483648', '0x10', ' 2', 'abc', '')
const queryValue = fc.oneof(oddNumber, oddText)
const queryPair = fc.oneof(
  fc.tuple(fc.constantFrom('page', 'q', 'sort', 'direction', 'order', 'stock', 'category', 'c', 'code', 'state', 'key', 'status', 'from', 'to', 'rating', 'reply', 'pages', 'redir'), queryValue),
  fc.tuple(fc.constantFrom('page[]', 'page[$gt]', 'q[$q]', '$limit', '$skip', '$sort[price]', '__proto__[x]', 'constructor[prototype]'), queryValue),
  fc.tuple(oddText, queryValue),
)
const query = fc.array(queryPair, { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''))

const PATHS = [
  '/',
  '/products/',
  '/products',
  '/products/{id}',
  '/about',
  '/reviews',
  '/checkout',
  '/checkout/{id}',
  '/terms',
  '/privacy',
  '/account',
  '/account/profile',
  '/account/notifications',
  '/account/orders',
  '/account/orders/{id}',
  '/account/checkouts',
  '/orders/{id}',
  '/admin/',
  '/admin/overview',
  '/admin/products',
  '/admin/products/{id}',
  '/admin/orders',
  '/admin/orders/{id}',
  '/admin/site',
  '/admin/reviews',
  '/admin/discount-codes',
  '/admin/management',
  '/admin/settings',
  '/invitation/{id}',
  '/setup/',
  '/setup/{id}',
  '/session',
  '/manifest.webmanifest',
  '/{id}',
  '/{id}/{id}',
]
const path = fc
  .tuple(fc.constantFrom(...PATHS), fc.oneof(oddText, fc.uuid(), fc.constant('00000000-0000-4000-8000-000000000000')))
  .map(([template, id]) => template.replaceAll('{id}', id))

function hosts(port: number) {
  const shop = `demo.localhost:${port}`
  return fc.constantFrom(
    shop,
    `${shop}.`,
    `demo.localhost.:${port}`,
    shop.toUpperCase(),
    `localhost:${port}`,
    `nowhere.localhost:${port}`,
    `127.0.0.1:${port}`,
    `[::1]:${port}`,
    `demo.localhost:${port}:${port}`,
    `demo.localhost:99999`,
    'demo..localhost',
    '-demo.localhost',
    `${'x'.repeat(300)}.localhost`,
    '@',
    '.',
    'a_b.localhost',
  )
}

describe('server-rendered pages under odd input', () => {
  it('never answer a 5xx, whatever the path, query, method or Host', async () => {
    const { port } = server()
    const failures: string[] = []
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST'), path, query, hosts(port), async (method, target, search, host) => {
        const status = await rawStatus(port, method, `${target}${search}`, host)
        if (status >= 500) failures.push(`${status} ${method} ${target}${search} (Host: ${host})`)
        return status < 500
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
    assert.deepEqual(failures, [])
  })

  it('answers a page past the end of a list with the 404 page', async () => {
    const { port } = server()
    const host = `demo.localhost:${port}`
    for (const url of ['/reviews?page=999999999', '/reviews?page=500', '/products/?page=99999999999', '/products/?q=kente&page=40']) {
      const page = await request(port, host, url)
      assert.equal(page.status, 404, url)
      assert.match(page.body, /<title>[^<]*Not found[^<]*<\/title>|Page not found|not found/i, url)
    }
    for (const url of ['/reviews?page=1', '/reviews?page=-1', '/products/?page=1', '/products/?page=abc']) {
      assert.equal((await request(port, host, url)).status, 200, url)
    }
    assert.equal((await request(port, `${demo.slug}.localhost:${port}.`, '/reviews')).status, 200)
  })
})
