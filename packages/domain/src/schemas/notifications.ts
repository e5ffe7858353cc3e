/** Answers of the caller's notifications and their unread hint. */
import { type Static, Type } from 'typebox'
import { IsoDate } from './wire'

export const NotificationResponse = Type.Object({
  _id: Type.String(),
  shop: Type.String(),
  type: Type.String(),
  title: Type.String(),
  body: Type.String(),
  link: Type.String(),
  read: Type.Boolean(),
  createdAt: IsoDate,
})
export type Notification = Static<typeof NotificationResponse>

export const NotificationHintResponse = Type.Object({ count: Type.Integer({ description: 'unread notifications' }) })
export type NotificationHint = Static<typeof NotificationHintResponse>
