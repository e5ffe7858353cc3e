/**
 * The module rules of eslint.config.js (docs/decisions/0026-service-context.md) fail `npm run lint` on what
 * they forbid: an import cycle, Fastify in a service, a module importing one it may not or another
 * module's repository, the domain package or the layers under the context importing from above. Each case
 * is linted with the project's own config at a path inside apps/api/src; the cycle needs real files, so
 * two are written to a scratch folder there and removed afterwards.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../src/paths'

// The probes are files no program holds, so the rules that need types are off for them: the module map's
// import rules checked here need none.
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: { ...tseslint.configs.disableTypeChecked, files: ['**/probe*'] } })

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`)
}

describe('module rules', () => {
  const scratch = path.join(repoRoot, `apps/api/src/lib/lint-probe-${randomBytes(4).toString('hex')}`)
  afterAll(() => fs.rm(scratch, { recursive: true, force: true }))

  it('refuses an import cycle', async () => {
    await fs.mkdir(scratch)
    await fs.writeFile(path.join(scratch, 'a.ts'), "import { b } from './b'\nexport const a = () => b()\n")
    await fs.writeFile(path.join(scratch, 'b.ts'), "import { a } from './a'\nexport const b = (): unknown => a\n")
    const [result] = await eslint.lintFiles([path.join(scratch, 'a.ts')])
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle')
  })

  it('refuses Fastify outside routes and plugins, and allows it in a routes file', async () => {
    const code = "import type { FastifyRequest } from 'fastify'\nexport type Caller = FastifyRequest\n"
    expect(await problems('apps/api/src/modules/catalog/probe.service.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: 'fastify' import is restricted/),
    ])
    expect(await problems('apps/api/src/modules/catalog/probe.routes.ts', code)).toEqual([])
  })

  it('refuses orders importing payments, while payments may use orders through its services', async () => {
    expect(
      await problems('apps/api/src/modules/orders/probe.service.ts', "import { startTransaction } from '../payments/start-payment'\nexport const start = startTransaction\n"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*orders may not import payments/)])
    expect(await problems('apps/api/src/modules/payments/probe.service.ts', "import { lockOrder } from '../orders/order.service'\nexport const lock = lockOrder\n")).toEqual([])
  })

  it("refuses another module's repository, and staff importing shops", async () => {
    expect(
      await problems('apps/api/src/modules/payments/probe.service.ts', "import { findOrder } from '../orders/order.repository'\nexport const find = findOrder\n"),
    ).toEqual([expect.stringMatching(/payments uses orders through its services, not its repositories/)])
    expect(await problems('apps/api/src/modules/staff/probe.dto.ts', "import { toShopProfile } from '../shops/shop.dto'\nexport const map = toShopProfile\n")).toEqual([
      expect.stringMatching(/staff may not import shops/),
    ])
  })

  it('keeps the domain package and the layers under the context free of what sits above them', async () => {
    expect(await problems('packages/domain/src/probe.ts', "import { orderPayments } from '../../../apps/api/src/modules/payments/order-payments'\nexport const p = orderPayments\n")).toEqual([
      expect.stringMatching(/packages\/domain is pure/),
    ])
    expect(await problems('apps/api/src/lib/probe.ts', "import { findShop } from '../modules/shops/shop.service'\nexport const f = findShop\n")).toEqual([
      expect.stringMatching(/do not depend on modules/),
    ])
    expect(await problems('apps/api/src/modules/shops/probe.service.ts', "import { bearerToken } from '../../plugins/context'\nexport const t = bearerToken\n")).toEqual([
      expect.stringMatching(/through the context, not through plugins/),
    ])
  })
})
