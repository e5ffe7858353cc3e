/**
 * A stand-in for the web app's build (`apps/web/build`) for API tests of the server's rendering: a folder
 * with `server/index.js` of the given source (exporting `createHandler`, as apps/web/server/index.ts does)
 * and an empty `client/`. Removed after the file's tests.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

export function fakeWebBuild(serverSource: string): string {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-build-'))
  fs.mkdirSync(path.join(buildDir, 'server'))
  fs.mkdirSync(path.join(buildDir, 'client'))
  fs.writeFileSync(path.join(buildDir, 'package.json'), '{"type":"module"}')
  fs.writeFileSync(path.join(buildDir, 'server', 'index.js'), serverSource)
  afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }))
  return buildDir
}
