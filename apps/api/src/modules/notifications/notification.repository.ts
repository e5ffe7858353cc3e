/** SQL for notifications. */
import type { Db } from '../../db/client'
import { notifications } from '../../db/schema'

export type NewNotification = { shopId: string; userId: string; type: string; title: string; body: string; link: string }

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length) await db.insert(notifications).values(rows)
}
