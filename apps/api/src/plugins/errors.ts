/**
 * Turns every failure into the Feathers error shape. Validation problems name the field paths; nothing
 * internal (stack, SQL) ever reaches a response; unknown failures become a logged 500.
 */
import http, { type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  BadRequest,
  GeneralError,
  HttpError,
  NotFound,
  PayloadTooLarge,
  RequestHeaderFieldsTooLarge,
  Timeout,
  TooManyRequests,
} from '../lib/errors'

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown>; keyword?: string }

function issuePath(context: string | undefined, issue: ValidationIssue): string {
  const base = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
  const extra =
    (issue.params?.additionalProperty as string | undefined) ?? (issue.params?.missingProperty as string | undefined)
  const full = [base, extra].filter(Boolean).join('.')
  return full || (context === 'body' ? 'body' : context ?? '')
}

function issueMessage(issue: ValidationIssue): string {
  if (issue.keyword === 'additionalProperties') return 'is not allowed'
  if (issue.keyword === 'required') return 'is required'
  return issue.message ?? 'is invalid'
}

export function toHttpError(error: FastifyError): HttpError {
  if (error instanceof HttpError) return error
  if (error.validation) {
    const errors = (error.validation as ValidationIssue[]).map((issue) => ({
      path: issuePath(error.validationContext, issue),
      message: issueMessage(issue),
    }))
    const first = errors[0]
    return BadRequest(first ? `Invalid ${error.validationContext ?? 'request'}: ${first.path} ${first.message}` : 'Invalid request', errors)
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return PayloadTooLarge()
    case 'FST_REQ_FILE_TOO_LARGE':
      return PayloadTooLarge('The file is too large')
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return PayloadTooLarge('Too many parts in the request body')
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return BadRequest('Request body is not valid JSON')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return BadRequest('Unsupported request content type')
  }
  if (error.statusCode === 413) return PayloadTooLarge()
  if (error.statusCode === 429) return TooManyRequests()
  if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    if (error.statusCode === 404) return NotFound()
    return BadRequest('Invalid request')
  }
  return GeneralError()
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers past the size limit, a malformed
 * request line, a request that arrives too slowly) get a real HTTP response in the error shape, then the
 * connection closes. Passed to Fastify as its `clientErrorHandler`.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection is gone: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const httpError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? RequestHeaderFieldsTooLarge()
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? Timeout()
        : BadRequest('The request could not be read')
  this.log.debug({ err: error }, 'client error')
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const body = JSON.stringify(httpError.toJSON())
  socket.end(
    `HTTP/1.1 ${httpError.code} ${http.STATUS_CODES[httpError.code]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  )
}

/** How much of a refused body is read and dropped, and for how long, before the answer goes out. */
export const DRAIN_BYTES = 16 * 1024 * 1024
const DRAIN_MS = 15_000

/**
 * Reads and drops what is left of a request's body, up to `DRAIN_BYTES` or `DRAIN_MS`. A client sends its
 * whole body before it reads the answer: closing the connection on a body still arriving (as Node does
 * once an answer to an unread body is sent) resets it under the client, which then never reads the 413.
 */
function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    let seen = 0
    const done = () => {
      clearTimeout(timer)
      raw.off('data', onData).off('end', done).off('error', done).off('close', done)
      resolve()
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > DRAIN_BYTES) done()
    }
    const timer = setTimeout(done, DRAIN_MS)
    raw.on('data', onData).once('end', done).once('error', done).once('close', done)
    raw.resume()
  })
}

/**
 * An error's body; a server's failure (5xx) names the request's id (`requestId`), which its log lines carry
 * as `reqId`, so the answer a merchant sees leads to what the server logged.
 */
export function errorBody(error: HttpError, requestId: string) {
  return error.code >= 500 ? { ...error.toJSON(), requestId } : error.toJSON()
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const httpError = toHttpError(error)
    if (httpError.code >= 500) request.log.error({ err: error }, 'request failed')
    if (httpError.code === 413) await drainBody(request.raw)
    return reply.status(httpError.code).type('application/json').send(errorBody(httpError, request.id))
  })
})
