/**
 * A streaming replica for the reads anyone may make (docs/decisions/0047-read-replica.md). Its pool answers
 * a query from the replica while the replica keeps up, and from the primary otherwise: when the last check
 * found it behind or unreachable, or when the query itself fails there (the replica then counts as down
 * until a check finds it back). A check compares the replica's replayed WAL position with the primary's
 * position at the previous check, so a read from the replica is at most about two check intervals old.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { PoolMode } from '../config'
import { openPool } from './pool'
import * as schema from './schema'

/** The same as client.ts's `Db`. */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type ReplicaState = 'starting' | 'in use' | 'lagging' | 'down'

export type Replica = {
  /** Reads through the replica, falling back to the primary. */
  db: Db
  state(): ReplicaState
  /** How many bytes of WAL the replica had still to replay at the last check; null before one or while it is down. */
  lagBytes(): number | null
  /** Checks the replica's lag now (the timer does it every `checkMs`) and answers the new state. */
  check(): Promise<ReplicaState>
  close(): Promise<void>
}

/** `0/16B3748` → a number that orders WAL positions. */
function walPosition(lsn: string): bigint {
  const [high, low] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

/**
 * An error of the connection (a socket's `ECONNREFUSED`, no code at all) or of the server's state
 * (SQLSTATE classes 08, 53, 57P), not of the statement: the replica is not answering.
 */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || /^(08|53|57P)/.test(code)
}

type Query = (...args: unknown[]) => Promise<pg.QueryResult>

/** A replica's pool whose queries go to the primary while the replica is not in use or when they fail on it. */
class FallbackPool extends pg.Pool {
  primary!: pg.Pool
  inUse = () => false
  onFailure = (_error: unknown) => {}

  /** The replica alone, without falling back (the lag check). */
  direct(text: string): Promise<pg.QueryResult> {
    return (super.query as Query).call(this, text)
  }

  // Promise form only: the one drizzle and driverQuery use.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const primary = this.primary.query.bind(this.primary) as Query
    if (!this.inUse()) return primary(...args)
    return (super.query as Query).apply(this, args).catch((error: unknown) => {
      this.onFailure(error)
      return primary(...args)
    })
  }
}

export function openReplica(options: {
  primary: pg.Pool
  url: string
  poolMode: PoolMode
  checkMs: number
  onIdleError?: (error: Error) => void
}): Replica {
  const pool = openPool(options.url, options.poolMode, options.onIdleError, (config) => new FallbackPool(config))
  pool.primary = options.primary
  let state: ReplicaState = 'starting'
  let primarySeen: bigint | null = null
  let lagBytes: number | null = null
  pool.inUse = () => state === 'in use'
  pool.onFailure = (error) => {
    if (unreachable(error)) state = 'down'
  }

  async function check(): Promise<ReplicaState> {
    let primaryNow: bigint
    try {
      const { rows } = await options.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
      primaryNow = walPosition(rows[0]!.lsn)
    } catch {
      return state // the primary is not answering: nothing to compare with, and every read fails anyway
    }
    try {
      // On a server that is not in recovery (the URL names a primary) its own position counts as replayed.
      const { rows } = await pool.direct('select coalesce(pg_last_wal_replay_lsn(), pg_current_wal_lsn())::text as lsn')
      const replayed = walPosition((rows[0] as { lsn: string }).lsn)
      state = replayed >= (primarySeen ?? primaryNow) ? 'in use' : 'lagging'
      lagBytes = replayed >= primaryNow ? 0 : Number(primaryNow - replayed)
    } catch {
      state = 'down'
      lagBytes = null
    }
    primarySeen = primaryNow
    return state
  }

  let running: Promise<ReplicaState> | null = null
  const checkOnce = () => (running ??= check().finally(() => (running = null)))
  const timer = options.checkMs > 0 ? setInterval(() => void checkOnce(), options.checkMs) : null
  timer?.unref()
  if (timer) void checkOnce()

  return {
    db: drizzle(pool, { schema }),
    state: () => state,
    lagBytes: () => lagBytes,
    check: checkOnce,
    close: async () => {
      if (timer) clearInterval(timer)
      await running
      await pool.end()
    },
  }
}
