/** Wire schemas of notifications. */
import { Uuid } from '@shop/domain/schemas/wire'
import { Type } from 'typebox'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { notificationQuerySpec } from './notification.repository'

/** The answers live in the domain package, where the web derives its types from them. */
export {
  NotificationHintResponse,
  NotificationResponse,
  type Notification as NotificationDto,
} from '@shop/domain/schemas/notifications'

/** `profile` is accepted because docs/product.md's call sends it; it must be the caller. */
export const NotificationListQuery = feathersQuerySchema(notificationQuerySpec, {
  profile: Type.String({ format: 'uuid', description: 'must be the caller’s own id' }),
})

export const NotificationPatchBody = Type.Object({ read: Type.Boolean() }, { additionalProperties: false })

export const NotificationHintQuery = Type.Object({ shop: Type.Optional(Uuid) }, { additionalProperties: false })
