/**
 * Proof that a shop controls a custom domain (docs/architecture.md §3): a DNS TXT record at `_shoplet.{hostname}` holding
 * the domain's verification token, or a file at `http://{domain}/.well-known/shoplet/{token}` holding it.
 *
 * The HTTP check talks to the outside world on a shop owner's word, so it connects only to the public
 * addresses that DNS gives for the domain (never a private, loopback or otherwise reserved one), follows
 * redirects only on the same host name, gives up after a few seconds and reads at most a few bytes.
 */
import { Resolver } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import ipaddr from 'ipaddr.js'
import type { Config } from '../../config'

export const TXT_PREFIX = '_shoplet'
export const WELL_KNOWN_PATH = '/.well-known/shoplet/'

const DNS_TIMEOUT_MS = 3000
const HTTP_TIMEOUT_MS = 5000
const MAX_BODY_BYTES = 1024
const MAX_REDIRECTS = 3

type CheckConfig = Pick<Config, 'dnsServers' | 'domainCheckAllowLoopback'>

export type DomainCheckResult = { verified: true; method: 'dns' | 'http' } | { verified: false; error: string }

/** The host name of a domain as stored (`shop.example.com:8080` → `shop.example.com`). */
export function hostnameOf(domain: string): string {
  return domain.replace(/:\d+$/, '')
}

/** What the owner publishes: the TXT record, or the file, each holding the token. */
export function verificationInstructions(domain: string, token: string) {
  return {
    txtRecord: { name: `${TXT_PREFIX}.${hostnameOf(domain)}`, value: token },
    httpFile: { url: `http://${domain}${WELL_KNOWN_PATH}${token}`, content: token },
  }
}

function resolverFor(config: CheckConfig): Resolver {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 })
  if (config.dnsServers.length) resolver.setServers(config.dnsServers)
  return resolver
}

function dnsFailure(name: string, what: string, error: unknown): string {
  const code = (error as { code?: string }).code
  if (code === 'ENOTFOUND' || code === 'ENODATA') return `no ${what} at ${name}`
  if (code === 'ETIMEOUT') return `the DNS lookup of ${name} timed out`
  return `the DNS lookup of ${name} failed (${code ?? 'unknown error'})`
}

/** null when a TXT record at `_shoplet.{hostname}` holds the token, else why not. */
async function checkTxt(resolver: Resolver, domain: string, token: string): Promise<string | null> {
  const name = `${TXT_PREFIX}.${hostnameOf(domain)}`
  let records: string[][]
  try {
    records = await resolver.resolveTxt(name)
  } catch (error) {
    return dnsFailure(name, 'TXT record', error)
  }
  // A long TXT value arrives in chunks of up to 255 characters.
  if (records.some((chunks) => chunks.join('').trim() === token)) return null
  return `the TXT record at ${name} does not hold this domain's verification token`
}

/** Whether the HTTP check may connect to this address. */
export function isAllowedTarget(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false
  const range = ipaddr.process(address).range()
  return range === 'unicast' || (allowLoopback && range === 'loopback')
}

/** The addresses DNS gives for the host name that the check may connect to, or why there are none. */
async function targetAddresses(resolver: Resolver, hostname: string, allowLoopback: boolean): Promise<string[] | string> {
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)])
  const addresses = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])]
  if (addresses.length === 0) {
    const reason = v4.status === 'rejected' ? v4.reason : v6.status === 'rejected' ? v6.reason : undefined
    return dnsFailure(hostname, 'address (A or AAAA record)', reason ?? { code: 'ENODATA' })
  }
  const allowed = addresses.filter((address) => isAllowedTarget(address, allowLoopback))
  if (allowed.length === 0) return `${hostname} points only at private or reserved addresses (${addresses.join(', ')})`
  return allowed
}

type Fetched = { kind: 'body'; status: number; body: string } | { kind: 'redirect'; status: number; location: string | undefined }

class CheckFailure extends Error {}

/** One GET to `address` for `url`, with the URL's host in the Host header and TLS name. */
function fetchOnce(url: URL, address: string, signal: AbortSignal): Promise<Fetched> {
  const secure = url.protocol === 'https:'
  const options: https.RequestOptions = {
    host: address,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { host: url.host, accept: 'text/plain', 'user-agent': 'Shoplet-domain-check/1' },
    agent: false,
    ...(secure ? { servername: url.hostname } : {}),
  }
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(options, (response) => {
      const status = response.statusCode ?? 0
      if (status >= 300 && status < 400) {
        request.destroy()
        return resolve({ kind: 'redirect', status, location: response.headers.location })
      }
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_BODY_BYTES) {
          request.destroy()
          return reject(new CheckFailure(`${url.href} answered more than ${MAX_BODY_BYTES} bytes`))
        }
        chunks.push(chunk)
      })
      response.on('end', () => resolve({ kind: 'body', status, body: Buffer.concat(chunks).toString('utf8') }))
      response.on('close', () => {
        if (!response.complete) reject(new CheckFailure(`${url.href} closed the connection before the whole answer`))
      })
    })
    const abort = () => {
      request.destroy()
      reject(new CheckFailure(`${url.href} did not answer within ${HTTP_TIMEOUT_MS / 1000} seconds`))
    }
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    request.on('close', () => signal.removeEventListener('abort', abort))
    request.on('error', reject)
    request.end()
  })
}

function httpFailure(url: URL, error: unknown): string {
  if (error instanceof CheckFailure) return error.message
  const code = (error as { code?: string }).code
  return `${url.href} could not be reached (${code ?? 'connection failed'})`
}

/** null when the well-known file holds the token, else why not. */
async function checkHttp(resolver: Resolver, config: CheckConfig, domain: string, token: string): Promise<string | null> {
  const start = new URL(`http://${domain}${WELL_KNOWN_PATH}${token}`)
  const targets = await targetAddresses(resolver, start.hostname, config.domainCheckAllowLoopback)
  if (typeof targets === 'string') return targets
  const address = targets[0]!
  const signal = AbortSignal.timeout(HTTP_TIMEOUT_MS)
  let url = start
  for (let hop = 0; ; hop++) {
    let fetched: Fetched
    try {
      fetched = await fetchOnce(url, address, signal)
    } catch (error) {
      return httpFailure(url, error)
    }
    if (fetched.kind === 'body') {
      if (fetched.status !== 200) return `${url.href} answered ${fetched.status}`
      return fetched.body.trim() === token ? null : `the file at ${url.href} does not hold this domain's verification token`
    }
    if (hop >= MAX_REDIRECTS) return `${start.href} redirected more than ${MAX_REDIRECTS} times`
    let next: URL
    try {
      next = new URL(fetched.location ?? '', url)
    } catch {
      return `${url.href} answered ${fetched.status} with no usable Location`
    }
    if (!fetched.location || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
      return `${url.href} answered ${fetched.status} with no usable Location`
    }
    // The addresses were vetted for this host name only; another host is not followed.
    if (next.hostname !== start.hostname) return `${url.href} redirected to another host (${next.host})`
    url = next
  }
}

/** Runs both checks; verified when either proves control of the domain. */
export async function checkDomain(config: CheckConfig, domain: string, token: string): Promise<DomainCheckResult> {
  const resolver = resolverFor(config)
  try {
    const [txt, file] = await Promise.all([checkTxt(resolver, domain, token), checkHttp(resolver, config, domain, token)])
    if (txt === null) return { verified: true, method: 'dns' }
    if (file === null) return { verified: true, method: 'http' }
    return { verified: false, error: `DNS: ${txt}. HTTP: ${file}.` }
  } finally {
    resolver.cancel()
  }
}
