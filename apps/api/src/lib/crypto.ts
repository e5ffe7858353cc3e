import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>

// scrypt parameters: N=2^15, r=8, p=1 (≈ 32 MiB, tens of milliseconds), per OWASP's recommendation.
const N = 1 << 15
const r = 8
const p = 1
const keyLength = 32
const maxmem = 64 * 1024 * 1024

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem })
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem,
  })
  return timingSafeEqual(actual, expected)
}

/** A hash to compare against when the email is unknown, so both paths cost the same time. */
export const decoyPasswordHash = await hashPassword(randomBytes(12).toString('hex'))

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/**
 * Whether `secret` is the one whose sha256 is `storedHash`, compared in constant time. A missing secret or
 * hash never matches.
 */
export function secretMatches(secret: string | undefined, storedHash: string | null | undefined): boolean {
  if (!secret || !storedHash) return false
  const given = Buffer.from(sha256(secret), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}
