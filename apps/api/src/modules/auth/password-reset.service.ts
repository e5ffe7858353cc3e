/**
 * "Forgot password?" (docs/decisions/0033-password-reset.md). Asking answers the same whatever the
 * address, so nobody learns who has an account; for an account it stores a random token's hash (30
 * minutes, single use) and e-mails `{PLATFORM_URL}/reset-password?token=…` through the outbox, in one
 * transaction, from the platform (docs/decisions/0054). Using the token sets the new password, ends every session of the account and every other
 * open reset, and answers where the person asked from, so the page can sign them in there.
 */
import { accountRules } from '@shop/domain'
import { type ServiceContext, inTransaction } from '../../context'
import { hashPassword, randomToken, sha256 } from '../../lib/crypto'
import { BadRequest, NotFound } from '../../lib/errors'
import { takeOne } from '../../lib/limits'
import { enqueueMessage } from '../messages/outbox'
import { siteOfOrigin } from '../shops/shop-host'
import { closeOpenResets, consumeReset, deleteExpiredResets, findLiveReset, insertPasswordReset } from './password-reset.repository'
import { revokeOtherTokens } from './token.repository'
import { findUserByEmail, findUserById, updateUser } from './user.repository'

export const PASSWORD_RESET_TTL_MS = 30 * 60_000
export const RESET_ACCEPTED = 'If an account uses this address, a link to choose a new password is on its way. It works for 30 minutes.'

const invalidLink = () => NotFound('This reset link is not valid: it was used already, it has expired, or it was never issued. Ask for a new one.')

/**
 * Counts one e-mail with a link to choose a password (a reset, or a sign-up on the login page) from the
 * caller's address and one for the e-mail address, whether or not an account uses it; 429 past either.
 */
export async function limitPasswordLinks(ctx: ServiceContext, email: string, message: string): Promise<void> {
  const { limits } = ctx.config
  if (!limits.enabled) return
  await takeOne(ctx.counters, `reset-ip:${ctx.actor.ip}`, limits.passwordResetsPerIp, message)
  await takeOne(ctx.counters, `reset-address:${email}`, limits.passwordResetsPerAddress, message)
}

/**
 * Opens a link for the account to choose a new password (in `tx`'s transaction): a random token whose
 * hash is stored for 30 minutes, remembering the site (`redir`) to sign the person in on afterwards.
 */
export async function openPasswordLink(tx: ServiceContext, userId: string, redir: string): Promise<{ id: string; link: string; expiresAt: string }> {
  const token = randomToken()
  const now = tx.clock.now()
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS)
  await deleteExpiredResets(tx.db, now)
  const reset = await insertPasswordReset(tx.db, { userId, tokenHash: sha256(token), redir, expiresAt, createdAt: now })
  return { id: reset.id, link: `${tx.config.platformUrl}/reset-password?token=${token}`, expiresAt: expiresAt.toISOString() }
}

/** Asks for a reset link for `email`, from the site `redir` (a shop's or the platform's origin). */
export async function requestPasswordReset(ctx: ServiceContext, input: { email: string; redir?: string }): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase()
  await limitPasswordLinks(ctx, email, 'Too many password reset requests. Please wait a while and try again.')
  const site = (input.redir ? await siteOfOrigin(ctx, input.redir) : null) ?? { origin: new URL(ctx.config.platformUrl).origin, shopId: null }
  const user = await findUserByEmail(ctx.db, email)
  if (user) {
    await inTransaction(ctx, async (tx) => {
      const { id, link, expiresAt } = await openPasswordLink(tx, user.id, site.origin)
      // From the platform, never in a shop's name: any merchant could otherwise send "Reset your <their
      // shop> password" to any account. The link still signs the person in where they asked.
      await enqueueMessage(tx, {
        shopId: null,
        event: `password-reset:${id}`,
        recipient: user.email,
        kind: 'password-reset',
        channel: 'email',
        data: { name: user.name, expiresAt, link },
      })
    })
  }
  return { message: RESET_ACCEPTED }
}

/**
 * The account a live token resets and the site it was asked from (for the page to name them), or 404 for a
 * used, expired or unknown token.
 */
export async function checkResetToken(ctx: ServiceContext, token: string): Promise<{ email: string; redir: string }> {
  const reset = await findLiveReset(ctx.db, sha256(token), ctx.clock.now())
  const user = reset ? await findUserById(ctx.db, reset.userId) : null
  if (!reset || !user) throw invalidLink()
  return { email: user.email, redir: reset.redir }
}

/**
 * Sets a new password with a token: once, before it expires. Every session of the account ends (whoever
 * had the old password is signed out) and other open links stop working. Answers the account and the
 * site the reset was asked from.
 */
export async function resetPassword(ctx: ServiceContext, input: { token: string; password: string }): Promise<{ userId: string; email: string; redir: string }> {
  const { password } = input
  if (password.length < accountRules.passwordMinLength || password.length > accountRules.passwordMaxLength) {
    throw BadRequest(`Choose a password of ${accountRules.passwordMinLength} to ${accountRules.passwordMaxLength} characters`, [
      { path: 'password', message: `must be ${accountRules.passwordMinLength} to ${accountRules.passwordMaxLength} characters` },
    ])
  }
  const passwordHash = await hashPassword(password)
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now()
    const reset = await consumeReset(tx.db, sha256(input.token), now)
    if (!reset) throw invalidLink()
    const user = await updateUser(tx.db, reset.userId, { passwordHash })
    await revokeOtherTokens(tx.db, reset.userId, null)
    await closeOpenResets(tx.db, reset.userId, now)
    return { userId: reset.userId, email: user.email, redir: reset.redir }
  })
}
