/**
 * Form validation with the API's own request schemas (TypeBox, from `@shop/domain`): the browser checks a
 * form with the schema the server will check it with, and both name problems by the same field path
 * (`variants.0.features`), so a message lands at the field whichever side found it.
 */
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import type { FieldErrors } from './field-errors'

export { type FieldErrors, hasErrors, serverFieldErrors } from './field-errors'

type Issue = { keyword: string; instancePath: string; params: Record<string, unknown>; message: string }

const plural = (count: unknown, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** A sentence a shop owner understands, from a JSON-schema keyword. */
function describe(issue: Issue, schema: TSchema | undefined): string {
  const { keyword, params } = issue
  const description = (schema as { description?: string } | undefined)?.description
  switch (keyword) {
    case 'required':
      return 'This field is required'
    case 'minLength':
      return params.limit === 1 ? 'This field is required' : `Use at least ${plural(params.limit, 'character')}`
    case 'maxLength':
      return `Use at most ${plural(params.limit, 'character')}`
    case 'minimum':
      return `Must be at least ${params.limit}`
    case 'maximum':
      return `Must be at most ${params.limit}`
    case 'exclusiveMinimum':
      return `Must be more than ${params.limit}`
    case 'exclusiveMaximum':
      return `Must be less than ${params.limit}`
    case 'minItems':
      return `Add at least ${params.limit}`
    case 'maxItems':
      return `Add at most ${params.limit}`
    case 'minProperties':
      return 'Add at least one'
    case 'maxProperties':
      return `Add at most ${params.limit}`
    case 'format':
      if (params.format === 'email') return 'Enter a valid email address'
      if (params.format === 'uri') return 'Enter a full web address (https://…)'
      return description ?? 'This value is not valid'
    case 'pattern':
      return description ? `Use ${description}` : 'This value is not valid'
    case 'type':
      if (params.type === 'integer') return 'Enter a whole number'
      return params.type === 'number' ? 'Enter a number' : 'This value is not valid'
    case 'multipleOf':
      return `Must be a multiple of ${params.multipleOf}`
    default:
      return description ?? 'This value is not valid'
  }
}

/** The sub-schema at a JSON pointer like `#/properties/title`, for its description. */
function schemaAt(root: TSchema, pointer: string): TSchema | undefined {
  let node: unknown = root
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return node as TSchema | undefined
}

const toPath = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.')

/**
 * Checks `value` against `schema`; an empty object means valid. A missing property is reported at the
 * property itself, so its field shows the message.
 */
export function validate(schema: TSchema, value: unknown): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of Value.Errors(schema, value) as Issue[]) {
    // additionalProperties comes twice (once per extra key as `schema is false`); unions repeat their branches.
    if (issue.keyword === 'boolean' || issue.keyword === 'anyOf' || issue.keyword === 'oneOf') continue
    const missing = issue.keyword === 'required' ? (issue.params.requiredProperties as string[] | undefined) : undefined
    const paths = missing?.length
      ? missing.map((name) => [toPath(issue.instancePath), name].filter(Boolean).join('.'))
      : [toPath(issue.instancePath) || 'form']
    for (const path of paths) errors[path] ??= describe(issue, schemaAt(schema, (issue as { schemaPath?: string }).schemaPath ?? ''))
  }
  return errors
}
