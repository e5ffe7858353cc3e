/**
 * Opens the database: PGlite in a directory, or a PostgreSQL server through a node-postgres pool.
 * Both speak the same SQL and get the same migrations.
 */
import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { PoolMode } from '../config'
import { migrationsFolder } from '../paths'
import { PLANNER_SETTINGS, applyPlannerDefaults, openPool } from './pool'
import { type Replica, openReplica } from './replica'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PGlite only: a copy of the data directory. */
  dump?: () => Promise<Blob | File>
  /** The streaming replica public reads may use (DATABASE_REPLICA_URL), when there is one. */
  replica?: Replica
  /** PostgreSQL only: the primary's connection pool (PGlite is one connection, with no pool). */
  pool?: pg.Pool
  migrate(): Promise<void>
  close(): Promise<void>
}

/**
 * PGlite's memory settings. PostgreSQL's defaults suit a server of its own (128 MB of shared buffers, 64 MB
 * for an index build); inside one Node process they become WebAssembly memory that is never given back.
 * PGlite reads its files through the operating system's page cache anyway, so small buffers cost little.
 */
export const PGLITE_MEMORY = { shared_buffers: '32MB', maintenance_work_mem: '16MB', temp_buffers: '4MB' } as const

// node-postgres returns bigint (int8) as strings; counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))

// Timestamps stay text for the column to read (drizzle's way): `new Date(text)` is cheaper than the driver's parser.
const { builtins, getTypeParser } = pg.types
const timestampsAsText = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    id === builtins.TIMESTAMPTZ || id === builtins.TIMESTAMP ? (value: string) => value : getTypeParser(id, format),
}

/**
 * Runs `text` on the driver underneath `db` (the pool or PGlite), whose rows carry the database's column
 * names and json already parsed (timestamps come as text or Dates: a column's `mapFromDriverValue` reads
 * either); a statement with parameters is prepared by its text on a direct pool's connections (decision 121).
 * Not inside a transaction: `db` must be the database itself.
 */
export function driverQuery(db: Db): (text: string, values: unknown[]) => Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client
  if (!client) throw new Error('driverQuery runs on the database itself, not on a transaction')
  if (client instanceof pg.Pool) return async (text, values) => (await client.query({ text, values, types: timestampsAsText })).rows
  return async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows
}

/** The advisory lock every process takes to migrate a PostgreSQL database (any fixed number, this one "shoplet"). */
export const MIGRATION_LOCK = 0x73686f706c6574n

/**
 * Runs `migrate` while one of the pool's connections holds an advisory lock: processes that start together
 * (workers, machines behind one load balancer) migrate one after the other, and the later ones find
 * nothing left to apply. The lock is a transaction's, held open until `migrate` is done, so it stays on one
 * server connection even behind a pooler in transaction mode, and goes with the transaction however it ends.
 */
async function migrateUnderLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect()
  try {
    await lock.query('begin')
    await lock.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK.toString()])
    await migrate()
  } finally {
    await lock.query('commit').catch(() => {})
    lock.release()
  }
}

export async function openDatabase(options: {
  url: string | null
  dataDir?: string
  /** A PGlite data directory dump to start from (tests start from an already-migrated one). */
  template?: Blob
  /** Told when an idle PostgreSQL connection fails (the pool replaces it). */
  onIdleError?: (error: Error) => void
  /** `transaction` behind a transaction pooler (DATABASE_POOL_MODE); `session` when left out. */
  poolMode?: PoolMode
  /** A streaming replica of `url` for public reads (DATABASE_REPLICA_URL). */
  replicaUrl?: string | null
  /** How often the replica's lag is checked, in ms (1000 when left out; 0: only when `replica.check()` is called). */
  replicaCheckMs?: number
}): Promise<Database> {
  if (options.url) {
    const poolMode = options.poolMode ?? 'session'
    const pool = openPool(options.url, poolMode, options.onIdleError)
    if (poolMode === 'transaction') await applyPlannerDefaults(pool)
    const db = drizzleNodePg(pool, { schema }) as unknown as Db
    const replica = options.replicaUrl
      ? openReplica({ primary: pool, url: options.replicaUrl, poolMode, checkMs: options.replicaCheckMs ?? 1000, onIdleError: options.onIdleError })
      : undefined
    return {
      db,
      kind: 'postgres',
      replica,
      pool,
      migrate: () => migrateUnderLock(pool, () => migrateNodePg(db as never, { migrationsFolder })),
      close: async () => {
        await replica?.close()
        await pool.end()
      },
    }
  }
  // `memory://` keeps PGlite in memory (tests); anything else is a directory on disk.
  const dataDir = options.dataDir ?? 'memory://'
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gin, btree_gist },
    loadDataDir: options.template,
    startParams: [...PGlite.defaultStartParams, ...Object.entries(PGLITE_MEMORY).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
  })
  // PGlite is one connection: setting the session once covers every query.
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.query(`set ${name} = ${value}`)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  }
}
