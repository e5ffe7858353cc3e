/**
 * The pieces every API call shares on the wire: ids, dates, money, the error document and the list page.
 * Route schemas are built from them, the OpenAPI document shows them, and the web derives its types from
 * them with `import type` (TypeBox itself never reaches the browser through these).
 */
import { type Static, type TSchema, Type } from 'typebox'

export const Uuid = Type.String({ format: 'uuid' })
export const IsoDate = Type.String({ format: 'date-time' })
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false })
export type IdParams = Static<typeof IdParams>

/** An amount in major units of its currency (`{value: 12.5, currency: 'GHS'}`). */
export const Money = Type.Object({ value: Type.Number(), currency: Type.String() })
export type Money = Static<typeof Money>

export const FieldError = Type.Object({ path: Type.String(), message: Type.String() })
export type FieldError = Static<typeof FieldError>

/** Every error the API answers: Feathers' `{name, message, code, className, errors?}`. */
export const ErrorDocument = Type.Object(
  {
    name: Type.String(),
    message: Type.String(),
    code: Type.Integer(),
    className: Type.String(),
    errors: Type.Optional(Type.Array(FieldError)),
    /** A server's failure (5xx) names its request: the `x-request-id` its log lines carry. */
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'Error' },
)
export type ErrorDocument = Static<typeof ErrorDocument>

const errorNames: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large',
  422: 'Unprocessable',
  429: 'Too many requests',
}

/** One error response of a route schema, `{$ref: 'Error#', description}`: for a status with its own wording. */
export const errorResponse = (description: string) => Type.Ref('Error#', { description })

/** `{400: {$ref: 'Error#'}, …}` for the listed statuses: the response part of a route schema. */
export function errorResponses<const Code extends number>(...codes: Code[]): Record<Code, TSchema> {
  const responses = {} as Record<Code, TSchema>
  for (const code of codes) responses[code] = errorResponse(errorNames[code] ?? 'Error')
  return responses
}

/** A Feathers list page: `{total, limit, skip, data}`. */
export const Page = <Item extends TSchema>(item: Item) =>
  Type.Object({ total: Type.Integer(), limit: Type.Integer(), skip: Type.Integer(), data: Type.Array(item) })
export type Page<T> = { total: number; limit: number; skip: number; data: T[] }
