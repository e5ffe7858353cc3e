/**
 * Paths the server needs at run time. This module sits at the top of `src/` and the bundle is
 * `dist/server.js`, so `import.meta.dirname/..` is the api package in both.
 */
import path from 'node:path'

export const apiRoot = path.resolve(import.meta.dirname, '..')
export const repoRoot = path.resolve(apiRoot, '../..')
export const migrationsFolder = path.join(apiRoot, 'drizzle')
