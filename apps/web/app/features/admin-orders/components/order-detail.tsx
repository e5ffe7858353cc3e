import { formatShortDate } from '@shop/domain'
import type { Region } from '@shop/domain/schemas/delivery'
import type { DeliveryDetails, Order } from '@shop/domain/schemas/orders'
import type { Transaction } from '@shop/domain/schemas/payments'
import type { Refund } from '@shop/domain/schemas/refunds'
import type { Shop } from '@shop/domain/schemas/shop'
import { TotalsTable } from '../../../components/totals-table'
import { formatMoney } from '../../../lib/money'
import { whatsAppUrl } from '../../../lib/whatsapp'
import { pricedRows } from '../../../lib/totals-rows'
import { deliveryFeeWords, paymentWay, providerLabel, transactionStatusLabels } from '../payment-labels'
import { PaymentFacts } from './payment-facts'
import { OrderItemsTable } from './order-items-table'
import { RecordPaymentForm } from './record-payment-form'
import { OrderRefunds } from './order-refunds'
import { RefundForm } from './refund-form'
import { OrderTimeline } from '../../../components/order-timeline'
import { OrderMessages } from './order-messages'
import { pickupWords } from '../../../lib/order-words'
import type { Message } from '@shop/domain/schemas/messages'

type Props = {
  order: Order
  transactions: Transaction[]
  regions: Region[]
  messages: Message[]
  canRecordPayment: boolean
  refunds: Refund[]
  /** Managers and up give refunds and take returns (orders.refund). */
  canRefund: boolean
  /** Where the shop's pick-up orders are collected, named on a pick-up order. */
  pickupAddress: Shop['pickupAddress']
}

/** A phone as a link to call it. */
function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
}

/** The buyer's phone to call, and the same number on WhatsApp with the order named in the message. */
function BuyerPhone({ phone, orderId }: { phone: string; orderId: string }) {
  const whatsApp = whatsAppUrl(phone, `Hello, this is about your order ${orderId}`)
  return (
    <span className="contact-links">
      <PhoneLink phone={phone} />
      {whatsApp && (
        <a href={whatsApp} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp ${phone}`}>
          WhatsApp
        </a>
      )}
    </span>
  )
}

/** Everything staff need to fulfil an order: items and totals, timeline, customer, delivery and payment. */
export function OrderDetail({ order, transactions, regions, messages, canRecordPayment, refunds, canRefund, pickupAddress }: Props) {
  const { delivery } = order
  const region = regions.find((candidate) => candidate._id === delivery.region)?.name ?? delivery.region
  const phone = order.phone || delivery.phone
  const riderPhone = delivery.type === 'dispatch' && delivery.phone && delivery.phone !== phone ? delivery.phone : null

  return (
    <div className="order-detail">
      <div className="order-detail-main">
        <section className="panel" aria-labelledby="order-items-title">
          <h2 id="order-items-title">Items</h2>
          <OrderItemsTable lines={order.items} currency={order.currency} />
          <TotalsTable rows={pricedRows(order, 'order')} currency={order.currency} label="Totals" />
        </section>
        <section className="panel" aria-labelledby="order-timeline-title">
          <h2 id="order-timeline-title">Timeline</h2>
          {order.timeline?.length ? <OrderTimeline timeline={order.timeline} /> : <p>No changes yet.</p>}
        </section>
        <section className="panel" aria-labelledby="order-messages-title">
          <h2 id="order-messages-title">Messages</h2>
          <OrderMessages messages={messages} canResend={canRecordPayment} />
        </section>
      </div>
      <div className="order-detail-side">
        <section className="panel" aria-labelledby="order-customer-title">
          <h2 id="order-customer-title">Customer</h2>
          <dl className="order-facts-list">
            <div>
              <dt>Name</dt>
              <dd>{order.customerName || 'Not given'}</dd>
            </div>
            <div>
              <dt>Email</dt>
              {/* A buyer who gave only a phone has none (decision 62). */}
              <dd>{order.email ? <a href={`mailto:${order.email}`}>{order.email}</a> : 'Not given'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{phone ? <BuyerPhone phone={phone} orderId={order.orderId} /> : 'Not given'}</dd>
            </div>
          </dl>
        </section>
        <section className="panel" aria-labelledby="order-delivery-title">
          <h2 id="order-delivery-title">Delivery</h2>
          <dl className="order-facts-list">
            <div>
              <dt>Type</dt>
              <dd>{delivery.type === 'pick-up' ? pickupWords(pickupAddress) : 'Delivery'}</dd>
            </div>
            {order.sharedDelivery && (
              <div>
                <dt>Shared checkout</dt>
                <dd>Paid by someone else: deliver to the person who shared it, at the address and phone below.</dd>
              </div>
            )}
            {delivery.type === 'dispatch' && (
              <>
                <div>
                  <dt>Region</dt>
                  <dd>{region ?? 'Not given'}</dd>
                </div>
                <div>
                  <dt>Address</dt>
                  <dd className="prose">{delivery.address || 'Not given'}</dd>
                </div>
                <div>
                  <dt>Rate</dt>
                  <dd>{rateWords(delivery, order.payment.provider)}</dd>
                </div>
                {riderPhone && (
                  <div>
                    <dt>Phone for the rider</dt>
                    <dd>
                      <PhoneLink phone={riderPhone} />
                    </dd>
                  </div>
                )}
              </>
            )}
          </dl>
        </section>
        <section className="panel" aria-labelledby="order-payment-title">
          <h2 id="order-payment-title">Payment</h2>
          <dl className="order-facts-list">
            <PaymentFacts order={order} transactions={transactions} />
            <div>
              <dt>Chosen at checkout</dt>
              <dd>{providerLabel(order.payment.provider, delivery.type)}</dd>
            </div>
          </dl>
          {canRecordPayment && (
            <div className="order-record-payment">
              <RecordPaymentForm order={order} />
            </div>
          )}
          {canRefund && (
            <div className="order-record-payment">
              <RefundForm order={order} refunds={refunds} />
            </div>
          )}
          {transactions.length > 0 && (
            <>
              <h3 className="order-transactions-title">Payments</h3>
              <ul className="order-transactions">
                {transactions.map((attempt) => (
                  <li key={attempt._id}>
                    <strong>{transactionStatusLabels[attempt.status]}</strong> ·{' '}
                    {formatMoney(attempt.amount.value, attempt.amount.currency)} ·{' '}
                    <time dateTime={attempt.createdAt}>{formatShortDate(new Date(attempt.createdAt))}</time>
                    <span className="block">{paymentWay(attempt)}</span>
                    <span className="hint block">
                      Reference {attempt.recorded ? (attempt.recorded.reference ?? 'not given') : attempt.reference}
                    </span>
                    {attempt.recorded?.note && <span className="block">{attempt.recorded.note}</span>}
                    {attempt.error && <span className="block">{attempt.error}</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
          <OrderRefunds order={order} refunds={refunds} />
        </section>
      </div>
    </div>
  )
}

function rateWords(delivery: DeliveryDetails, provider: string): string {
  const rate = delivery.rate
  if (!rate) return 'Not given'
  return `${rate.name}: ${formatMoney(rate.rate.value, rate.rate.currency)}, ${deliveryFeeWords(rate.paymentOption, provider)}`
}
