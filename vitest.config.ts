import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // At least two files at a time: the API tests spend much of their time waiting on a database or a
    // child process, so a two-core machine still runs two of them well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/app/**/*.test.ts'] } },
      // The repository's own tooling: the lint rules and the document check, which must keep biting.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          // A guard against a hang, not a speed check: files run side by side, and some start servers and processes.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
