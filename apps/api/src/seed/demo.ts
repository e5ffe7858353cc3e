import type { Db } from '../db/client'
import type { Storage } from '../lib/storage'

export const demoLogins = {
  password: 'demo1234',
  users: [
    { email: 'owner@demo.shop', role: 'owner' },
    { email: 'admin@demo.shop', role: 'administrator' },
    { email: 'manager@demo.shop', role: 'manager' },
    { email: 'keeper@demo.shop', role: 'keeper' },
    { email: 'shopper@demo.shop', role: 'shopper' },
  ],
} as const

export async function seedDemoIfEmpty(db: Db, storage: Storage): Promise<boolean> {
  void db
  void storage
  return false
}
