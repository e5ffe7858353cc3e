/**
 * The one place that reads the environment. Everything else receives a validated `Config`.
 */
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Rule, SlowdownRule } from './lib/counters'
import { repoRoot } from './paths'

/** How connections reach PostgreSQL: straight or through a session pooler, or through a transaction pooler. */
export type PoolMode = 'session' | 'transaction'

/** The abuse limits (docs/security.md); each is `{max, windowMs}` from a `COUNT/WINDOW` variable such as `10/10m`. */
export type Limits = {
  /** RATE_LIMITS=off turns off the order, checkout and login limits (benchmarks, load tests); never the guessing one. */
  enabled: boolean
  /** Orders one buyer (account, and e-mail) places in a shop. */
  ordersPerBuyer: Rule
  /** Orders placed in a shop from one IP address: generous, many shoppers share a mobile carrier's address. */
  ordersPerIp: Rule
  checkoutsPerBuyer: Rule
  checkoutsPerIp: Rule
  /** Wrong discount codes tried in a shop from one IP address, on every path that takes a code. */
  wrongDiscountCodes: Rule
  /** Login calls (sign in, sign up, code exchange, hand-over) from one IP address. */
  loginsPerIp: Rule
  /** Wrong passwords for one address from one IP address. */
  loginFailuresPerIpAndAddress: Rule
  /** Wrong passwords for one address from anywhere past which every attempt waits: never a lock-out. */
  loginSlowdown: SlowdownRule
  /** "Forgot password?" requests from one IP address. */
  passwordResetsPerIp: Rule
  /** "Forgot password?" requests for one e-mail address, from anywhere (each may send an e-mail). */
  passwordResetsPerAddress: Rule
}

/** An S3-compatible bucket for uploads (S3_*). */
export type S3Settings = {
  bucket: string
  region: string
  /** The service's origin for anything but AWS (R2, MinIO, B2); null for AWS S3. */
  endpoint: string | null
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name: MinIO and most local servers. */
  forcePathStyle: boolean
  /** Null leaves them to the SDK's usual sources (an instance role, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test'
  host: string
  port: number
  /** Shops live at `{slug}.{rootDomain}`; the bare root domain serves the platform. Host incl. port. */
  rootDomain: string
  /** Origin of the platform (login page, API docs), e.g. `http://localhost:3000`. */
  platformUrl: string
  providerName: string
  /** Slug of a shop to serve on the bare root domain instead of the landing page. */
  defaultShop: string | null
  dataDir: string
  /** Uploads go to this bucket; null keeps them on local disk under `dataDir/uploads`. */
  s3: S3Settings | null
  /** Public URL the stored files are served under (a CDN), without a trailing slash; null for the storage's own. */
  assetBaseUrl: string | null
  /** How many worker processes serve requests (server.ts starts them with node:cluster). */
  webConcurrency: number
  /** `postgres://…` for a server; null for the embedded PGlite database under `dataDir`. */
  databaseUrl: string | null
  /**
   * `transaction` when a pooler in transaction mode (PgBouncer's `pool_mode = transaction`) stands between
   * the app and PostgreSQL: no startup parameters and no named prepared statements (docs/decisions/0046).
   */
  databasePoolMode: PoolMode
  /** A streaming replica for anonymous catalog, search and shop profile reads; null reads everything from the primary. */
  databaseReplicaUrl: string | null
  redisUrl: string | null
  /** Seed the demo shop when the database is empty. */
  seedDemo: boolean
  /** Directory of the built web app (`build/server/index.js`, `build/client`); null disables SSR. */
  webBuildDir: string | null
  logLevel: string
  /** Bodies larger than this are refused (uploads have their own limit). */
  bodyLimit: number
  uploadLimit: number
  /** How many uploaded images one process decodes at once; more wait their turn. */
  imageConcurrency: number
  /** Uploads one account makes, per shop it uploads to (each costs seconds of CPU to decode and resize). */
  uploadsPerAccount: Rule
  /** Bytes of pictures (originals and their copies) one shop may keep; past it uploads are refused. */
  shopStorageQuota: number
  /**
   * Which proxies in front of the server are believed about the client's address and scheme
   * (`X-Forwarded-For`, `X-Forwarded-Proto`): false for none, a hop count, or their addresses and CIDRs.
   * Never everyone, and never the host: shops are chosen by the Host header alone.
   */
  trustProxy: TrustProxy
  /**
   * The bearer token that opens `/metrics` to a scraper on another machine (METRICS_TOKEN); null serves it
   * to this machine's own loopback connections only.
   */
  metricsToken: string | null
  /**
   * How long a server told to stop (SIGTERM) keeps serving while `/readyz` answers 503, so a load balancer
   * takes it out before it closes (DRAIN_SECONDS, in ms).
   */
  drainGraceMs: number
  /** Paystack's secret key (`sk_test_…`/`sk_live_…`); null turns the paystack provider off. */
  paystackSecretKey: string | null
  /** Paystack's API origin; only tests point it elsewhere (a local fake). */
  paystackBaseUrl: string
  /** The platform's share of each online payment, in percent (0–100, decimals allowed): each shop's subaccount's `percentage_charge`. */
  platformFeePercent: number
  /** Who bears Paystack's fee on a shop's online payment: the shop's subaccount (the default) or the platform's account. */
  paystackFeeBearer: 'subaccount' | 'account'
  /** `smtp://` or `smtps://` URL (credentials in it) of the server that sends e-mail; null keeps e-mail in the development mailbox. */
  smtpUrl: string | null
  /** The address e-mail is sent from; the sender's name is the shop's title, or for the platform's own mail `mailFromName`. */
  mailFrom: string
  /** The sender's name of the platform's own mail (account and security messages): MAIL_FROM's name, else PROVIDER_NAME. */
  mailFromName: string
  /**
   * Who the development mailbox (e-mail kept when there is no SMTP_URL) answers: nobody ('off', production's
   * default), this machine ('local', the default otherwise), or every client ('open', DEV_MAILBOX=1).
   */
  devMailbox: DevMailbox
  /** Arkesel's SMS API (key, sender id, origin); null turns SMS off. */
  arkesel: { apiKey: string; senderId: string; baseUrl: string } | null
  /** How often each process's outbox worker looks for due messages; 0 = never (tests drive it themselves). */
  outboxPollMs: number
  /** Addresses per sitemap page; a shop with more gets a sitemap index (decision 97). */
  sitemapPageSize: number
  limits: Limits
  /** How many shops one account may own. */
  maxShopsPerAccount: number
  /** E-mail addresses (lower case) of the platform's operators: they open /platform and /api/platform/…. */
  platformAdmins: string[]
  /** How often the background worker cancels unpaid online orders past their shop's timeout; 0 = never. */
  unpaidOrderSweepMs: number
  /**
   * DNS servers (`ip` or `ip:port`, IPv6 as `[ip]:port`) for checking custom domains; empty for the
   * system's own servers.
   */
  dnsServers: string[]
  /**
   * Lets the custom-domain HTTP check connect to loopback addresses. Never read from the environment:
   * only tests, whose local servers listen on 127.0.0.1, turn it on through `loadConfig`'s overrides.
   */
  domainCheckAllowLoopback: boolean
}

export type DevMailbox = 'off' | 'local' | 'open'

/** TRUST_PROXY: nobody, the nearest `hops` proxies, or proxies at these addresses and CIDRs. */
export type TrustProxy = false | number | string[]

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`)
  }
  return value
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false
  throw new ConfigError(`${name} must be 1/0 or true/false, got "${raw}"`)
}

const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 }

/** `COUNT/WINDOW` (`10/10m`, `60/1m`, `100/1h`, `5/30s`). */
function rule(env: Env, name: string, fallback: string): Rule {
  const raw = env[name] || fallback
  const match = /^(\d{1,6})\/(\d{1,4})(s|m|h)$/.exec(raw.trim())
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new ConfigError(`${name} must be COUNT/WINDOW such as 10/10m (s, m or h), got "${raw}"`)
  }
  return { max: Number(match[1]), windowMs: Number(match[2]) * units[match[3]!]! }
}

function limits(env: Env): Limits {
  const switched = (env.RATE_LIMITS || 'on').toLowerCase()
  if (!['on', 'off'].includes(switched)) throw new ConfigError(`RATE_LIMITS must be on or off, got "${env.RATE_LIMITS}"`)
  return {
    enabled: switched === 'on',
    ordersPerBuyer: rule(env, 'LIMIT_ORDERS_PER_BUYER', '10/10m'),
    ordersPerIp: rule(env, 'LIMIT_ORDERS_PER_IP', '100/10m'),
    checkoutsPerBuyer: rule(env, 'LIMIT_CHECKOUTS_PER_BUYER', '30/10m'),
    checkoutsPerIp: rule(env, 'LIMIT_CHECKOUTS_PER_IP', '300/10m'),
    wrongDiscountCodes: rule(env, 'LIMIT_WRONG_DISCOUNT_CODES', '10/10m'),
    loginsPerIp: rule(env, 'LIMIT_LOGINS_PER_IP', '60/1m'),
    loginFailuresPerIpAndAddress: rule(env, 'LIMIT_LOGIN_FAILURES_PER_IP_AND_ADDRESS', '10/10m'),
    loginSlowdown: { ...rule(env, 'LOGIN_SLOWDOWN_AFTER', '5/15m'), baseDelayMs: 500, maxDelayMs: 8000 },
    passwordResetsPerIp: rule(env, 'LIMIT_PASSWORD_RESETS_PER_IP', '10/1h'),
    passwordResetsPerAddress: rule(env, 'LIMIT_PASSWORD_RESETS_PER_ADDRESS', '3/1h'),
  }
}

/** The URL `raw` spells, or null when it is not one. */
function parsedUrl(raw: string): URL | null {
  try {
    return new URL(raw)
  } catch {
    return null
  }
}

/** A provider's API origin: https, or http to a loopback host (a local fake in tests); no path, query or credentials. */
function providerBaseUrl(env: Env, name: string, fallback: string): string {
  const raw = (env[name] || fallback).replace(/\/+$/, '')
  const url = parsedUrl(raw)
  if (!url) throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`)
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  if (
    !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== '/'
  ) {
    throw new ConfigError(`${name} must be an https origin such as ${fallback}, got "${raw}"`)
  }
  return url.origin
}

/** SMTP_URL: `smtp://user:password@host:port` or `smtps://…`. */
function smtpUrl(env: Env): string | null {
  const raw = env.SMTP_URL?.trim()
  if (!raw) return null
  const url = parsedUrl(raw)
  // Never echo the URL: it carries the password.
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    throw new ConfigError('SMTP_URL must be smtp://user:password@host:port or smtps://user:password@host:port')
  }
  return raw
}

const MAIL_ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/

/**
 * MAIL_FROM: an address (`no-reply@example.com`) or a name and an address (`Shoplet <no-reply@example.com>`,
 * the name quoted or not). Shop mail is sent in the shop's name; the name given here is the platform's own.
 */
function mailFrom(env: Env, rootDomain: string, providerName: string): { address: string; name: string } {
  const raw = env.MAIL_FROM?.trim() || `no-reply@${rootDomain.replace(/:\d+$/, '')}`
  const named = /^(?:"([^"]*)"|([^<>"]*?))\s*<([^<>]+)>$/.exec(raw)
  const address = (named ? named[3]! : raw).trim()
  const name = (named ? (named[1] ?? named[2] ?? '') : '').trim()
  if (!MAIL_ADDRESS.test(address) || /[\r\n]/.test(name)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address, with an optional name: shop@example.com or "Shoplet <shop@example.com>", got "${raw}"`)
  }
  return { address, name: name || providerName }
}

/**
 * DEV_MAILBOX: `1` serves the mailbox to everyone (a shared test server), `local` to this machine only, `0`
 * to nobody. Unset: this machine only, but never in production, where the reset links it holds would be
 * anyone's who reaches it.
 */
function devMailbox(env: Env, nodeEnv: Config['nodeEnv']): DevMailbox {
  const raw = env.DEV_MAILBOX?.trim().toLowerCase()
  if (!raw) return nodeEnv === 'production' ? 'off' : 'local'
  if (raw === 'local') return 'local'
  if (['1', 'true', 'yes'].includes(raw)) return 'open'
  if (['0', 'false', 'no'].includes(raw)) return 'off'
  throw new ConfigError(`DEV_MAILBOX must be 1 (every client), local (this machine only) or 0 (off), got "${env.DEV_MAILBOX}"`)
}

/** The names proxy-addr (Fastify's trustProxy) knows for ranges of addresses. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * TRUST_PROXY: unset or `0` for none; a hop count (`1`: the one proxy in front); or the proxies' addresses
 * and CIDRs, comma-separated (`10.0.0.2, 10.0.1.0/24`, `loopback`). `true` (believe every hop) is refused:
 * it takes the client-written first `X-Forwarded-For` entry as the address, so every per-address limit falls.
 */
function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim() ?? ''
  if (raw === '' || ['0', 'false', 'no'].includes(raw.toLowerCase())) return false
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 10) || false
  const entries = raw.split(',').map((entry) => entry.trim().toLowerCase())
  for (const entry of entries) {
    const [ip = '', prefix, ...rest] = entry.split('/')
    const version = isIP(ip)
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32))
    if (!PROXY_RANGES.includes(entry) && !(version && validPrefix && !rest.length)) {
      throw new ConfigError(
        `TRUST_PROXY must be how many proxies stand in front (1 for one) or their addresses and CIDRs, comma-separated (10.0.0.2, 10.0.1.0/24, loopback), got "${entry}"`,
      )
    }
  }
  return entries
}

/** PLATFORM_ADMINS: operators' e-mail addresses, comma-separated; compared without regard to case. */
function platformAdmins(env: Env): string[] {
  const entries = (env.PLATFORM_ADMINS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
  const wrong = entries.find((entry) => !/^[^\s@,]+@[^\s@,]+$/.test(entry))
  if (wrong) throw new ConfigError(`PLATFORM_ADMINS must be e-mail addresses, comma-separated, got "${wrong}"`)
  return [...new Set(entries)]
}

/** METRICS_TOKEN: a long random secret (16 to 200 characters of a token's alphabet), or unset. */
function metricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN?.trim()
  if (!raw) return null
  // Never echo a secret, even a malformed one.
  if (!/^[A-Za-z0-9._~+/=-]{16,200}$/.test(raw)) throw new ConfigError('METRICS_TOKEN must be 16 to 200 letters, digits or ._~+/=- (use a long random one)')
  return raw
}

/** SHOP_STORAGE_QUOTA_MB: megabytes of pictures a shop may keep. */
function shopStorageQuota(env: Env): number {
  return integer(env, 'SHOP_STORAGE_QUOTA_MB', 1024, 1, 10_000_000) * 1024 * 1024
}

/** ARKESEL_API_KEY and ARKESEL_SENDER_ID together turn SMS on; either alone is a mistake. */
function arkesel(env: Env): Config['arkesel'] {
  const apiKey = env.ARKESEL_API_KEY?.trim()
  const senderId = env.ARKESEL_SENDER_ID?.trim()
  const baseUrl = providerBaseUrl(env, 'ARKESEL_BASE_URL', 'https://sms.arkesel.com')
  if (!apiKey && !senderId) return null
  if (!apiKey || !senderId) throw new ConfigError('ARKESEL_API_KEY and ARKESEL_SENDER_ID go together: set both to send SMS, or neither')
  // Arkesel's sender ids: up to 11 letters, digits or spaces.
  if (!/^[A-Za-z0-9 ]{1,11}$/.test(senderId)) throw new ConfigError(`ARKESEL_SENDER_ID must be 1 to 11 letters or digits, got "${senderId}"`)
  if (!/^[A-Za-z0-9=_-]{8,200}$/.test(apiKey)) throw new ConfigError('ARKESEL_API_KEY does not look like an Arkesel API key')
  return { apiKey, senderId, baseUrl }
}

function paystackSecretKey(env: Env): string | null {
  const raw = env.PAYSTACK_SECRET_KEY?.trim()
  if (!raw) return null
  if (!/^sk_(test|live)_[A-Za-z0-9]{8,200}$/.test(raw)) {
    // Never echo a secret, even a malformed one.
    throw new ConfigError('PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…)')
  }
  return raw
}

/** PLATFORM_FEE_PERCENT: 0 to 100 with at most two decimals, as Paystack takes a subaccount's percentage_charge. */
function platformFeePercent(env: Env): number {
  const raw = env.PLATFORM_FEE_PERCENT?.trim()
  if (!raw) return 0
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw) || Number(raw) > 100) {
    throw new ConfigError(`PLATFORM_FEE_PERCENT must be a percentage from 0 to 100 with at most two decimals (such as 2.5), got "${raw}"`)
  }
  return Number(raw)
}

function paystackFeeBearer(env: Env): Config['paystackFeeBearer'] {
  const raw = env.PAYSTACK_FEE_BEARER?.trim() || 'subaccount'
  if (raw !== 'subaccount' && raw !== 'account') {
    throw new ConfigError(`PAYSTACK_FEE_BEARER must be subaccount (each shop bears Paystack's fee) or account (the platform does), got "${raw}"`)
  }
  return raw
}

/** DNS_SERVERS: a comma-separated list of `ip`, `ip:port`, `[ipv6]:port` or a bare IPv6 address. */
function dnsServers(env: Env): string[] {
  const raw = env.DNS_SERVERS?.trim()
  if (!raw) return []
  return raw.split(',').map((entry) => {
    const server = entry.trim()
    const match = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(server) ?? /^([0-9.]+)(?::(\d{1,5}))?$/.exec(server)
    const ip = match?.[1] ?? server
    const port = match?.[2]
    const validPort = port === undefined || (Number(port) >= 1 && Number(port) <= 65535)
    if (!isIP(ip) || !validPort) {
      throw new ConfigError(`DNS_SERVERS must be comma-separated IP addresses, each with an optional port (1.1.1.1, 10.0.0.2:5353, [2606:4700::1111]:53), got "${server}"`)
    }
    return server
  })
}

function httpUrl(env: Env, name: string): string | null {
  const raw = env[name]?.trim().replace(/\/+$/, '')
  if (!raw) return null
  const url = parsedUrl(raw)
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new ConfigError(`${name} must be an http or https URL without credentials, query or fragment, got "${raw}"`)
  }
  return raw
}

/** S3_BUCKET turns the bucket on; the other S3_* variables only make sense with it. */
function s3(env: Env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim()
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((name) => env[name]?.trim())
  if (!bucket) {
    if (others.length) throw new ConfigError(`${others.join(', ')} set without S3_BUCKET: set S3_BUCKET to store uploads in a bucket`)
    return null
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots or hyphens), got "${bucket}"`)
  const region = env.S3_REGION?.trim() || 'us-east-1'
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError(`S3_REGION must be a region such as us-east-1 or auto, got "${region}"`)
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim()
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim()
  if (!accessKeyId !== !secretAccessKey) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the machine\'s own AWS credentials')
  return {
    bucket,
    region,
    endpoint: httpUrl(env, 'S3_ENDPOINT'),
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', false),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  }
}

/**
 * WEB_CONCURRENCY: one worker per core on a PostgreSQL server; the embedded PGlite is one process's own
 * data directory, so it runs exactly one.
 */
function webConcurrency(env: Env, databaseUrl: string | null): number {
  if (!databaseUrl) {
    const value = integer(env, 'WEB_CONCURRENCY', 1, 1, 1024)
    if (value !== 1) throw new ConfigError('WEB_CONCURRENCY must be 1 with the embedded database (PGlite): set DATABASE_URL to run several workers')
    return value
  }
  return integer(env, 'WEB_CONCURRENCY', os.availableParallelism(), 1, 1024)
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development'
  const port = integer(env, 'PORT', 3000, 0, 65535)
  const rootDomain = (env.ROOT_DOMAIN || `localhost:${port}`).toLowerCase()
  if (!/^[a-z0-9.-]+(:\d+)?$/.test(rootDomain)) {
    throw new ConfigError(`ROOT_DOMAIN must be a host name with an optional port, got "${rootDomain}"`)
  }
  const platformUrl = (env.PLATFORM_URL || `http://${rootDomain}`).replace(/\/+$/, '')
  if (!parsedUrl(platformUrl)) throw new ConfigError(`PLATFORM_URL must be an absolute URL, got "${platformUrl}"`)
  const databaseUrl = env.DATABASE_URL || null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const databaseReplicaUrl = env.DATABASE_REPLICA_URL || null
  if (databaseReplicaUrl && !(databaseUrl && /^postgres(ql)?:\/\//.test(databaseReplicaUrl))) {
    throw new ConfigError('DATABASE_REPLICA_URL must start with postgres:// or postgresql://, beside a DATABASE_URL')
  }
  const databasePoolMode = (env.DATABASE_POOL_MODE || 'session').toLowerCase()
  if (databasePoolMode !== 'session' && databasePoolMode !== 'transaction') {
    throw new ConfigError(`DATABASE_POOL_MODE must be session or transaction, got "${env.DATABASE_POOL_MODE}"`)
  }
  const defaultWebBuild = path.join(repoRoot, 'apps/web/build')
  const providerName = env.PROVIDER_NAME || 'Shoplet'
  const mail = mailFrom(env, rootDomain, providerName)
  return {
    nodeEnv,
    host: env.HOST || '0.0.0.0',
    port,
    rootDomain,
    platformUrl,
    providerName,
    defaultShop: env.DEFAULT_SHOP || null,
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    s3: s3(env),
    assetBaseUrl: httpUrl(env, 'ASSET_BASE_URL'),
    webConcurrency: webConcurrency(env, databaseUrl),
    databaseUrl,
    databasePoolMode,
    databaseReplicaUrl,
    redisUrl: env.REDIS_URL || null,
    seedDemo: flag(env, 'SEED_DEMO', nodeEnv !== 'production'),
    webBuildDir: env.WEB_BUILD_DIR === 'off' ? null : path.resolve(env.WEB_BUILD_DIR || defaultWebBuild),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    bodyLimit: integer(env, 'BODY_LIMIT', 100 * 1024, 1024, 10 * 1024 * 1024),
    uploadLimit: 5 * 1024 * 1024,
    imageConcurrency: integer(env, 'IMAGE_CONCURRENCY', 2, 1, 64),
    uploadsPerAccount: rule(env, 'LIMIT_UPLOADS_PER_ACCOUNT', '100/1h'),
    shopStorageQuota: shopStorageQuota(env),
    trustProxy: trustProxy(env),
    metricsToken: metricsToken(env),
    // In production a load balancer usually stands in front and needs a few seconds to see the 503.
    drainGraceMs: integer(env, 'DRAIN_SECONDS', nodeEnv === 'production' ? 5 : 0, 0, 300) * 1000,
    paystackSecretKey: paystackSecretKey(env),
    paystackBaseUrl: providerBaseUrl(env, 'PAYSTACK_BASE_URL', 'https://api.paystack.co'),
    platformFeePercent: platformFeePercent(env),
    paystackFeeBearer: paystackFeeBearer(env),
    smtpUrl: smtpUrl(env),
    mailFrom: mail.address,
    mailFromName: mail.name,
    devMailbox: devMailbox(env, nodeEnv),
    arkesel: arkesel(env),
    outboxPollMs: integer(env, 'OUTBOX_POLL_MS', 1000, 0, 60_000),
    sitemapPageSize: integer(env, 'SITEMAP_PAGE_SIZE', 50_000, 5, 50_000),
    limits: limits(env),
    maxShopsPerAccount: integer(env, 'MAX_SHOPS_PER_ACCOUNT', 5, 1, 10_000),
    platformAdmins: platformAdmins(env),
    unpaidOrderSweepMs: integer(env, 'UNPAID_ORDER_SWEEP_SECONDS', 60, 0, 3600) * 1000,
    dnsServers: dnsServers(env),
    domainCheckAllowLoopback: false,
    ...overrides,
  }
}
