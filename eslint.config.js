import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const api = 'apps/api/src'

/**
 * Which API module may import which (docs/decisions/0026-service-context.md). A module imports only the
 * modules listed for it, and from them never a repository or a routes file: their services, DTOs,
 * schemas and helpers are their public face. Anything not listed here is refused, so a new arrow is a
 * decision made in this file and the ADR, never an accident.
 */
export const moduleDependencies = {
  notifications: [],
  messages: [],
  uploads: [],
  delivery: [],
  discounts: [],
  staff: ['notifications', 'messages'],
  shops: ['staff', 'uploads'],
  auth: ['shops', 'messages'],
  catalog: ['shops', 'uploads', 'messages'],
  analytics: ['shops'],
  reviews: ['notifications'],
  orders: ['catalog', 'delivery', 'discounts', 'notifications', 'messages'],
  payments: ['orders', 'shops', 'notifications', 'messages'],
  customers: ['orders'],
  platform: [],
}

const moduleZones = Object.entries(moduleDependencies).flatMap(([name, allowed]) =>
  Object.keys(moduleDependencies)
    .filter((other) => other !== name)
    .flatMap((other) =>
      allowed.includes(other)
        ? [
            {
              target: `./${api}/modules/${name}`,
              from: [`./${api}/modules/${other}/**/*.repository.ts`, `./${api}/modules/${other}/**/*.routes.ts`],
              message: `${name} uses ${other} through its services, not its repositories or routes.`,
            },
          ]
        : [
            {
              target: `./${api}/modules/${name}`,
              from: `./${api}/modules/${other}`,
              message: `${name} may not import ${other} (see moduleDependencies in eslint.config.js and docs/decisions/0026).`,
            },
          ],
    ),
)

/** What the context and the layers under it stand on: never the modules, plugins, seed or web adapter above them. */
const groundZones = [`${api}/lib`, `${api}/db`, `${api}/config.ts`, `${api}/paths.ts`, `${api}/actor.ts`, `${api}/actor.repository.ts`, `${api}/context.ts`].map(
  (target) => ({
    target: `./${target}`,
    from: [`./${api}/modules`, `./${api}/plugins`, `./${api}/workers`, `./${api}/seed`, `./${api}/web`, `./${api}/app.ts`, `./${api}/server.ts`],
    message: 'The context and the layers under it do not depend on modules, plugins, workers, the seed or the app.',
  }),
)

const web = 'apps/web/app'

/** The web app's features: each is a folder under app/features, and none may import another. */
const webFeatures = readdirSync(new URL(`./${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * The web app's layers (docs/decisions/0111-web-layers.md): shared code (`components`, `lib`, `api`) →
 * `features` → `routes`, never back; a feature never imports another feature, so a part two features need
 * moves down into the shared layer.
 */
export const webZones = [
  ...[`${web}/components`, `${web}/lib`, `${web}/api`].map((target) => ({
    target: `./${target}`,
    from: [`./${web}/features`, `./${web}/routes`, `./${web}/root.tsx`, `./${web}/routes.ts`, `./${web}/entry.server.tsx`, `./${web}/entry.client.tsx`],
    message: 'Shared web code (components, lib, api) never imports a feature or a route: move the part it needs down.',
  })),
  ...[`${web}/lib`, `${web}/api`].map((target) => ({
    target: `./${target}`,
    from: `./${web}/components`,
    message: 'lib and api sit under the components: a type both need lives in lib.',
  })),
  {
    target: `./${web}/features`,
    from: [`./${web}/routes`, `./${web}/root.tsx`, `./${web}/routes.ts`],
    message: 'Features are used by routes, never the other way round.',
  },
  ...webFeatures.map((name) => ({
    target: `./${web}/features/${name}`,
    from: `./${web}/features`,
    except: [`./${name}`],
    message: `The ${name} feature may not import another feature: move the shared part into components, lib or api.`,
  })),
]

/**
 * One way to write from the web (docs/decisions/0112-typed-submissions.md): a form submits to its route's
 * clientAction, which parses the submission with one schema per intent (lib/submission.ts). So a component
 * or a feature never imports an API call that writes (named for what it does: create-, update-, delete-,
 * set-, send-, place-, …), and no action reads a submission by hand (`request.json()`, `request.formData()`):
 * parseSubmission reads it, with its intent's schema. A route's action may
 * live in its feature as an action module (`*-action.ts`, `*-actions.ts`, `*-intents.ts`) or, for a
 * public page's server action, `*.server.ts`.
 */
const webWriteCalls = ['create', 'update', 'delete', 'set', 'send', 'resend', 'place', 'edit', 'move', 'pay', 'restore', 'suspend', 'import', 'record', 'retry', 'resolve', 'revoke']
  .map((verb) => `**/api/*/${verb}-*`)
  .concat('**/api/promotions/promotions')
  // Counting a visit is the page measuring itself, not a form's write.
  .concat('!**/api/analytics/*')
/** A body read by hand is untyped: only a public page's no-script post (`*.server.ts`) reads its form data. */
const untypedSubmission = ['json', 'formData', 'text'].map((method) => ({
  selector: `CallExpression[callee.object.name='request'][callee.property.name='${method}']`,
  message: 'Parse the submission with one schema per intent: parseSubmission (lib/submission.ts).',
}))
const webActionModules = [`${web}/features/**/*-action.ts`, `${web}/features/**/*-actions.ts`, `${web}/features/**/*-intents.ts`, `${web}/**/*.server.ts`]

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/.react-router/**', 'data/**', 'tmp/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // --- Type-aware rules (docs/decisions/0110): every TypeScript file is linted with the types of the tsconfig.json
  // nearest to it. A chosen set rather than `recommendedTypeChecked`, whose no-unsafe-* rules flag every read of an
  // untyped test response; these are the rules that catch a lost promise, an unhandled case or a dead branch.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's test() and describe() return promises the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Not yet in apps/web, whose forms and routes are being reworked (issue 31, items 1 and 2): 10 conditions
    // and 11 assertions to settle there, and the loaders' thrown Responses to allow by name.
    files: ['**/*.{ts,tsx}'],
    ignores: ['apps/web/**'],
    rules: {
      '@typescript-eslint/no-unnecessary-condition': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  // --- end type-aware rules ---
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },

  // ---------------------------------------------------------------- module boundaries (API and domain)
  {
    files: [`${api}/**/*.ts`, 'packages/domain/src/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, dependencies written in TypeScript are not parsed and no cycle through them is seen.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/api/tsconfig.json', 'packages/domain/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      // Type-only imports are erased, so they never make a cycle at run time; the zones below still see them.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/domain', from: './apps', message: 'packages/domain is pure: it imports nothing from the apps.' },
            ...groundZones,
            {
              target: `./${api}/modules/**/!(*.routes).ts`,
              from: `./${api}/plugins`,
              message: 'Services reach cross-cutting things through the context, not through plugins.',
            },
            {
              target: `./${api}/modules`,
              from: [`./${api}/workers`, `./${api}/seed`, `./${api}/web`, `./${api}/app.ts`, `./${api}/server.ts`],
              message: 'Modules are used by the workers, the seed and the app, never the other way round.',
            },
            ...moduleZones,
          ],
        },
      ],
    },
  },
  {
    // HTTP stays at the edge: only routes, plugins, the web adapter, app.ts and server.ts know Fastify.
    files: [`${api}/**/*.ts`, 'packages/domain/src/**/*.ts', 'scripts/**/*.ts'],
    ignores: [`${api}/**/*.routes.ts`, `${api}/plugins/**`, `${api}/web/**`, `${api}/app.ts`, `${api}/server.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: 'Services take a ServiceContext (src/context.ts); only routes and plugins use Fastify.' },
            { name: 'fastify-plugin', message: 'Plugins live in src/plugins.' },
          ],
          patterns: [{ group: ['@fastify/*'], message: 'Fastify plugins belong to routes and src/plugins.' }],
        },
      ],
    },
  },
  // ---------------------------------------------------------------- API tests (decision 0118)
  {
    // A test reads an answer with the type of the schema its route declares (packages/domain/src/schemas), so a
    // change to the schema breaks the test's types; a shape written out by hand would drift from it unnoticed.
    // A test that reads what no schema declares (a fake's echo, a raw document) says why and disables this there.
    files: ['apps/api/test/**/*.ts', `${api}/**/*.test.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'TSTypeAliasDeclaration[id.name=/(Answer|Response|Body)$/] > TSTypeLiteral',
          "TSTypeAliasDeclaration > TSTypeLiteral > TSPropertySignature[key.name='_id']",
          "CallExpression[callee.property.name='json'] > TSTypeParameterInstantiation TSTypeLiteral:not(TSTypeLiteral TSTypeLiteral)",
          "CallExpression[callee.name='call'] > TSTypeParameterInstantiation TSTypeLiteral:not(TSTypeLiteral TSTypeLiteral)",
          "TSAsExpression[expression.callee.property.name='json'] > TSTypeLiteral",
          "TSAsExpression[expression.argument.callee.property.name='json'] > TSTypeLiteral",
        ].map((selector) => ({
          selector,
          message: "An API answer or body is the domain's type (Static<typeof Schema> from packages/domain/src/schemas), not a shape written by hand.",
        })),
      ],
    },
  },
  // ---------------------------------------------------------------- web layers (apps/web)
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/web/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
    },
  },
  {
    files: [`${web}/routes/**/*.{ts,tsx}`, ...webActionModules],
    ignores: [`${web}/**/*.server.ts`, `${web}/**/*.test.ts`],
    rules: {
      'no-restricted-syntax': ['error', ...untypedSubmission],
    },
  },
  {
    files: [`${web}/features/**/*.{ts,tsx}`, `${web}/components/**/*.{ts,tsx}`],
    ignores: webActionModules,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: webWriteCalls, message: "Components and features do not write: submit to the route's clientAction with an intent." }],
        },
      ],
    },
  },
  // --- React hooks (apps/web): the recommended rules, exhaustive-deps included. ---
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  // --- end React hooks ---
)
