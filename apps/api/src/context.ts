/**
 * What every service runs with (docs/decisions/0026-service-context.md): the database, file storage, the
 * config, a clock, a logger, the abuse-limit counters, the image decoding limiter and the actor (who is
 * calling, with their permission checks). A service is `(ctx, input) → result` and reads nothing else, so
 * the same operation runs from a route, a background worker, a script or a test.
 *
 * `createContext` is the one way to build one: the context plugin calls it once per request with the
 * caller its token names; a worker, a script, the demo seed or a test call it with `systemActor`, an
 * anonymous actor or a user of their choosing.
 */
import { Actor, type ActorIdentity, anonymousActor } from './actor'
import { isShopSuspended } from './actor.repository'
import type { Config } from './config'
import type { Db } from './db/client'
import { type Counters, memoryCounters } from './lib/counters'
import { type Limiter, createLimiter } from './lib/limiter'
import { type Storage, localStorage } from './lib/storage'
import type { SuspendedShops } from './lib/suspended-shops'

export type Clock = { now(): Date }

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() }

/** A clock that always answers `at` (the demo seed writes its history at the times it happened). */
export function fixedClock(at: Date): Clock {
  const time = at.getTime()
  return { now: () => new Date(time) }
}

/** The logging services do: a structured detail object, then a message. Fastify's (pino's) logger fits. */
export interface Logger {
  debug(details: object, message?: string): void
  info(details: object, message?: string): void
  warn(details: object, message?: string): void
  error(details: object, message?: string): void
}

/** One JSON line per entry on stderr (stdout stays free for a script's own output); debug is dropped. */
export const consoleLogger: Logger = {
  debug: () => {},
  info: (details, message) => console.error(JSON.stringify({ level: 'info', msg: message, ...details })),
  warn: (details, message) => console.error(JSON.stringify({ level: 'warn', msg: message, ...details })),
  error: (details, message) => console.error(JSON.stringify({ level: 'error', msg: message, ...details, ...errorDetail(details) })),
}

function errorDetail(details: object): object {
  const err = (details as { err?: unknown }).err
  return err instanceof Error ? { err: { message: err.message, stack: err.stack } } : {}
}

export type ServiceContext = {
  readonly db: Db
  /**
   * Where the public reads anyone may make (a shop's products, search, its profile) go: a streaming
   * replica for an anonymous caller who has not written lately, else `db` (docs/decisions/0047-read-replica.md).
   */
  readonly readDb: Db
  readonly storage: Storage
  readonly config: Config
  readonly clock: Clock
  readonly log: Logger
  /** The abuse limits' counters (lib/counters.ts): Redis when configured, else this process's memory. */
  readonly counters: Counters
  /** Bounds how many images this process decodes at once (IMAGE_CONCURRENCY). */
  readonly imageLimiter: Limiter
  /**
   * Whether the platform has suspended a shop: the app's list, read at most once a second (no query on a
   * hot path), or a look-up on `db` when the parts leave it out. Not for use inside a transaction.
   */
  readonly suspendedShops: Pick<SuspendedShops, 'has'>
  readonly actor: Actor
}

export type ContextParts = {
  /** An opened database (db/client.ts `openDatabase`), or anything holding its `db`. */
  database: { db: Db; replica?: { db: Db } }
  /** The caller's public reads may come from the replica (when there is one): anonymous, no recent write. */
  replicaReads?: boolean
  config: Config
  /** Who is calling; anonymous when left out. */
  actor?: ActorIdentity
  /** Local disk under `config.dataDir` when left out (open the configured one with lib/storage's `openStorage`). */
  storage?: Storage
  clock?: Clock
  log?: Logger
  /** In-memory counters when left out: right for one process; share the app's in a worker of the app. */
  counters?: Counters
  imageLimiter?: Limiter
  /** The app's list of suspended shops; a look-up per question when left out (a script, a test). */
  suspendedShops?: Pick<SuspendedShops, 'has'>
}

/**
 * Builds a context. Cheap enough to run for every request: nothing is queried, and what the parts leave
 * out is only made when missing (pass shared ones: storage, counters, limiter).
 */
export function createContext(parts: ContextParts): ServiceContext {
  const db = parts.database.db
  return {
    db,
    readDb: parts.replicaReads && parts.database.replica ? parts.database.replica.db : db,
    config: parts.config,
    storage: parts.storage ?? localStorage(parts.config.dataDir, parts.config.assetBaseUrl),
    clock: parts.clock ?? systemClock,
    log: parts.log ?? consoleLogger,
    counters: parts.counters ?? memoryCounters(),
    imageLimiter: parts.imageLimiter ?? createLimiter(parts.config.imageConcurrency),
    suspendedShops: parts.suspendedShops ?? { has: (shopId) => isShopSuspended(db, shopId) },
    actor: new Actor(parts.actor ?? anonymousActor(), db),
  }
}

/**
 * The same context on another connection, a transaction's: services called with it write inside that
 * transaction, and the actor's role look-ups see its writes.
 */
export function withDb(ctx: ServiceContext, db: Db): ServiceContext {
  return db === ctx.db ? ctx : { ...ctx, db, readDb: db, actor: ctx.actor.on(db) }
}

/** The same context acting as someone else (the demo seed acts as each of its people in turn). */
export function actingAs(ctx: ServiceContext, actor: ActorIdentity): ServiceContext {
  return { ...ctx, readDb: ctx.db, actor: new Actor(actor, ctx.db) }
}

/** The same context with another clock. */
export function at(ctx: ServiceContext, clock: Clock): ServiceContext {
  return { ...ctx, clock }
}

/** Runs `work` in one transaction, with a context whose writes join it. */
export function inTransaction<T>(ctx: ServiceContext, work: (tx: ServiceContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work(withDb(ctx, tx)))
}
