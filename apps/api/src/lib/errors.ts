/**
 * Errors in the Feathers shape: `{name, message, code, className, errors?}`.
 * Throw these anywhere; the error handler turns them (and Fastify's own errors) into responses.
 */
import type { FieldError } from '@shop/domain/schemas/wire'

export type { FieldError }

export class HttpError extends Error {
  constructor(
    override readonly name: string,
    readonly code: number,
    readonly className: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message)
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      className: this.className,
      ...(this.errors?.length ? { errors: this.errors } : {}),
    }
  }
}

export const BadRequest = (message: string, errors?: FieldError[]) =>
  new HttpError('BadRequest', 400, 'bad-request', message, errors)
export const NotAuthenticated = (message = 'Not authenticated') =>
  new HttpError('NotAuthenticated', 401, 'not-authenticated', message)
export const Forbidden = (message = 'You do not have permission to do this') =>
  new HttpError('Forbidden', 403, 'forbidden', message)
export const NotFound = (message = 'Not found', errors?: FieldError[]) =>
  new HttpError('NotFound', 404, 'not-found', message, errors)
export const Conflict = (message: string, errors?: FieldError[]) =>
  new HttpError('Conflict', 409, 'conflict', message, errors)
/** Not one of Feathers' own classes; named the same way for the statuses Fastify and Node produce. */
export const PayloadTooLarge = (message = 'Request body is too large') =>
  new HttpError('PayloadTooLarge', 413, 'payload-too-large', message)
export const Unprocessable = (message: string, errors?: FieldError[]) =>
  new HttpError('Unprocessable', 422, 'unprocessable', message, errors)
export const TooManyRequests = (message = 'Too many requests, please try again later', errors?: FieldError[]) =>
  new HttpError('TooManyRequests', 429, 'too-many-requests', message, errors)
export const RequestHeaderFieldsTooLarge = (message = 'Request headers are too large') =>
  new HttpError('RequestHeaderFieldsTooLarge', 431, 'request-header-fields-too-large', message)
export const Timeout = (message = 'The request took too long to arrive') => new HttpError('Timeout', 408, 'timeout', message)
export const GeneralError = (message = 'Something went wrong') =>
  new HttpError('GeneralError', 500, 'general-error', message)
export const Unavailable = (message = 'The server is shutting down') =>
  new HttpError('Unavailable', 503, 'unavailable', message)

/** A body that breaks a rule the schema cannot say: a 400 naming the first field, listing them all. */
export function invalidBody(errors: FieldError[]): never {
  const first = errors[0]!
  throw BadRequest(`Invalid body: ${first.path} ${first.message}`, errors)
}

/** A query parameter that breaks a rule the schema cannot say. */
export function invalidQuery(path: string, message: string): never {
  throw BadRequest(`Invalid query: ${path} ${message}`, [{ path, message }])
}

/** PostgreSQL unique_violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown } | null | undefined)?.cause ?? error
  const pgError = e as { code?: string; constraint?: string; message?: string } | null | undefined
  if (pgError?.code !== '23505') return false
  return !constraint || pgError.constraint === constraint || !!pgError.message?.includes(constraint)
}

/** A CHECK constraint refused the row (23514), optionally a given one. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown } | null | undefined)?.cause ?? error
  const pgError = e as { code?: string; constraint?: string; message?: string } | null | undefined
  if (pgError?.code !== '23514') return false
  return !constraint || pgError.constraint === constraint || !!pgError.message?.includes(constraint)
}

/** A write to a shop the platform has suspended (decision 98): its staff may still read and export. */
export const ShopSuspended = (message = 'This shop is suspended by the platform: it can be read and exported, not changed') =>
  new HttpError('Locked', 423, 'shop-suspended', message)
