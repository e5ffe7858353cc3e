import type { IncomingHttpHeaders } from 'node:http'
import ipaddr from 'ipaddr.js'

/**
 * Whether a request came from this machine itself: a loopback connection (`peer`, the socket's address)
 * that no proxy forwarded. The socket decides, never a forwarded header; a proxy on this machine makes
 * every client's connection a loopback one, so anything it forwarded (X-Forwarded-For, Forwarded) is
 * somebody else's.
 */
export function fromThisMachine(peer: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (!peer || !ipaddr.isValid(peer) || ipaddr.process(peer).range() !== 'loopback') return false
  return headers['x-forwarded-for'] === undefined && headers.forwarded === undefined
}
