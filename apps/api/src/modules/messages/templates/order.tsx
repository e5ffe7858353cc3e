/**
 * The messages about an order. To the buyer: the confirmation with its receipt, ready for pick-up,
 * dispatched, delivered, canceled, canceled because the shop did not confirm it in time, payment received
 * and payment failed (the first four and the unconfirmed one also as SMS). To staff: a new order. Each is
 * made from a snapshot of the order taken when its event happened (`OrderMessageData`), so a message says
 * what was true then; amounts in the order's currency, dates in Africa/Accra, and every piece of text (a
 * product title, the buyer's name, a staff note) escaped by React.
 */
import { formatDateTime, formatMinor as money, formatMoneyOff, toMajor } from '@shop/domain'
import { Fragment, type ReactElement } from 'react'
import { ButtonLink, LinkAsText } from './layout'
import { type Site, linkOn } from './site'
import type { EmailContent, MessageTemplate } from './template'

export type OrderLineData = { title: string; features: string; count: number; totalMinor: number }

/** The shop's pick-up place: its address, how to find it and its opening hours ('' when not given). */
export type PickupPlace = { address: string; directions: string; hours: string }

/** "Pick up at <address>", with the directions and hours when the shop gave them; one line each. */
export function pickupLines(data: Pick<OrderMessageData, 'pickup'>): string[] {
  const place = data.pickup
  if (!place?.address) return ['Pick up from the shop']
  return [
    `Pick up at ${place.address}`,
    ...(place.directions ? [`How to find it: ${place.directions}`] : []),
    ...(place.hours ? [`Opening hours: ${place.hours}`] : []),
  ]
}

export type OrderMessageData = {
  /** The order's short code, as the buyer knows it. */
  orderId: string
  customerName: string
  /** ISO time the order was placed. */
  placedAt: string
  currency: string
  lines: OrderLineData[]
  subtotalMinor: number
  discountMinor: number
  discountCode: string | null
  /** A manual discount staff gave (absent from messages written before there were any). */
  adjustmentMinor?: number
  /** An automatic promotion's discount, named (absent without one, and from messages written before promotions). */
  promotion?: { label: string; amountMinor: number }
  /** The delivery fee a free-delivery promotion waived, named: `deliveryMinor` is already without it. */
  freeDelivery?: { label: string; amountMinor: number }
  deliveryType: 'pick-up' | 'dispatch'
  /** The delivery rate's name ('' for pick-up). */
  deliveryName: string
  deliveryMinor: number
  address: string
  /** Where a pick-up order is collected, as the shop's settings said when the message was written. */
  pickup?: PickupPlace
  taxMinor: number
  /** What the buyer owes in all: the order total and its tax. */
  totalMinor: number
  /** Paid net of refunds. */
  paidMinor: number
  /** How the order is paid, as the buyer reads it: "Paid in full", "To pay on delivery: GHS 10.00"… */
  paymentStatus: string
  /** What staff wrote with the change, or what the payment was; '' for none. */
  note: string
  /**
   * The order's page on the shop's host: the account's order page for a logged-in buyer, the private link
   * (`/orders/{id}?key=…`) for an anonymous one, the dashboard's for staff. Secret: kept until sent.
   */
  path: string
}

const muted = { color: '#6b7280', fontSize: 14 }
const cell = { padding: '6px 0', borderBottom: '1px solid #e5e7eb', verticalAlign: 'top' } as const
const amountCell = { ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: 12 } as const
const moneyOff = (minor: number, currency: string) => formatMoneyOff(toMajor(minor), currency)

/** The receipt's amount rows, shared by the HTML and the text part. */
function amountRows(data: OrderMessageData): [string, string][] {
  const rows: [string, string][] = [['Subtotal', money(data.subtotalMinor, data.currency)]]
  if (data.discountMinor > 0) rows.push([`Discount${data.discountCode ? ` (${data.discountCode})` : ''}`, moneyOff(data.discountMinor, data.currency)])
  if (data.promotion) rows.push([data.promotion.label, moneyOff(data.promotion.amountMinor, data.currency)])
  if (data.adjustmentMinor) rows.push(['Discount from the shop', moneyOff(data.adjustmentMinor, data.currency)])
  const waived = data.freeDelivery?.amountMinor ?? 0
  rows.push([data.deliveryType === 'pick-up' ? 'Pick-up' : `Delivery${data.deliveryName ? ` (${data.deliveryName})` : ''}`, money(data.deliveryMinor + waived, data.currency)])
  if (data.freeDelivery) rows.push([data.freeDelivery.label, moneyOff(waived, data.currency)])
  if (data.taxMinor > 0) rows.push(['Tax', money(data.taxMinor, data.currency)])
  return rows
}

const lineLabel = (line: OrderLineData) => `${line.title}${line.features ? ` (${line.features})` : ''}`

function Receipt({ data }: { data: OrderMessageData }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '16px 0', fontSize: 15 }}>
      <tbody>
        {data.lines.map((line, i) => (
          <tr key={i}>
            <td style={cell}>
              {lineLabel(line)} × {line.count}
            </td>
            <td style={amountCell}>{money(line.totalMinor, data.currency)}</td>
          </tr>
        ))}
        {amountRows(data).map(([label, amount]) => (
          <tr key={label}>
            <td style={{ ...cell, color: '#4b5563' }}>{label}</td>
            <td style={amountCell}>{amount}</td>
          </tr>
        ))}
        <tr>
          <td style={{ ...cell, fontWeight: 700, borderBottom: 'none' }}>Total</td>
          <td style={{ ...amountCell, fontWeight: 700, borderBottom: 'none' }}>{money(data.totalMinor, data.currency)}</td>
        </tr>
      </tbody>
    </table>
  )
}

function receiptText(data: OrderMessageData): string[] {
  return [
    ...data.lines.map((line) => `${lineLabel(line)} × ${line.count}: ${money(line.totalMinor, data.currency)}`),
    ...amountRows(data).map(([label, amount]) => `${label}: ${amount}`),
    `Total: ${money(data.totalMinor, data.currency)}`,
    `Payment: ${data.paymentStatus}`,
  ]
}

/** What every order message says the same way: greeting, the news, the note, the receipt if asked, the link. */
export function orderEmail(
  data: OrderMessageData,
  site: Site,
  content: { subject: string; heading: string; news: string; receipt?: boolean; button?: string },
): EmailContent {
  const link = linkOn(site, data.path)
  const hello = data.customerName ? `Hello ${data.customerName},` : 'Hello,'
  const placed = `Order ${data.orderId}, placed ${formatDateTime(new Date(data.placedAt))}`
  const delivery = data.deliveryType === 'pick-up' ? pickupLines(data) : [`Delivery to ${data.address || 'the address given'}`]
  const button = content.button ?? 'See your order'
  const body: ReactElement = (
    <>
      <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>{content.heading}</h1>
      <p>{hello}</p>
      <p>{content.news}</p>
      {data.note && <p style={{ background: '#f4f5f7', padding: 12, borderRadius: 8, whiteSpace: 'pre-wrap' }}>{data.note}</p>}
      <p style={muted}>
        {placed}
        {delivery.map((line) => (
          <Fragment key={line}>
            <br />
            {line}
          </Fragment>
        ))}
      </p>
      {content.receipt && (
        <>
          <Receipt data={data} />
          <p>
            <strong>Payment:</strong> {data.paymentStatus}
          </p>
        </>
      )}
      <ButtonLink href={link}>{button}</ButtonLink>
      <LinkAsText href={link} />
    </>
  )
  const text = [
    hello,
    '',
    content.news,
    ...(data.note ? ['', data.note] : []),
    '',
    placed,
    ...delivery,
    ...(content.receipt ? ['', ...receiptText(data)] : []),
    '',
    `${button}: ${link}`,
  ].join('\n')
  return { subject: content.subject, body, text }
}

/** An SMS: short, the shop's name first, the order's code and the link. */
export const orderSms = (site: Site, data: OrderMessageData, news: string) => `${site.name}: ${news} ${linkOn(site, data.path)}`

function buyerMessage(
  words: (data: OrderMessageData, site: Site) => { subject: string; heading: string; news: string; receipt?: boolean; button?: string },
  sms?: (data: OrderMessageData) => string,
): MessageTemplate<OrderMessageData> {
  return {
    secretFields: ['path'],
    email: (data, site) => orderEmail(data, site, words(data, site)),
    ...(sms ? { sms: (data: OrderMessageData, site: Site) => orderSms(site, data, sms(data)) } : {}),
  }
}

export const orderConfirmation = buyerMessage(
  (data, site) => ({
    subject: `Your ${site.name} order ${data.orderId}`,
    heading: 'Thank you for your order',
    news: `We have your order ${data.orderId} and will let you know as it moves.`,
    receipt: true,
  }),
  (data) =>
    `we have your order ${data.orderId}, total ${money(data.totalMinor, data.currency)}.` +
    `${data.deliveryType === 'pick-up' && data.pickup?.address ? ` Pick up at ${data.pickup.address}.` : ''} Follow it here:`,
)

export const orderReady = buyerMessage(
  (data) => ({
    subject: `Order ${data.orderId} is ready for pick-up`,
    heading: 'Ready for pick-up',
    news: `Your order ${data.orderId} is ready: come and collect it ${data.pickup?.address ? `at ${data.pickup.address}` : 'at the shop'}.`,
  }),
  (data) =>
    `your order ${data.orderId} is ready for pick-up${data.pickup?.address ? ` at ${data.pickup.address}` : ''}${data.pickup?.hours ? ` (${data.pickup.hours})` : ''}.`,
)

export const orderDispatched = buyerMessage(
  (data) => ({
    subject: `Order ${data.orderId} is on its way`,
    heading: 'On its way',
    news: `Your order ${data.orderId} has been dispatched to ${data.address || 'your address'}.`,
  }),
  (data) => `your order ${data.orderId} is on its way.`,
)

/** Delivered: the link opens the order's review of its items (decision 81), a guest's with the order's key. */
const toReview = (data: OrderMessageData): OrderMessageData => ({ ...data, path: `${data.path}#review` })

export const orderDelivered: MessageTemplate<OrderMessageData> = {
  secretFields: ['path'],
  email: (data, site) =>
    orderEmail(toReview(data), site, {
      subject: `Order ${data.orderId} is delivered`,
      heading: 'Delivered',
      news: `Your order ${data.orderId} is delivered. Thank you for shopping with us! Tell other shoppers what you think of what you bought: a review of each item takes a minute.`,
      button: 'Review what you bought',
    }),
  sms: (data, site) => orderSms(site, toReview(data), `your order ${data.orderId} is delivered. Thank you! Review what you bought:`),
}

export const orderCanceled = buyerMessage(
  (data) => ({
    subject: `Order ${data.orderId} is canceled`,
    heading: 'Order canceled',
    news: `Your order ${data.orderId} is canceled.${data.paidMinor > 0 ? ' What you paid will be refunded.' : ''}`,
  }),
  // Sent by SMS only to a buyer with no e-mail (decision 62).
  (data) => `your order ${data.orderId} is canceled.${data.paidMinor > 0 ? ' What you paid will be refunded.' : ''}`,
)

/** A pay-on-delivery order the shop did not confirm within its window (decision 52): what to do now. */
export const orderNotConfirmed = buyerMessage(
  (data) => ({
    subject: `Order ${data.orderId} is canceled`,
    heading: 'Order canceled',
    news:
      `Your order ${data.orderId}, to pay ${data.deliveryType === 'pick-up' ? 'at pick-up' : 'on delivery'}, is canceled: ` +
      'the shop did not confirm it in time, so its items are back on sale. If you still want them, please call the shop or order again.',
  }),
  (data) => `your order ${data.orderId} is canceled: the shop did not confirm it in time. To still get it, call the shop or order again.`,
)

export const orderPaymentReceived = buyerMessage(
  (data) => ({
    subject: `Payment received for order ${data.orderId}`,
    heading: 'Payment received',
    news: `We received your payment for order ${data.orderId}. ${data.paymentStatus}.`,
  }),
  (data) => `we received your payment for order ${data.orderId}. ${data.paymentStatus}.`,
)

export const orderPaymentFailed = buyerMessage(
  (data) => ({
    subject: `Payment for order ${data.orderId} did not go through`,
    heading: 'Payment did not go through',
    news: `Your payment for order ${data.orderId} did not go through. Open your order to try again.`,
  }),
  (data) => `your payment for order ${data.orderId} did not go through. Try again here:`,
)

/** The shop changed the order (decision 60): what changed is the note, the receipt below is the order now. */
export const orderUpdated = buyerMessage(
  (data) => ({
    subject: `Order ${data.orderId} was changed`,
    heading: 'Your order was changed',
    news: `The shop changed your order ${data.orderId}. Here is what changed and the new receipt.`,
    receipt: true,
  }),
  (data) => `your order ${data.orderId} was changed, new total ${money(data.totalMinor, data.currency)}. See it here:`,
)

/** To staff: a new order, with its receipt and the buyer's contact, linking to the dashboard. */
export const staffNewOrder: MessageTemplate<OrderMessageData & { email: string; phone: string }> = {
  email(data, site) {
    const who = [data.customerName, data.email, data.phone].filter(Boolean).join(' · ')
    return orderEmail({ ...data, customerName: '' }, site, {
      subject: `New order ${data.orderId}: ${money(data.totalMinor, data.currency)}`,
      heading: `New order ${data.orderId}`,
      news: `From ${who}.`,
      receipt: true,
      button: 'Open the order',
    })
  },
}

/** To staff: the buyer canceled their order, with what they paid and so what is to refund. */
export const staffOrderCanceled: MessageTemplate<OrderMessageData & { email: string; phone: string }> = {
  email(data, site) {
    const who = [data.customerName, data.email, data.phone].filter(Boolean).join(' · ')
    const refund = data.paidMinor > 0 ? ` ${money(data.paidMinor, data.currency)} was paid: refund it.` : ' Nothing was paid: nothing to refund.'
    return orderEmail({ ...data, customerName: '' }, site, {
      subject: `Order ${data.orderId} was canceled by the buyer`,
      heading: `Order ${data.orderId} was canceled`,
      news: `${who} canceled the order.${refund}`,
      receipt: true,
      button: 'Open the order',
    })
  },
}

/**
 * To whoever shared a checkout (decision 68): the order placed from it is paid. `path` is the shared
 * checkout's page, never the payer's private order link; nothing about the payer is said.
 */
export const checkoutPaid = buyerMessage(
  (data) => ({
    subject: `Your shared checkout is paid: order ${data.orderId}`,
    heading: 'Your shared checkout is paid',
    news: `Good news: the checkout you shared has been paid. It is order ${data.orderId}, and the shop will let you know as it moves.`,
    receipt: true,
    button: 'See the checkout',
  }),
  (data) => `the checkout you shared is paid: order ${data.orderId}.`,
)

/** What a refund or a return tells the buyer (decision 59): how much, how it comes back, why, and what came back. */
export type OrderRefundData = OrderMessageData & {
  refund: {
    amountMinor: number
    /** How the money goes back, as a sentence ends: "in cash", "through Paystack, to the card or wallet that paid". */
    how: string
    reason: string
    /** A Paystack refund on its way: it can take some days to arrive. */
    pending: boolean
    /** Units the shop took back. */
    returnedUnits: number
  }
}

function refundNews(data: OrderRefundData): string {
  const { refund } = data
  const units = `${refund.returnedUnits} item${refund.returnedUnits === 1 ? '' : 's'}`
  if (refund.amountMinor === 0) return `We received the ${units} you returned from order ${data.orderId}.`
  const amount = money(refund.amountMinor, data.currency)
  const back = refund.returnedUnits > 0 ? ` We also received the ${units} you returned.` : ''
  if (refund.pending) return `We are refunding ${amount} for order ${data.orderId} ${refund.how}. It can take a few days to reach you.${back}`
  return `We refunded ${amount} for order ${data.orderId} ${refund.how}.${back}`
}

/** To the buyer: money given back on their order, or items they returned taken back. E-mail and SMS. */
export const orderRefunded: MessageTemplate<OrderRefundData> = {
  secretFields: ['path'],
  email: (data, site) =>
    orderEmail({ ...data, note: `Reason: ${data.refund.reason}` }, site, {
      subject: data.refund.amountMinor > 0 ? `Refund for order ${data.orderId}` : `Return received for order ${data.orderId}`,
      heading: data.refund.amountMinor > 0 ? 'Your refund' : 'Your return',
      news: refundNews(data),
      receipt: true,
    }),
  sms: (data, site) =>
    orderSms(
      site,
      data,
      data.refund.amountMinor > 0
        ? `${money(data.refund.amountMinor, data.currency)} ${data.refund.pending ? 'is being refunded' : 'refunded'} for order ${data.orderId} ${data.refund.how}.`
        : `we received your return from order ${data.orderId}.`,
    ),
}
