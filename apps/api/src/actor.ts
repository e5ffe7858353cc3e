/**
 * Who is calling a service, and the one place that decides what they may do (docs/architecture.md §6, decisions 0002 and
 * 0025). Over HTTP the caller is the bearer token's user (or nobody), limited to one shop's site when the
 * token was issued there (`tokenShopId`); a worker acts as the system, a script or the demo seed as a user
 * it names. A token handed to one shop's site acts only there: in any other shop its holder is a stranger,
 * with no role (staff calls answer 404) and no buyer identity (as if no token was sent).
 *
 *   anonymous → 401; no active role in the shop → 404 (another shop's data does not exist for you);
 *   a role below the permission → 403; a change asked over HTTP in a shop the platform suspended → 423.
 *
 * Services read the caller only through these methods, so the role table and the token's scope are
 * enforced in one place.
 */
import { type Permission, type StaffRole, can, refusalMessage } from '@shop/domain'
import { type AuthUser, findActiveRole, isShopSuspended } from './actor.repository'
import type { Db } from './db/client'
import { Forbidden, NotAuthenticated, NotFound, ShopSuspended } from './lib/errors'

export type { AuthUser }

/** Who is calling, as plain data: what the auth plugin reads from a token, or what a worker or script names. */
export type ActorIdentity = {
  /** 'user' with a user; 'anonymous' over HTTP without a (valid) token; 'system' for workers. */
  kind: 'user' | 'anonymous' | 'system'
  user: AuthUser | null
  /** The access token making the call (log out, password change); null outside HTTP. */
  tokenId: string | null
  /** The shop whose site the token belongs to; null for a platform-wide token or no token. */
  tokenShopId: string | null
  /** The client's address, for the abuse limits; a fixed label outside HTTP. */
  ip: string
  /**
   * The origins the call came from, most trusted use first: its Origin header, then its own scheme and
   * host. Empty outside HTTP. Payments sends a buyer back to one of these when it serves the order's shop.
   */
  origins: readonly string[]
  /**
   * The call asks to change something (an HTTP method other than GET or HEAD): `authorize` then refuses it
   * in a shop the platform has suspended (decision 98). Unset outside HTTP.
   */
  writes?: boolean
}

/** The address label of callers that are not HTTP clients. */
export const LOCAL_IP = 'local'

/** The background workers: nobody in particular, never staff of any shop. */
export const systemActor: ActorIdentity = Object.freeze({ kind: 'system', user: null, tokenId: null, tokenShopId: null, ip: LOCAL_IP, origins: [] })

export function anonymousActor(ip: string = LOCAL_IP, origins: readonly string[] = []): ActorIdentity {
  return { kind: 'anonymous', user: null, tokenId: null, tokenShopId: null, ip, origins }
}

/** A user acting platform-wide (a script, the demo seed), or, with `tokenShopId`, as on one shop's site. */
export function userActor(
  user: AuthUser,
  options: { tokenId?: string | null; tokenShopId?: string | null; ip?: string; origins?: readonly string[] } = {},
): ActorIdentity {
  return {
    kind: 'user',
    user,
    tokenId: options.tokenId ?? null,
    tokenShopId: options.tokenShopId ?? null,
    ip: options.ip ?? LOCAL_IP,
    origins: options.origins ?? [],
  }
}

/**
 * The caller with their permission checks. Role look-ups run on `db`, the context's connection, so inside
 * a transaction they see its writes (`on(tx)`).
 */
export class Actor {
  constructor(
    readonly identity: ActorIdentity,
    private readonly db: Db,
  ) {}

  get user(): AuthUser | null {
    return this.identity.user
  }

  get tokenId(): string | null {
    return this.identity.tokenId
  }

  get tokenShopId(): string | null {
    return this.identity.tokenShopId
  }

  get ip(): string {
    return this.identity.ip
  }

  get origins(): readonly string[] {
    return this.identity.origins
  }

  /** The same caller, with look-ups on another connection (a transaction). */
  on(db: Db): Actor {
    return db === this.db ? this : new Actor(this.identity, db)
  }

  /** The caller, for what is theirs whatever the shop: their profile, their token. 401 when anonymous. */
  requireUser(): AuthUser {
    if (!this.identity.user) throw NotAuthenticated()
    return this.identity.user
  }

  /** The caller as a user of `shopId`: null when anonymous or when the token belongs to another shop's site. */
  shopUser(shopId: string): AuthUser | null {
    const { user, tokenShopId } = this.identity
    if (!user) return null
    return tokenShopId && tokenShopId !== shopId.toLowerCase() ? null : user
  }

  /** `shopUser`, or 401. */
  requireShopUser(shopId: string): AuthUser {
    const user = this.shopUser(shopId)
    if (!user) throw NotAuthenticated()
    return user
  }

  /** The caller with a platform-wide token (what no single shop's site may do, such as opening a shop); else 401/403. */
  requirePlatformUser(): AuthUser {
    const user = this.requireUser()
    if (this.identity.tokenShopId) throw Forbidden("This session belongs to one shop's site; log in on the platform's site to do this")
    return user
  }

  /** The caller's active role in `shopId`, or null (anonymous, no role, or a token of another shop's site). */
  async callerRole(shopId: string): Promise<StaffRole | null> {
    const user = this.shopUser(shopId)
    return user ? findActiveRole(this.db, shopId, user.id) : null
  }

  /** Whether the caller's role in `shopId` has `permission`; never throws for a missing role. */
  async can(shopId: string, permission: Permission): Promise<boolean> {
    return can(await this.callerRole(shopId), permission)
  }

  /** Checks the caller's role in `shopId` and returns it; throws 401/404/403 as described above. */
  async authorize(shopId: string, permission: Permission): Promise<StaffRole> {
    this.requireUser()
    const role = await this.callerRole(shopId)
    if (!role) throw NotFound()
    // The refusal names the roles that may, from the domain's table, so the dashboard can tell the person.
    if (!can(role, permission)) throw Forbidden(`${refusalMessage(permission)} Your role here is ${role}.`)
    // A suspended shop's staff still read and export; what they ask to change is refused.
    if (this.identity.writes && (await isShopSuspended(this.db, shopId))) throw ShopSuspended()
    return role
  }
}
