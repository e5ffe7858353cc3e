/**
 * Connections to a PostgreSQL server: the planner settings every connection gets, and pools that work
 * straight to the server, through a session pooler, or through a transaction pooler (PgBouncer's
 * `pool_mode = transaction`, docs/decisions/0046-pooled-postgresql.md).
 */
import { createHash } from 'node:crypto'
import pg from 'pg'
import type { PoolMode } from '../config'

/**
 * Planner costs for data that sits in memory or on SSD, set on every connection (through a transaction
 * pooler, as the role's default in the database: `applyPlannerDefaults`). At the default
 * random_page_cost (4) the planner prices a bitmap heap scan's page reads as random disk I/O and picks a
 * sequential scan for a trigram title search that matches a few percent of a shop, running word_similarity
 * on every row: about ten times slower (bench/search-explain.md). 1.1 is the usual value for SSDs.
 */
export const PLANNER_SETTINGS = { random_page_cost: '1.1' } as const

/** How many statements one connection keeps prepared; a text past them runs unnamed (parsed every time). */
export const PREPARED_PER_CONNECTION = 500

type QueryArgs = [config: unknown, ...rest: unknown[]]
type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown }

const preparedBy = new WeakMap<pg.Client, Set<string>>()
const namesOfTexts = new Map<string, string>()

/** A statement's name: a hash of its text, so on every connection a name stands for one text only. */
function statementName(text: string): string {
  let name = namesOfTexts.get(text)
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url')}`
    // Bounded like each connection's own list: a text past it is hashed again each time it comes.
    if (namesOfTexts.size < 4 * PREPARED_PER_CONNECTION) namesOfTexts.set(text, name)
  }
  return name
}

/**
 * The query `args` with the statement named after its text, when it has parameters, no name of its own,
 * and the connection has room for it: `config` is a query's text or its config, the values may follow.
 */
function namedByText(client: pg.Client, args: QueryArgs): QueryArgs {
  const [config, ...rest] = args
  if (typeof config !== 'object' || config === null) return args
  const { text, name, values, submit } = config as QueryConfig
  const parameters = Array.isArray(rest[0]) ? rest[0] : values
  if (typeof text !== 'string' || name !== undefined || submit !== undefined || !Array.isArray(parameters) || parameters.length === 0) return args
  let prepared = preparedBy.get(client)
  if (!prepared) preparedBy.set(client, (prepared = new Set()))
  const named = statementName(text)
  if (!prepared.has(named)) {
    if (prepared.size >= PREPARED_PER_CONNECTION) return args
    prepared.add(named)
  }
  return [{ ...config, name: named }, ...rest]
}

/**
 * A connection that prepares every statement with parameters by a name taken from its text: PostgreSQL
 * parses a query the app sends again and again once per connection, and plans it once when a generic plan
 * serves as well as one for the values at hand (PostgreSQL's own choice, after five runs). A statement
 * without parameters (begin, commit, a migration's script) stays a simple query. Only where a server
 * connection is the app's for its whole life: straight to PostgreSQL or through a session pooler
 * (docs/decisions/0121-statements-prepared-by-their-text.md).
 */
class PreparingClient extends pg.Client {}
Object.defineProperty(PreparingClient.prototype, 'query', {
  value(this: pg.Client, ...args: QueryArgs): unknown {
    return (pg.Client.prototype.query as (...a: QueryArgs) => unknown).apply(this, namedByText(this, args))
  },
})

/**
 * A pool of connections to `url`. Straight to PostgreSQL (or through a session pooler) each connection
 * carries the planner settings as startup options and prepares its statements (`PreparingClient`); a
 * transaction pooler forwards no startup parameter, so there they are the role's defaults in the database
 * instead (`applyPlannerDefaults`), and statements stay unnamed.
 */
export function openPool<P extends pg.Pool = pg.Pool>(
  url: string,
  poolMode: PoolMode,
  onIdleError?: (error: Error) => void,
  make: (config: pg.PoolConfig) => P = (config) => new pg.Pool(config) as P,
): P {
  const settings = Object.entries(PLANNER_SETTINGS).map(([name, value]) => `-c ${name}=${value}`)
  const pool = make({ connectionString: url, max: 20, ...(poolMode === 'session' ? { options: settings.join(' '), Client: PreparingClient } : {}) })
  // An idle connection can be cut by the server (restart, failover, a dropped database); the pool
  // replaces it. Without a listener node-postgres would throw the error and end the process.
  pool.on('error', (error) => onIdleError?.(error))
  return pool
}

/**
 * Makes the planner settings the connecting role's defaults in its database (`ALTER ROLE … IN DATABASE …
 * SET`, which any role may do for itself), when they are not already: every server connection a pooler
 * opens from then on starts with them. Runs once at start-up, one statement per round trip, so it works
 * through a transaction pooler.
 */
export async function applyPlannerDefaults(pool: pg.Pool): Promise<void> {
  const names = Object.keys(PLANNER_SETTINGS)
  const { rows } = await pool.query<{ setconfig: string[] | null }>(
    `select s.setconfig from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
      where d.datname = current_database() and s.setrole = (select oid from pg_roles where rolname = current_user)`,
  )
  const current = new Set(rows[0]?.setconfig ?? [])
  for (const name of names) {
    const value = PLANNER_SETTINGS[name as keyof typeof PLANNER_SETTINGS]
    if (current.has(`${name}=${value}`)) continue
    await pool.query(`do $$ begin execute format('alter role current_user in database %I set ${name} = %L', current_database(), '${value}'); end $$`)
  }
}
