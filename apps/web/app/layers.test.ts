/**
 * The web app's layers in eslint.config.js (docs/decisions/0111-web-layers.md) fail `npm run lint` on what
 * they forbid: shared code (components, lib, api) importing a feature or a route, lib or api importing a
 * component, a feature importing a route or another feature. Each case is linted with the project's own
 * config at a path inside apps/web/app, importing a file that exists. So do the rules of one way to write
 * (docs/decisions/0112-typed-submissions.md): no write through the API outside a route's action, no untyped intent.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
// The probes are files no program holds, so the rules that need types are off for them: the layers'
// import rules checked here need none.
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: { ...tseslint.configs.disableTypeChecked, files: ['**/probe*'] } })

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/web/app', filePath) })
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`)
}

// The first lint loads the config and the resolver, which takes seconds on a busy machine.
describe('web layers', { timeout: 60_000 }, () => {
  it('refuses shared code importing a feature or a route', async () => {
    expect(await problems('lib/probe.ts', "import { OrderDetails } from '../features/orders/components/order-details'\nexport const d = OrderDetails\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Shared web code .* never imports a feature or a route/),
    ])
    expect(await problems('api/orders/probe.ts', "import { meta } from '../../routes/home'\nexport const m = meta\n")).toEqual([
      expect.stringMatching(/Shared web code .* never imports a feature or a route/),
    ])
    expect(await problems('components/probe.tsx', "import { CheckoutForm } from '../features/checkout/components/checkout-form'\nexport const f = CheckoutForm\n")).toEqual([
      expect.stringMatching(/Shared web code .* never imports a feature or a route/),
    ])
  })

  it('refuses lib importing a component, while a component may use lib', async () => {
    expect(await problems('lib/probe.ts', "import { TotalsTable } from '../components/totals-table'\nexport const t = TotalsTable\n")).toEqual([
      expect.stringMatching(/lib and api sit under the components/),
    ])
    expect(await problems('components/probe.ts', "import { pricedRows } from '../lib/totals-rows'\nexport const p = pricedRows\n")).toEqual([])
  })

  it('refuses a feature importing another feature or a route, and allows its own files and shared code', async () => {
    expect(await problems('features/orders/probe.ts', "import { CheckoutForm } from '../checkout/components/checkout-form'\nexport const f = CheckoutForm\n")).toEqual([
      expect.stringMatching(/The orders feature may not import another feature/),
    ])
    expect(await problems('features/orders/probe.ts', "import { meta } from '../../routes/home'\nexport const m = meta\n")).toEqual([
      expect.stringMatching(/Features are used by routes, never the other way round/),
    ])
    expect(
      await problems(
        'features/orders/probe.ts',
        "import { OrderDetails } from './components/order-details'\nimport { pricedRows } from '../../lib/totals-rows'\nexport const both = [OrderDetails, pricedRows]\n",
      ),
    ).toEqual([])
  })

  it("refuses a component or a feature importing an API call that writes, and allows its reads and the route's action", async () => {
    expect(await problems('features/orders/components/probe.tsx', "import { updateOrder } from '../../../api/orders/update-order'\nexport const u = updateOrder\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Components and features do not write/),
    ])
    expect(await problems('components/probe.tsx', "import { createReview } from '../api/reviews/create-review'\nexport const c = createReview\n")).toEqual([
      expect.stringMatching(/Components and features do not write/),
    ])
    expect(await problems('features/orders/components/probe.tsx', "import { listOrders } from '../../../api/orders/list-orders'\nexport const l = listOrders\n")).toEqual([])
    expect(await problems('routes/probe.tsx', "import { updateOrder } from '../api/orders/update-order'\nexport const u = updateOrder\n")).toEqual([])
  })

  it('refuses an action reading its submission by hand, and allows one parsed with a schema per intent', async () => {
    const byHand = (method: string) => `export async function clientAction({ request }: { request: Request }) {\n  return request.${method}()\n}\n`
    expect(await problems('routes/probe.tsx', byHand('json'))).toEqual([expect.stringMatching(/^no-restricted-syntax: .*parseSubmission/)])
    expect(await problems('features/orders/probe-actions.ts', byHand('formData'))).toEqual([expect.stringMatching(/parseSubmission/)])
    // A public page's post made before its scripts ran is a form's, read on the server.
    expect(await problems('features/orders/probe-form.server.ts', byHand('formData'))).toEqual([])
    expect(await problems('routes/probe.tsx', "import { parseSubmission } from '../lib/submission'\nexport const p = parseSubmission\n")).toEqual([])
  })
})
