/**
 * Migrates (under a lock every process takes), seeds the demo shop on an empty database when asked, and
 * says what start-up should tell the operator: whether it seeded, and which demo accounts still open with
 * the published password.
 */
import type { Config } from './config'
import { openDatabase } from './db/client'
import { openStorage } from './lib/open-storage'
import { demoAccountsWithKnownPassword, seedDemoIfEmpty } from './seed/demo'

export type Prepared = { seeded: boolean; demoAccounts: string[] }

export async function prepareDatabase(config: Config): Promise<Prepared> {
  // The same connection settings as the workers': behind a transaction pooler no startup parameters.
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMode: config.databasePoolMode })
  try {
    await database.migrate()
    const seeded = config.seedDemo && (await seedDemoIfEmpty({ database, config, storage: await openStorage(config) }))
    return { seeded, demoAccounts: await demoAccountsWithKnownPassword(database.db) }
  } finally {
    await database.close()
  }
}
