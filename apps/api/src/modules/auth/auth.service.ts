/**
 * Accounts and login (docs/architecture.md §5): passwords hashed with scrypt, one-time login codes handed back to the
 * shop that asked, and revocable access tokens. Codes and tokens are random and stored only as hashes.
 */
import type { AuthUser } from '../../actor'
import { type ServiceContext, inTransaction } from '../../context'
import type { Db } from '../../db/client'
import { decoyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto'
import { BadRequest, Conflict, Forbidden, NotAuthenticated, isUniqueViolation } from '../../lib/errors'
import { enqueueMessage } from '../messages/outbox'
import { type OriginSite, siteOfOrigin } from '../shops/shop-host'
import type { LoginCode, LoginUrl, TokenBody, TokenData, User, UserPatch } from './auth.schemas'
import { guardPassword } from './login-limits'
import { consumeLoginCode, deleteExpiredLoginCodes, insertLoginCode } from './login-code.repository'
import { limitPasswordLinks, openPasswordLink } from './password-reset.service'
import { insertAccessToken, revokeAccessToken, revokeOtherTokens } from './token.repository'
import { toUserDto } from './user.dto'
import { type UserRow, findUserByEmail, findUserById, insertUser, updateUser } from './user.repository'

export const LOGIN_CODE_TTL_MS = 2 * 60 * 1000
export const ACCESS_TOKEN_TTL_S = 30 * 24 * 60 * 60
export const WRONG_CREDENTIALS = 'Wrong email or password'

/** The account these credentials open, or null; the same work whether the email is unknown or the password wrong. */
async function findByCredentials(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email)
  const ok = await verifyPassword(password, user?.passwordHash ?? decoyPasswordHash)
  return user && ok ? user : null
}

/** The account, or 401 with the same message whether the email is unknown or the password wrong. */
export async function checkCredentials(ctx: ServiceContext, email: string, password: string): Promise<UserRow> {
  const user = await guardPassword(ctx, email, () => findByCredentials(ctx.db, email, password))
  if (!user) throw NotAuthenticated(WRONG_CREDENTIALS)
  return user
}

export async function createAccount(ctx: ServiceContext, input: { email: string; password: string; name: string }): Promise<UserRow> {
  const db = ctx.db
  if (await findUserByEmail(db, input.email)) {
    throw Conflict('An account with this email already exists. Log in instead.', [{ path: 'email', message: 'is taken' }])
  }
  try {
    return await insertUser(db, { email: input.email, name: input.name, passwordHash: await hashPassword(input.password) })
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict('An account with this email already exists. Log in instead.')
    throw error
  }
}

/** The login page's sign-in form: the account, then a single-use code for `redir` (an origin the page has checked). */
export async function logInFromPage(ctx: ServiceContext, input: { email: string; password: string; redir: string }): Promise<string> {
  const user = await checkCredentials(ctx, input.email, input.password)
  return issueLoginCode(ctx, user.id, input.redir)
}

/**
 * The login page's sign-up form (docs/decisions/0054). It answers the same whether or not the address has
 * an account, and signs nobody in, so it tells nobody which addresses have one. A new address gets an
 * account with no usable password and an e-mail with the link to choose one, which signs the person in
 * on `redir`; an address with an account is left as it is and its owner gets an e-mail saying so, with a
 * link to choose a new password. Both cost one password hash and one link, so they also take about the
 * same time; both count against the limits on e-mailed links (per IP and per address).
 */
export async function signUp(ctx: ServiceContext, input: { email: string; name: string; redir: string }): Promise<void> {
  const email = input.email.trim().toLowerCase()
  await limitPasswordLinks(ctx, email, 'Too many sign-ups for this address or from this network. Please wait a while and try again.')
  const site = await knownSite(ctx, input.redir)
  // Nobody knows this password: the account opens only with the e-mailed link.
  const passwordHash = await hashPassword(randomToken())
  const holder = await findUserByEmail(ctx.db, email)
  if (holder) return tellOwner(ctx, holder, site.origin)
  try {
    await inTransaction(ctx, async (tx) => {
      const user = await insertUser(tx.db, { email, name: input.name, passwordHash })
      const { link, expiresAt } = await openPasswordLink(tx, user.id, site.origin)
      await enqueueMessage(tx, { shopId: null, event: `signup:${user.id}`, recipient: user.email, kind: 'welcome', channel: 'email', data: { link, expiresAt } })
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // The same address signed up at the same moment: it has an account now.
    const winner = await findUserByEmail(ctx.db, email)
    if (winner) await tellOwner(ctx, winner, site.origin)
  }
}

/** E-mails an account's owner that someone tried to sign up with their address, with a link to choose a new password. */
async function tellOwner(ctx: ServiceContext, user: UserRow, redir: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { id, link, expiresAt } = await openPasswordLink(tx, user.id, redir)
    await enqueueMessage(tx, {
      shopId: null,
      event: `account-exists:${id}`,
      recipient: user.email,
      kind: 'account-exists',
      channel: 'email',
      data: { name: user.name, link, expiresAt },
    })
  })
}

/** Issues a single-use code for `redir` (an already validated origin). */
export async function issueLoginCode(ctx: ServiceContext, userId: string, redir: string): Promise<string> {
  const code = randomToken()
  const now = ctx.clock.now().getTime()
  await deleteExpiredLoginCodes(ctx.db, new Date(now - LOGIN_CODE_TTL_MS))
  await insertLoginCode(ctx.db, { userId, redir, codeHash: sha256(code), expiresAt: new Date(now + LOGIN_CODE_TTL_MS) })
  return code
}

/** A token for every shop (`shopId` null) or for one shop's site only. */
export async function issueAccessToken(ctx: ServiceContext, userId: string, shopId: string | null): Promise<TokenData> {
  const token = randomToken()
  const expiresAt = new Date(ctx.clock.now().getTime() + ACCESS_TOKEN_TTL_S * 1000)
  await insertAccessToken(ctx.db, { userId, shopId, tokenHash: sha256(token), expiresAt })
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
export async function exchangeLoginCode(ctx: ServiceContext, code: string, origin: string | undefined): Promise<TokenData> {
  if (!origin) throw codeRefused('A login code can only be exchanged by the site it was issued for')
  const found = await consumeLoginCode(ctx.db, sha256(code))
  if (!found) throw BadRequest('This login code is invalid, used or expired. Please log in again.', [{ path: 'code', message: 'is invalid or expired' }])
  if (origin !== found.redir) throw codeRefused('This login code was issued for another site')
  const site: CodeTarget | null = await siteOfOrigin(ctx, origin)
  if (!site) throw codeRefused('This site can no longer sign you in')
  return issueAccessToken(ctx, found.userId, site.shopId)
}

/**
 * `POST /api/token/`: a login code from the origin it was issued for, or an email and password (for API
 * clients and scripts: a platform-wide token).
 */
export async function issueToken(
  ctx: ServiceContext,
  input: { body: TokenBody; origin: string | undefined },
): Promise<TokenData> {
  const { body } = input
  if ('code' in body) return exchangeLoginCode(ctx, body.code, input.origin)
  const user = await checkCredentials(ctx, body.email, body.password)
  return issueAccessToken(ctx, user.id, null)
}

/** Login codes and login URLs only ever lead to the platform or one of its shops (no open redirect). */
async function knownSite(ctx: ServiceContext, redir: string): Promise<OriginSite> {
  const site = await siteOfOrigin(ctx, redir)
  if (!site) {
    throw BadRequest('redir must be the origin of a shop or of the platform', [
      { path: 'redir', message: 'is not a known shop or platform origin' },
    ])
  }
  return site
}

/** The platform's login page for a site of the platform, carrying the site's login state. */
export async function loginUrl(ctx: ServiceContext, input: { redir: string; state?: string }): Promise<LoginUrl> {
  const { redir, state } = input
  await knownSite(ctx, redir)
  const query = new URLSearchParams({ redir, ...(state ? { state } : {}) })
  return { loginUrl: `${ctx.config.platformUrl}/login?${query}` }
}

/**
 * A code that signs the caller in on another origin of the platform. A session of one shop's site may
 * move between that shop's own hosts, never to another shop.
 */
export async function handOverSession(ctx: ServiceContext, redir: string): Promise<LoginCode> {
  const user = ctx.actor.requireUser()
  const site = await knownSite(ctx, redir)
  const tokenShopId = ctx.actor.tokenShopId
  if (tokenShopId && site.shopId !== tokenShopId) {
    throw Forbidden("This session belongs to another shop's site; log in there instead")
  }
  return { code: await issueLoginCode(ctx, user.id, redir) }
}

/** Log out: the calling token stops working. */
export async function logOut(ctx: ServiceContext): Promise<void> {
  ctx.actor.requireUser()
  await revokeAccessToken(ctx.db, ctx.actor.tokenId!)
}

export function currentUser(ctx: ServiceContext): User {
  return toUserDto(ctx.actor.requireUser())
}

const EMAIL_TAKEN = 'An account with this email already exists'

/**
 * The caller changes their own account. Name and phone need nothing more; the login email and the
 * password need the current password, so a token that leaked (or a device left signed in) cannot take
 * the account over. A new password ends every other session of the account.
 * A wrong current password counts against the login limits like a wrong password at sign-in.
 */
export async function changeAccount(ctx: ServiceContext, patch: UserPatch): Promise<User> {
  const caller: AuthUser = ctx.actor.requireUser()
  const db = ctx.db
  const { currentPassword, email, password, name, phone } = patch
  const user = (await findUserById(db, caller.id))!
  if (email !== undefined || password !== undefined) {
    if (currentPassword === undefined) {
      throw BadRequest('Enter your current password to change your email or password', [
        { path: 'currentPassword', message: 'is required to change the email or password' },
      ])
    }
    const confirmed = await guardPassword(ctx, user.email, async () => ((await verifyPassword(currentPassword, user.passwordHash)) ? true : null))
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
    return toUserDto(
      await db.transaction(async (tx) => {
        const updated = await updateUser(tx, user.id, values)
        // Over HTTP the calling token stays; outside HTTP (no token) every session ends.
        if (password !== undefined) await revokeOtherTokens(tx, user.id, ctx.actor.tokenId)
        return updated
      }),
    )
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw Conflict(EMAIL_TAKEN, [{ path: 'email', message: 'is taken' }])
    throw error
  }
}
