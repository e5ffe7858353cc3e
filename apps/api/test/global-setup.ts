/**
 * Runs once before the API tests: migrates one PGlite database and saves its data directory, so each test
 * file starts its own fresh database from that copy instead of migrating again.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client'

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return
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
  }
}
