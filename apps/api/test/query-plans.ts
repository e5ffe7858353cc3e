/**
 * What PostgreSQL plans to read for a statement: every scan node of its `EXPLAIN (FORMAT JSON)` plan, with
 * the index or table it reads. The plan tests and the tenants-at-scale bench use it.
 */
import { type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'

export type PlanScan = { node: string; index?: string; relation?: string }

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] }

export async function planScans(db: Db, query: SQLWrapper): Promise<PlanScan[]> {
  const result = (await db.execute<Record<string, unknown>>(sql`explain (format json) ${query.getSQL()}`)) as { rows: Record<string, unknown>[] }
  // node-postgres parses the json column; PGlite may hand it over as text.
  const raw = Object.values(result.rows[0]!)[0]
  const [{ Plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }]
  const scans: PlanScan[] = []
  const walk = (node: PlanNode) => {
    if (node['Node Type'].endsWith('Scan')) {
      scans.push({ node: node['Node Type'], index: node['Index Name'], relation: node['Relation Name'] })
    }
    for (const child of node.Plans ?? []) walk(child)
  }
  walk(Plan)
  return scans
}
