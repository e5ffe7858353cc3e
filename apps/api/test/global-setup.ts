/**
 * Runs once before the API tests: migrates one database and keeps it as a template, so each test file
 * starts its own fresh database from that copy instead of migrating again. On PGlite the template is a saved
 * data directory; on the PostgreSQL server named by TEST_DATABASE_URL it is a uniquely named database that
 * each test's `create database … template` copies, dropped when the run ends.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client'

async function onServer(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function serverTemplate(project: TestProject, url: string) {
  const name = `shop_template_${process.pid}_${randomBytes(4).toString('hex')}`
  await onServer(url, `create database "${name}"`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openDatabase({ url: target.toString() })
  try {
    await database.migrate()
  } finally {
    await database.close()
  }
  project.provide('serverTemplate', name)
  return async () => onServer(url, `drop database if exists "${name}" with (force)`)
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) return serverTemplate(project, serverUrl)
  const database = await openDatabase({ url: null })
  await database.migrate()
  const dump = await database.dump!()
  await database.close()
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-')), 'template.tar')
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return async () => fs.rm(path.dirname(file), { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    serverTemplate: string
  }
}
