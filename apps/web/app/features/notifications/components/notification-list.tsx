import { formatShortDate } from '@shop/domain'
import { Link } from 'react-router'
import type { Notification } from '@shop/domain/schemas/notifications'

type Props = {
  notifications: Notification[]
  onRead: (notification: Notification) => void
  busy: ReadonlySet<string>
}

/** Newest first; unread ones stand out and can be marked read (opening one marks it too). */
export function NotificationList({ notifications, onRead, busy }: Props) {
  return (
    <ul className="notification-list">
      {notifications.map((notification) => (
        <li key={notification._id} className={notification.read ? 'notification' : 'notification notification-unread'}>
          <div>
            <p className="notification-title">
              {!notification.read && <span className="visually-hidden">Unread: </span>}
              {notification.link.startsWith('/') ? (
                <Link to={notification.link} onClick={() => !notification.read && onRead(notification)}>
                  {notification.title}
                </Link>
              ) : (
                notification.title
              )}
            </p>
            {notification.body && <p className="notification-body">{notification.body}</p>}
            <time dateTime={notification.createdAt} className="hint">
              {formatShortDate(new Date(notification.createdAt))}
            </time>
          </div>
          {!notification.read && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => onRead(notification)}
              disabled={busy.has(notification._id)}
            >
              Mark as read<span className="visually-hidden">: {notification.title}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
