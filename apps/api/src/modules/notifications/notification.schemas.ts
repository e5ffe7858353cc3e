/** Wire schemas of notifications. */
import { IsoDate, Uuid } from '@shop/domain/schemas/wire'
import { type Static, Type } from 'typebox'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { notificationQuerySpec } from './notification.repository'

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
export type NotificationDto = Static<typeof NotificationResponse>

/** `profile` is accepted because SPEC's call sends it; it must be the caller. */
export const NotificationListQuery = feathersQuerySchema(notificationQuerySpec, {
  profile: Type.String({ format: 'uuid', description: 'must be the caller’s own id' }),
})

export const NotificationPatchBody = Type.Object({ read: Type.Boolean() }, { additionalProperties: false })
export type NotificationPatchInput = Static<typeof NotificationPatchBody>

export const NotificationHintQuery = Type.Object({ shop: Type.Optional(Uuid) }, { additionalProperties: false })
export const NotificationHintResponse = Type.Object({ count: Type.Integer({ description: 'unread notifications' }) })
