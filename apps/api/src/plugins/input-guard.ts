/**
 * Text PostgreSQL cannot store never reaches it: a NUL character (a `text` value cannot hold U+0000) or a
 * lone UTF-16 surrogate (not Unicode, so not UTF-8) anywhere in a path parameter, a query value or key
 * (nested qs objects and arrays included), a parsed body's strings and keys (JSON and forms) or a header
 * answers 400 naming the field, for every route, before schema validation and before any handler runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { BadRequest, type FieldError } from '../lib/errors'

/** U+0000, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g')
const MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates'
/** Enough to name the problem; a body full of them needs no longer answer. */
const MAX_REPORTED = 20

export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text)
}

/** A key that is itself bad is named with its bad characters written as `\uXXXX`. */
const printable = (key: string) =>
  key.replace(UNSTORABLE_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

const join = (base: string, key: string) => (base ? `${base}.${key}` : key)

/** Parsed JSON, qs and form objects; never a stream (the web app's raw bodies) or any other instance. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  // Router params and form bodies are built on null prototypes; a class instance has its own constructor.
  const prototype = Object.getPrototypeOf(value) as { constructor?: unknown } | null
  return prototype === null || prototype.constructor === undefined || prototype.constructor === Object
}

/**
 * The paths of the strings and keys in `value` that cannot be stored. Walks with its own stack, so a deeply
 * nested body cannot overflow the call stack.
 */
export function unstorableTextPaths(value: unknown, basePath = ''): string[] {
  const found: string[] = []
  const stack: { value: unknown; path: string }[] = [{ value, path: basePath }]
  while (stack.length && found.length < MAX_REPORTED) {
    const item = stack.pop()!
    if (typeof item.value === 'string') {
      if (hasUnstorableText(item.value)) found.push(item.path)
    } else if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) stack.push({ value: item.value[i], path: join(item.path, String(i)) })
    } else if (isPlainObject(item.value)) {
      const entries = Object.entries(item.value)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!
        if (hasUnstorableText(key)) found.push(join(item.path, printable(key)))
        else stack.push({ value: child, path: join(item.path, key) })
      }
    }
  }
  return found.slice(0, MAX_REPORTED)
}

function check(request: FastifyRequest): void {
  const parts: [context: string, errors: string[]][] = [
    ['params', unstorableTextPaths(request.params)],
    ['query', unstorableTextPaths(request.query)],
    ['body', unstorableTextPaths(request.body)],
    ['headers', unstorableTextPaths(request.headers, 'headers')],
  ]
  const errors: FieldError[] = parts.flatMap(([, paths]) => paths.map((path) => ({ path: path || 'body', message: MESSAGE })))
  if (!errors.length) return
  const [context] = parts.find(([, paths]) => paths.length)!
  throw BadRequest(`Invalid ${context}: ${errors[0]!.path} ${MESSAGE}`, errors.slice(0, MAX_REPORTED))
}

export default fp(async function inputGuard(app: FastifyInstance) {
  // preValidation: after the body is parsed, before any route schema or handler looks at it. Registered at
  // the root, so it runs before every route's own preValidation hooks too.
  app.addHook('preValidation', async (request) => check(request))
})
