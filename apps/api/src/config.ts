/**
 * The one place that reads the environment. Everything else receives a validated `Config`.
 */
import path from 'node:path'
import { repoRoot } from './paths'

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
  /** `postgres://…` for a server; null for the embedded PGlite database under `dataDir`. */
  databaseUrl: string | null
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
  trustProxy: boolean
  /** Paystack's secret key (`sk_test_…`/`sk_live_…`); null turns the paystack provider off. */
  paystackSecretKey: string | null
  /** Paystack's API origin; only tests point it elsewhere (a local fake). */
  paystackBaseUrl: string
}

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

/** https, or http to a loopback host (a local fake in tests); no path, query or credentials. */
function paystackBaseUrl(env: Env): string {
  const raw = (env.PAYSTACK_BASE_URL || 'https://api.paystack.co').replace(/\/+$/, '')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`PAYSTACK_BASE_URL must be an absolute URL, got "${raw}"`)
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  if (
    !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== '/'
  ) {
    throw new ConfigError(`PAYSTACK_BASE_URL must be an https origin such as https://api.paystack.co, got "${raw}"`)
  }
  return url.origin
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

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development'
  const port = integer(env, 'PORT', 3000, 0, 65535)
  const rootDomain = (env.ROOT_DOMAIN || `localhost:${port}`).toLowerCase()
  if (!/^[a-z0-9.-]+(:\d+)?$/.test(rootDomain)) {
    throw new ConfigError(`ROOT_DOMAIN must be a host name with an optional port, got "${rootDomain}"`)
  }
  const platformUrl = (env.PLATFORM_URL || `http://${rootDomain}`).replace(/\/+$/, '')
  try {
    new URL(platformUrl)
  } catch {
    throw new ConfigError(`PLATFORM_URL must be an absolute URL, got "${platformUrl}"`)
  }
  const databaseUrl = env.DATABASE_URL || null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const defaultWebBuild = path.join(repoRoot, 'apps/web/build')
  return {
    nodeEnv,
    host: env.HOST || '0.0.0.0',
    port,
    rootDomain,
    platformUrl,
    providerName: env.PROVIDER_NAME || 'Shoplet',
    defaultShop: env.DEFAULT_SHOP || null,
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl,
    redisUrl: env.REDIS_URL || null,
    seedDemo: flag(env, 'SEED_DEMO', nodeEnv !== 'production'),
    webBuildDir: env.WEB_BUILD_DIR === 'off' ? null : path.resolve(env.WEB_BUILD_DIR || defaultWebBuild),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    bodyLimit: integer(env, 'BODY_LIMIT', 100 * 1024, 1024, 10 * 1024 * 1024),
    uploadLimit: 5 * 1024 * 1024,
    imageConcurrency: integer(env, 'IMAGE_CONCURRENCY', 2, 1, 64),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    paystackSecretKey: paystackSecretKey(env),
    paystackBaseUrl: paystackBaseUrl(env),
    ...overrides,
  }
}
