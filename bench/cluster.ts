/**
 * `npm run bench:cluster`: two app instances on one PostgreSQL database (a fresh, uniquely named one,
 * dropped afterwards) and one Redis, behind a real HAProxy (Debian's), with uploads in an S3 bucket (s3rver)
 * and e-mail sent to a local SMTP server. It shows, and writes to bench/results.md, that:
 *
 * - a login on one instance is valid on the other;
 * - an image uploaded through one is used and served through the other;
 * - 200 buyers racing for 25 units through the load balancer get exactly 25 orders;
 * - rate limits are counted across both (Redis);
 * - each outbox message is sent once, though both instances' workers send.
 *
 * Needs `haproxy` on the PATH (Debian: apt-get install haproxy), PostgreSQL (BENCH_DATABASE_URL, default
 * this machine's) and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { startS3Peer } from '../apps/api/test/s3-peer'
import { freePort, startServer } from '../apps/api/test/server-process'
import { startSmtpPeer } from '../apps/api/test/smtp-peer'
import { writeResultsSection } from './results-file'

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const BUYERS = 200
const UNITS = 25
const LOGIN_LIMIT = 10

type Check = { what: string; shown: string; ok: boolean }
const checks: Check[] = []
const check = (what: string, shown: string, ok: boolean) => {
  checks.push({ what, shown, ok })
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${shown}`)
}

async function haproxy(port: number, backends: number[], dir: string): Promise<ChildProcess> {
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option forwardfor',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    '  default_backend apps',
    'backend apps',
    '  balance roundrobin',
    '  http-response set-header X-Served-By %s',
    ...backends.map((backend, i) => `  server app${i + 1} 127.0.0.1:${backend}`),
    '',
  ].join('\n')
  const file = path.join(dir, 'haproxy.cfg')
  await fs.writeFile(file, config)
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'inherit', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`haproxy did not start (apt-get install haproxy): ${error.message}`)))
    child.once('spawn', () => resolve())
  })
  for (let tries = 0; tries < 100; tries++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/shops?domain=nowhere.example`).then((r) => r.ok, () => false)
    if (up) return child
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('haproxy did not answer')
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

async function main() {
  const name = `shop_cluster_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString()
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-cluster-'))
  const s3 = await startS3Peer()
  const smtp = await startSmtpPeer()
  const children: ChildProcess[] = []
  const db = new pg.Client({ connectionString: databaseUrl })
  try {
    const [portA, portB, lbPort] = [await freePort(), await freePort(), await freePort()]
    const env = (port: number) => ({
      ...s3.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SMTP_URL: smtp.url,
      WEB_CONCURRENCY: '1',
      ROOT_DOMAIN: `localhost:${lbPort}`,
      DATA_DIR: path.join(dir, `data-${port}`),
      TRUST_PROXY: '1',
      SEED_DEMO: '1',
      OUTBOX_POLL_MS: '200',
      LIMIT_LOGINS_PER_IP: `${LOGIN_LIMIT}/1m`,
      LIMIT_ORDERS_PER_IP: '1000/10m',
    })
    // Both start at once on the empty database: one migrates and seeds, the other waits for the lock.
    const [a, b] = await Promise.all([startServer(env(portA)), startServer(env(portB))])
    children.push(a.child, b.child)
    children.push(await haproxy(lbPort, [portA, portB], dir))
    await db.connect()
    const A = `http://127.0.0.1:${portA}`
    const B = `http://127.0.0.1:${portB}`
    const LB = `http://127.0.0.1:${lbPort}`
    const json = { 'content-type': 'application/json' }

    // A login on one instance is valid on the other.
    const login = await fetch(`${A}/api/token/`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'owner@demo.shop', password: 'demo1234' }) })
    const token = ((await login.json()) as { access_token: string }).access_token
    const auth = { authorization: `Bearer ${token}` }
    const me = await fetch(`${B}/api/user/`, { headers: auth })
    const meBody = (await me.json()) as { email?: string }
    check('a login on instance 1 is valid on instance 2', `token from 1, GET /api/user/ on 2 → ${me.status} ${meBody.email ?? ''}`, me.status === 200 && meBody.email === 'owner@demo.shop')

    // An image uploaded through one instance is used and served through the other.
    const [{ id: shopId }] = (await db.query<{ id: string }>("select id from shops where slug = 'demo'")).rows as [{ id: string }]
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0b6e4f' } }).png().toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cluster.png')
    const uploaded = await fetch(`${A}/api/uploads?shop=${shopId}`, { method: 'POST', headers: auth, body: form })
    const upload = (await uploaded.json()) as { url: string; thumbnail: string }
    const created = await fetch(`${B}/api/products`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ shop: shopId, title: 'Cluster kente', price: { value: 10, currency: 'GHS' }, images: [{ url: upload.url, thumbnail: upload.thumbnail }] }),
    })
    const product = (await created.json()) as { _id: string; images: { url: string }[] }
    const served = await fetch(product.images[0]!.url)
    const legacy = await fetch(`${B}/uploads/${upload.url.split(`/${s3.settings.bucket}/`)[1]}`, { redirect: 'manual' })
    check(
      'an upload on instance 1 is used and served through instance 2',
      `upload on 1 → ${uploaded.status}; product with it on 2 → ${created.status}; its URL → ${served.status} ${served.headers.get('content-type')}; /uploads/… on 2 → ${legacy.status} to the bucket`,
      uploaded.status === 201 && created.status === 201 && served.status === 200 && legacy.status === 301 && legacy.headers.get('location') === upload.url,
    )

    // 200 buyers racing for 25 units through the load balancer.
    await db.query('insert into inventory (shop_id, product_id, quantity) values ($1, $2, $3)', [shopId, product._id, UNITS])
    const race = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const response = await fetch(`${LB}/api/orders/?email=buyer${i}%40example.com&shop=${shopId}`, {
          method: 'POST',
          headers: { ...json, 'x-forwarded-for': `10.20.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ items: [{ product: product._id, count: 1 }], delivery: { type: 'pick-up' } }),
        })
        return { status: response.status, by: response.headers.get('x-served-by') }
      }),
    )
    const placed = race.filter((r) => r.status === 201)
    const [{ orders }] = (await db.query<{ orders: number }>("select count(*)::int as orders from orders where items @> $1::jsonb", [JSON.stringify([{ product: product._id }])])).rows as [{ orders: number }]
    const [{ quantity }] = (await db.query<{ quantity: number }>('select quantity from inventory where product_id = $1', [product._id])).rows as [{ quantity: number }]
    const servedBy = (server: string) => race.filter((r) => r.by === server).length
    check(
      `${BUYERS} buyers racing for ${UNITS} units across both get exactly ${UNITS} orders`,
      `${placed.length} placed (201), ${race.filter((r) => r.status === 409).length} refused (409), other ${race.length - placed.length - race.filter((r) => r.status === 409).length}; ${orders} orders in the database, ${quantity} left; requests served: app1 ${servedBy('app1')}, app2 ${servedBy('app2')}`,
      placed.length === UNITS && orders === UNITS && quantity === 0 && servedBy('app1') > 0 && servedBy('app2') > 0,
    )

    // Rate limits are counted across both instances (Redis).
    const ip = `10.30.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
    const attempts: { status: number; by: string | null }[] = []
    for (let i = 0; i < LOGIN_LIMIT + 4; i++) {
      const response = await fetch(`${LB}/api/token/`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': ip },
        body: JSON.stringify({ email: 'owner@demo.shop', password: 'demo1234' }),
      })
      attempts.push({ status: response.status, by: response.headers.get('x-served-by') })
    }
    const allowed = attempts.filter((r) => r.status === 201).length
    const limited = attempts.filter((r) => r.status === 429).length
    const spread = ['app1', 'app2'].map((server) => attempts.filter((r) => r.by === server).length)
    check(
      'rate limits are shared by both instances',
      `${attempts.length} logins from one address (LIMIT_LOGINS_PER_IP=${LOGIN_LIMIT}/1m), alternating app1 ${spread[0]} / app2 ${spread[1]}: ${allowed} allowed, ${limited} refused with 429`,
      allowed === LOGIN_LIMIT && limited === attempts.length - LOGIN_LIMIT && spread.every((n) => n > 0),
    )

    // Each outbox message is sent once, though both instances' workers send: 40 invitations, each an
    // e-mail, written through both instances, on top of what the orders sent.
    const invited = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${LB}/api/shop-role-invitations/`, {
          method: 'POST',
          headers: { ...json, ...auth },
          body: JSON.stringify({ shop: shopId, email: `invitee${i}@example.com`, role: 'keeper' }),
        }).then((r) => r.status),
      ),
    )
    if (invited.some((status) => status !== 201)) throw new Error(`invitations answered ${invited.join(', ')}`)
    let due = Number.POSITIVE_INFINITY
    for (let waited = 0; waited < 60_000 && due > 0; waited += 250) {
      due = (await db.query<{ due: number }>("select count(*)::int as due from outbox_messages where status = 'pending' and channel = 'email'")).rows[0]!.due
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const [{ sent }] = (await db.query<{ sent: number }>("select count(*)::int as sent from outbox_messages where status = 'sent' and channel = 'email'")).rows as [{ sent: number }]
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const ids = smtp.received.map((mail) => mail.messageId)
    check(
      'each outbox message is sent once',
      `${sent} e-mails marked sent in the outbox, ${smtp.received.length} received by the SMTP server, ${new Set(ids).size} distinct, ${due} still due`,
      due === 0 && sent > 0 && smtp.received.length === sent && new Set(ids).size === ids.length,
    )
  } finally {
    for (const child of children.reverse()) await stop(child)
    await db.end().catch(() => {})
    await smtp.close()
    await s3.close()
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
    await fs.rm(dir, { recursive: true, force: true })
  }

  const body = [
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}: two app instances (one worker each) on one PostgreSQL database and one Redis, behind HAProxy (round robin), uploads in an S3 bucket (s3rver), e-mail to a local SMTP server. Produced by \`npm run bench:cluster\`.`,
    '',
    '| what | shown | |',
    '|---|---|---|',
    ...checks.map((c) => `| ${c.what} | ${c.shown} | ${c.ok ? 'ok' : 'FAILED'} |`),
  ].join('\n')
  await writeResultsSection('Several machines, one database', body)
  if (checks.some((c) => !c.ok)) process.exit(1)
}

await main()
