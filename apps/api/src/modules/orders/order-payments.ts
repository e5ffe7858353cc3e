/**
 * What placing an order needs from payments, and nothing more. Payments depends on orders (it reads and
 * acks orders, cancels unpaid ones); orders reaches payments only through this interface, which
 * payments implements (payments/order-payments.ts) and the caller hands to `placeOrder`: the order
 * routes get it from app.ts, a script or a test imports it. So the two modules never import each other
 * both ways (docs/decisions/0026-service-context.md).
 */
import type { ServiceContext } from '../../context'
import type { OrderRow } from './orders.dto'
import type { PaymentSummary } from './orders.schemas'

/** An attempt written with the order; sent to its provider only after the order has committed. */
export type OpenedPayment = {
  /** Never throws: a provider that fails leaves the order placed and the attempt failed, said in the summary. */
  start(ctx: ServiceContext, accessKey: string | null): Promise<PaymentSummary>
}

export interface OrderPayments {
  /** The providers the shop takes orders with, in its order (the first is the default); never empty. */
  acceptedProviders(ctx: ServiceContext, paymentOptions: readonly { provider: string; enabled: boolean }[]): string[]
  /** Inside the placing transaction: the order's first attempt, or null when nothing is to be paid. */
  open(tx: ServiceContext, order: OrderRow): Promise<OpenedPayment | null>
  /** The payment part of a replayed order's answer: its newest attempt, no pay page. */
  current(ctx: ServiceContext, order: OrderRow): Promise<PaymentSummary>
}
