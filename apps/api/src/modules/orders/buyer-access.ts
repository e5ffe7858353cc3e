/** Who is the buyer of an order: its logged-in profile, or whoever holds its private link's key. */
import { timingSafeEqual } from 'node:crypto'
import type { Actor } from '../../actor'
import type { orders } from '../../db/schema'
import { sha256 } from '../../lib/crypto'

type OrderAccess = Pick<typeof orders.$inferSelect, 'shopId' | 'profileId' | 'accessKeyHash'>

/** Compares the key's hash with the stored one in constant time. */
export function keyMatches(order: OrderAccess, key: string | undefined): boolean {
  if (!key || !order.accessKeyHash) return false
  const given = Buffer.from(sha256(key), 'hex')
  const stored = Buffer.from(order.accessKeyHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

export function isBuyer(actor: Actor, order: OrderAccess, key: string | undefined): boolean {
  const user = actor.shopUser(order.shopId)
  return (!!user && order.profileId === user.id) || keyMatches(order, key)
}
