/**
 * Writes the API's OpenAPI document: the same one the server answers at /api/docs/openapi.json, built from
 * the route schemas on an empty in-memory database, so it needs no server and no data.
 *
 *   npx tsx scripts/openapi.ts [file]     (without a file, it prints the document)
 *
 * `npm run lint:openapi` writes it and checks it with Redocly's recommended rules (redocly.yaml).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../apps/api/src/app'
import { loadConfig } from '../apps/api/src/config'
import { openDatabase } from '../apps/api/src/db/client'

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-openapi-'))
  const config = loadConfig(
    { ...process.env, DATA_DIR: dataDir, WEB_BUILD_DIR: 'off', UNPAID_ORDER_SWEEP_SECONDS: '0' },
    { databaseUrl: null },
  )
  const database = await openDatabase({ url: null })
  const app = await buildApp({ config, database, logger: false })
  try {
    await app.ready()
    const document = `${JSON.stringify(app.swagger(), null, 2)}\n`
    const file = process.argv[2]
    if (!file) return void process.stdout.write(document)
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
    fs.writeFileSync(file, document)
  } finally {
    await app.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
