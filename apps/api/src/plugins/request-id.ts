/**
 * Request ids (docs/decisions/0103-request-ids.md): every answer carries `x-request-id`, every log line of
 * the request its `reqId`, and a 5xx's body its `requestId`. The id a proxy in front gave the request is
 * kept when that proxy is trusted (TRUST_PROXY) and the id is a short plain token; any other request gets
 * a new one. The web pages' calls to the API in the same process carry their page's id.
 *
 * The id is made by `requestIdGenerator`, Fastify's `genReqId` (app.ts); this plugin puts it on the answer.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { TrustProxy } from '../config'

export const REQUEST_ID_HEADER = 'x-request-id'

/** What a proxy's id may be: short, and nothing that could break a log line or a header. */
const SANE_ID = /^[\w.:@/+=-]{1,128}$/

/** Marks an in-process call (ssr.ts) whose id is its page's: unknown outside this process. */
const IN_PROCESS_HEADER = 'x-in-process-call'
const inProcessSecret = randomBytes(16).toString('hex')

/**
 * TRUST_PROXY as a proxy-addr trust function `(address, hop) => boolean`, the one Fastify takes: a hop
 * count trusts the nearest `hops` addresses of the chain (the socket's first); a list, its addresses and
 * CIDRs; false, nobody.
 */
export function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false
  if (typeof trust === 'number') return (_address, hop) => hop < trust
  return proxyAddr.compile(trust)
}

/** Fastify's `genReqId`: the trusted proxy's id, or a new one. */
export function requestIdGenerator(trust: TrustProxy): (raw: IncomingMessage) => string {
  const trusted = trustFunction(trust)
  return (raw) => {
    const given = raw.headers[REQUEST_ID_HEADER]
    if (typeof given === 'string' && SANE_ID.test(given)) {
      const peer = raw.socket.remoteAddress
      if (raw.headers[IN_PROCESS_HEADER] === inProcessSecret || (peer !== undefined && trusted(peer, 0))) return given
    }
    return randomUUID()
  }
}

/** The headers that make an in-process API call (a page's loader) carry its page's request id. */
export function inProcessRequestHeaders(requestId: string): Record<string, string> {
  return { [REQUEST_ID_HEADER]: requestId, [IN_PROCESS_HEADER]: inProcessSecret }
}

export default fp(async function requestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
})
