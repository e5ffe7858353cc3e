/**
 * Table rows into and out of raw statements, for the few hot paths where the query builder's own cost
 * shows: building a statement on a wide table takes it about 100 µs of CPU (placing an order ran four of
 * them), a template a few; and mapping a result row through its field list costs it more than reading the
 * columns directly. `rowValues` is the `(columns) values (…)` of an insert, each value encoded by its column
 * as the builder would; `rowReader` turns a returned row (the database's column names, as `returning *`,
 * `to_json(…)` or `preparedRows` give it) back into the table's row type.
 */
import { type Column, type Query, SQL, StringChunk, fillPlaceholders, getTableColumns } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { type Db, driverQuery } from './client'

type ColumnEntry = { key: string; name: string; column: Column }
type TableShape = { columns: ColumnEntry[]; head: StringChunk }

const shapes = new WeakMap<PgTable, TableShape>()

function shapeOf(table: PgTable): TableShape {
  let shape = shapes.get(table)
  if (!shape) {
    const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }))
    const head = new StringChunk(`(${columns.map(({ name }) => `"${name}"`).join(', ')}) values (`)
    shapes.set(table, (shape = { columns, head }))
  }
  return shape
}

const DEFAULT = new StringChunk('default')
const COMMA = new StringChunk(', ')
const CLOSE = new StringChunk(')')

/**
 * `(every column) values (…)`: what `values` leaves out (undefined) takes the column's default, and an SQL
 * value (sql`now()`) goes in as written. The others go in already encoded (jsonb as text, dates as ISO
 * strings) and the chunks flat: drizzle's statement building spends most of its time classifying chunks,
 * and a plain string or number is the cheapest kind.
 */
export function rowValues<T extends PgTable>(table: T, values: T['$inferInsert']): SQL {
  const { columns, head } = shapeOf(table)
  const given = values as Record<string, unknown>
  const chunks: unknown[] = [head]
  columns.forEach(({ key, column }, i) => {
    if (i > 0) chunks.push(COMMA)
    const value = given[key]
    chunks.push(value === undefined ? DEFAULT : value === null || value instanceof SQL ? value : column.mapToDriverValue(value))
  })
  chunks.push(CLOSE)
  return new SQL(chunks as SQL['queryChunks'])
}

/** Reads rows of `table` returned by a raw statement into its row type. */
export function rowReader<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const { columns } = shapeOf(table)
  return (raw) => {
    const row: Record<string, unknown> = {}
    for (const { key, name, column } of columns) {
      const value = raw[name]
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
    }
    return row
  }
}

/**
 * A statement built once (with `sql.placeholder`s) and run on the driver itself: no statement building and
 * no row mapping per call (a direct pool's connections prepare it by its text, decision 121), and on
 * PGlite none of the per-query type-parser set-up drizzle's own `.prepare()` pays. Answers the rows as the
 * database spells them (read them with `rowReader`); runs on the database, not inside a transaction.
 */
export function preparedRows<Row = Record<string, unknown>>(db: Db, query: { toSQL(): Query }) {
  const { sql: text, params } = query.toSQL()
  const run = driverQuery(db)
  return async (values: Record<string, unknown>) => (await run(text, fillPlaceholders(params, values))) as Row[]
}
