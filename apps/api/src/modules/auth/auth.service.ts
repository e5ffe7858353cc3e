/**
 * Accounts and login (DESIGN §5): passwords hashed with scrypt, one-time login codes handed back to the
 * shop that asked, and revocable access tokens. Codes and tokens are random and stored only as hashes.
 */
import type { Db } from '../../db/client'
import { decoyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto'
import { BadRequest, Conflict, NotAuthenticated, isUniqueViolation } from '../../lib/errors'
import type { UserPatch } from './auth.schemas'
import { consumeLoginCode, deleteExpiredLoginCodes, insertLoginCode } from './login-code.repository'
import { insertAccessToken, revokeOtherTokens } from './token.repository'
import { type UserRow, findUserByEmail, findUserById, insertUser, updateUser } from './user.repository'

export const LOGIN_CODE_TTL_MS = 2 * 60 * 1000
export const ACCESS_TOKEN_TTL_S = 30 * 24 * 60 * 60
export const WRONG_CREDENTIALS = 'Wrong email or password'

/** Runs a password check for an address under the login limits (login-limits.ts `guardPassword`). */
export type PasswordGuard = <T>(email: string, check: () => Promise<T | null>) => Promise<T | null>

/** The account these credentials open, or null; the same work whether the email is unknown or the password wrong. */
async function findByCredentials(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email)
  const ok = await verifyPassword(password, user?.passwordHash ?? decoyPasswordHash)
  return user && ok ? user : null
}

/** The account, or 401 with the same message whether the email is unknown or the password wrong. */
export async function checkCredentials(db: Db, email: string, password: string, guard: PasswordGuard): Promise<UserRow> {
  const user = await guard(email, () => findByCredentials(db, email, password))
  if (!user) throw NotAuthenticated(WRONG_CREDENTIALS)
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

/** A token for every shop (`shopId` null) or for one shop's site only. */
export async function issueAccessToken(db: Db, userId: string, shopId: string | null): Promise<TokenData> {
  const token = randomToken()
  await insertAccessToken(db, { userId, shopId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_S * 1000) })
  return { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S }
}

/** Where a login code may be spent: the origin it was issued for, and the shop that origin serves (null: the platform). */
export type CodeTarget = { origin: string; shopId: string | null }

const codeRefused = (message: string) => BadRequest(message, [{ path: 'code', message: 'is invalid for this site' }])

/**
 * Exchanges a login code for a token. The exchange must come from the origin the code was issued for (a
 * browser always sends `Origin` on this POST), so a code that leaks to another site, or to a script with no
 * Origin, is worthless. The token acts only in the shop that origin serves; the platform's own origin gets a
 * platform-wide one. `target` resolves the origin as it is now, so a domain that lost its verification since
 * the code was issued no longer signs anyone in.
 */
export async function exchangeLoginCode(
  db: Db,
  code: string,
  origin: string | undefined,
  target: (origin: string) => Promise<CodeTarget | null>,
): Promise<TokenData> {
  if (!origin) throw codeRefused('A login code can only be exchanged by the site it was issued for')
  const found = await consumeLoginCode(db, sha256(code))
  if (!found) throw BadRequest('This login code is invalid, used or expired. Please log in again.', [{ path: 'code', message: 'is invalid or expired' }])
  if (origin !== found.redir) throw codeRefused('This login code was issued for another site')
  const site = await target(origin)
  if (!site) throw codeRefused('This site can no longer sign you in')
  return issueAccessToken(db, found.userId, site.shopId)
}

const EMAIL_TAKEN = 'An account with this email already exists'

/**
 * The caller changes their own account. Name and phone need nothing more; the login email and the
 * password need the current password, so a token that leaked (or a device left signed in) cannot take
 * the account over. A new password ends every other session of the account.
 * A wrong current password counts against the login limits like a wrong password at sign-in.
 */
export async function changeAccount(
  db: Db,
  caller: { userId: string; tokenId: string },
  patch: UserPatch,
  guard: PasswordGuard,
): Promise<UserRow> {
  const { currentPassword, email, password, name, phone } = patch
  const user = (await findUserById(db, caller.userId))!
  if (email !== undefined || password !== undefined) {
    if (currentPassword === undefined) {
      throw BadRequest('Enter your current password to change your email or password', [
        { path: 'currentPassword', message: 'is required to change the email or password' },
      ])
    }
    const confirmed = await guard(user.email, async () => ((await verifyPassword(currentPassword, user.passwordHash)) ? true : null))
    if (!confirmed) {
      throw BadRequest('Your current password is not right', [{ path: 'currentPassword', message: 'is not the current password' }])
    }
  } else if (currentPassword !== undefined) {
    throw BadRequest('currentPassword only goes with email or password', [{ path: 'currentPassword', message: 'is only needed to change the email or password' }])
  }

  const values: Parameters<typeof updateUser>[2] = {}
  if (name !== undefined) values.name = name.trim()
  if (phone !== undefined) values.phone = phone.trim()
  if (email !== undefined) {
    values.email = email.trim().toLowerCase()
    const holder = await findUserByEmail(db, values.email)
    if (holder && holder.id !== user.id) throw Conflict(EMAIL_TAKEN, [{ path: 'email', message: 'is taken' }])
  }
  if (password !== undefined) values.passwordHash = await hashPassword(password)
  try {
    return await db.transaction(async (tx) => {
      const updated = await updateUser(tx, user.id, values)
      if (password !== undefined) await revokeOtherTokens(tx, user.id, caller.tokenId)
      return updated
    })
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw Conflict(EMAIL_TAKEN, [{ path: 'email', message: 'is taken' }])
    throw error
  }
}
