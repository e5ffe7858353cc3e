/**
 * Accounts and login (DESIGN §5): passwords hashed with scrypt, one-time login codes handed back to the
 * shop that asked, and revocable access tokens. Codes and tokens are random and stored only as hashes.
 */
import type { Db } from '../../db/client'
import { decoyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto'
import { BadRequest, Conflict, NotAuthenticated, isUniqueViolation } from '../../lib/errors'
import { consumeLoginCode, deleteExpiredLoginCodes, insertLoginCode } from './login-code.repository'
import { insertAccessToken } from './token.repository'
import { type UserRow, findUserByEmail, insertUser } from './user.repository'

export const LOGIN_CODE_TTL_MS = 2 * 60 * 1000
export const ACCESS_TOKEN_TTL_S = 30 * 24 * 60 * 60
export const WRONG_CREDENTIALS = 'Wrong email or password'

/** Same message and same work whether the email is unknown or the password wrong. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email)
  const ok = await verifyPassword(password, user?.passwordHash ?? decoyPasswordHash)
  if (!user || !ok) throw NotAuthenticated(WRONG_CREDENTIALS)
  return user
}

export async function createAccount(db: Db, input: { email: string; password: string; name: string }): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) {
    throw Conflict('An account with this email already exists. Sign in instead.', [{ path: 'email', message: 'is taken' }])
  }
  try {
    return await insertUser(db, { email: input.email, name: input.name, passwordHash: await hashPassword(input.password) })
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict('An account with this email already exists. Sign in instead.')
    throw error
  }
}

/** Issues a single-use code for `redir` (an already validated origin). */
export async function issueLoginCode(db: Db, userId: string, redir: string): Promise<string> {
  const code = randomToken()
  const now = Date.now()
  await deleteExpiredLoginCodes(db, new Date(now - LOGIN_CODE_TTL_MS))
  await insertLoginCode(db, { userId, redir, codeHash: sha256(code), expiresAt: new Date(now + LOGIN_CODE_TTL_MS) })
  return code
}

export type TokenData = { access_token: string; token_type: 'Bearer'; expires_in: number }

export async function issueAccessToken(db: Db, userId: string): Promise<TokenData> {
  const token = randomToken()
  await insertAccessToken(db, userId, sha256(token), new Date(Date.now() + ACCESS_TOKEN_TTL_S * 1000))
  return { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S }
}

/**
 * Exchanges a login code for a token. A browser sends its Origin: it must be the origin the code was
 * issued for, so a code leaked to another site is worthless there.
 */
export async function exchangeLoginCode(db: Db, code: string, origin: string | undefined): Promise<TokenData> {
  const found = await consumeLoginCode(db, sha256(code))
  if (!found) throw BadRequest('This login code is invalid, used or expired. Please log in again.', [{ path: 'code', message: 'is invalid or expired' }])
  if (origin && origin !== found.redir) throw BadRequest('This login code was issued for another site', [{ path: 'code', message: 'was issued for another site' }])
  return issueAccessToken(db, found.userId)
}
