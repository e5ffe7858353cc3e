/**
 * Every kind of message, by the name the outbox stores. A new kind is a template file here and one line
 * in `templates` (its data type follows from the template).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { accountExists } from './account-exists'
import { EmailLayout } from './layout'
import {
  checkoutPaid,
  orderCanceled,
  orderConfirmation,
  orderDelivered,
  orderDispatched,
  orderNotConfirmed,
  orderPaymentFailed,
  orderPaymentReceived,
  orderReady,
  orderRefunded,
  orderUpdated,
  staffNewOrder,
  staffOrderCanceled,
} from './order'
import { passwordReset } from './password-reset'
import { orderPayLink, orderPaymentReminder } from './pay-link'
import type { Site } from './site'
import { staffInvitation } from './staff-invitation'
import { staffLowStock } from './staff-low-stock'
import { stockBack } from './stock-back'
import type { MessageTemplate } from './template'
import { testEmail } from './test-email'
import { welcome } from './welcome'

export const templates = {
  'staff-invitation': staffInvitation,
  welcome,
  'account-exists': accountExists,
  'password-reset': passwordReset,
  'test-email': testEmail,
  'order-confirmation': orderConfirmation,
  'order-ready': orderReady,
  'order-dispatched': orderDispatched,
  'order-delivered': orderDelivered,
  'order-canceled': orderCanceled,
  'order-not-confirmed': orderNotConfirmed,
  'order-payment-received': orderPaymentReceived,
  'order-payment-failed': orderPaymentFailed,
  'order-refunded': orderRefunded,
  'order-updated': orderUpdated,
  'order-pay-link': orderPayLink,
  'order-payment-reminder': orderPaymentReminder,
  'checkout-paid': checkoutPaid,
  'staff-new-order': staffNewOrder,
  'staff-order-canceled': staffOrderCanceled,
  'staff-low-stock': staffLowStock,
  'stock-back': stockBack,
}

export type MessageKind = keyof typeof templates
export type MessageData<K extends MessageKind> = (typeof templates)[K] extends MessageTemplate<infer Data> ? Data : never

export function isMessageKind(kind: string): kind is MessageKind {
  return Object.hasOwn(templates, kind)
}

export function templateOf(kind: string): MessageTemplate<Record<string, unknown>> | null {
  return isMessageKind(kind) ? (templates[kind] as unknown as MessageTemplate<Record<string, unknown>>) : null
}

export type RenderedEmail = { subject: string; html: string; text: string }

/** The e-mail of a message: HTML (every piece of text escaped by React) and the plain-text part. */
export function renderEmail(template: MessageTemplate<Record<string, unknown>>, data: Record<string, unknown>, site: Site): RenderedEmail {
  if (!template.email) throw new Error('this kind of message has no e-mail')
  const { subject, body, text } = template.email(data, site)
  const html = `<!doctype html>${renderToStaticMarkup(
    <EmailLayout site={site} title={subject}>
      {body}
    </EmailLayout>,
  )}`
  return { subject, html, text: `${text}\n\n--\n${site.name} (${site.origin}), sent with ${site.providerName}\n` }
}

export function renderSms(template: MessageTemplate<Record<string, unknown>>, data: Record<string, unknown>, site: Site): string {
  if (!template.sms) throw new Error('this kind of message has no SMS')
  return template.sms(data, site)
}

export type { Site } from './site'
