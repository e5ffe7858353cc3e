/**
 * A month of demo history, so the dashboard has something to show: orders in every status (with their
 * timelines), reviews of delivered orders, notifications, and 30 days of site visits. Deterministic
 * (a seeded generator), built as rows for the seed's transaction.
 */
import { randomUUID } from 'node:crypto'
import {
  type OrderStatus,
  discountAmount,
  displayedPrice,
  nextStatus,
  orderStatusLabels,
  orderTotal,
  subtotal,
} from '@shop/domain'
import type {
  DeliveryDetails,
  LineItem,
  analyticsEvents,
  notifications,
  orderEvents,
  orders,
  reviews,
  trackingIds,
} from '../db/schema'
import { newOrderId } from '../modules/orders/place-order'
import type { NewDeliveryRate, NewProduct } from './factories'

type NewOrder = typeof orders.$inferInsert
type NewOrderEvent = typeof orderEvents.$inferInsert
type NewReview = typeof reviews.$inferInsert
type NewNotification = typeof notifications.$inferInsert
type NewTrackingId = typeof trackingIds.$inferInsert
type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

/** mulberry32: a small seeded generator, so every fresh demo looks the same. */
function generator(seed: number) {
  let a = seed
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! }
}

const buyers = [
  { email: 'yaa.asantewaa@example.com', phone: '+233 24 100 2001' },
  { email: 'kwesi.appiah@example.com', phone: '+233 20 300 4002' },
  { email: 'abena.osei@example.com', phone: '+233 55 500 6003' },
  { email: 'nii.lamptey@example.com', phone: '+233 27 700 8004' },
]
const addresses: Record<string, string> = {
  'GH-AA': '12 Ring Road East, Osu, Accra',
  'GH-AH': 'Plot 4, Adum, Kumasi',
  'GH-CP': '7 Commercial Street, Cape Coast',
  'GH-NP': 'Near Central Mosque, Tamale',
}
const reviewTexts = [
  [5, 'Lovely quality and it arrived a day early. Will order again!'],
  [4, 'Good value. The size runs a little small, so order one up.'],
  [5, 'Picked up in Osu, the staff were very helpful.'],
] as const

/** How far each order has come: every status appears, most orders are delivered. */
const finalStatuses: OrderStatus[] = [
  'placed', 'placed', 'packaged', 'ready', 'ready', 'dispatched', 'canceled', 'canceled',
  ...Array<OrderStatus>(28).fill('delivered'),
]

export type DemoHistory = {
  orders: NewOrder[]
  events: NewOrderEvent[]
  reviews: NewReview[]
  notifications: NewNotification[]
  trackingIds: NewTrackingId[]
  visits: NewAnalyticsEvent[]
}

export function demoHistory(input: {
  shopId: string
  shopperId: string
  staffIds: string[]
  products: NewProduct[]
  rates: (NewDeliveryRate & { id: string })[]
  welcomeCode: { code: string; type: 'percentage'; value: number; id: string }
  now: Date
}): DemoHistory {
  const random = generator(20261122)
  const sellable = input.products.filter((p) => p.available !== false)
  const history: DemoHistory = { orders: [], events: [], reviews: [], notifications: [], trackingIds: [], visits: [] }
  const usedOrderIds = new Set<string>()

  finalStatuses.forEach((finalStatus, index) => {
    // Newest orders are the least advanced; delivered ones spread over the month.
    const ageDays = finalStatus === 'delivered' ? random.int(4, 29) : random.int(0, 3)
    const createdAt = new Date(input.now.getTime() - ageDays * DAY - random.int(1, 10) * HOUR)
    const byShopper = index % 3 === 0 || (finalStatus === 'delivered' && index % 4 === 1)
    const buyer = byShopper ? { email: 'shopper@demo.shop', phone: '+233 26 448 7305' } : random.pick(buyers)

    const lines: LineItem[] = []
    for (let n = random.int(1, 3); lines.length < n; ) {
      const product = random.pick(sellable)
      if (lines.some((line) => line.product === product.id)) continue
      const variant = product.variants?.length ? random.pick(product.variants) : undefined
      lines.push({
        product: product.id!,
        ...(variant ? { variant: variant._id, features: variant.features } : {}),
        count: random.int(1, 2),
        title: product.title,
        unitPriceMinor: displayedPrice(product.priceMinor, product.sellAtMinor ?? 0),
        currency: 'GHS',
        priceMinor: product.priceMinor,
        sellAtMinor: product.sellAtMinor ?? 0,
        images: product.images ?? [],
        stockTaken: false,
      })
    }

    const dispatch = finalStatus === 'dispatched' || index % 2 === 0
    const rate = dispatch ? random.pick(input.rates) : undefined
    const region = rate ? rate.regions![0]! : undefined
    const delivery: DeliveryDetails = rate
      ? {
          type: 'dispatch',
          region,
          address: addresses[region!] ?? 'Main Street',
          phone: buyer.phone,
          rate: { id: rate.id, name: rate.name, rateMinor: rate.rateMinor, currency: 'GHS', paymentOption: rate.paymentOption ?? 'instant', estimatedDays: rate.estimatedDays ?? null },
        }
      : { type: 'pick-up', phone: buyer.phone }
    const sub = subtotal(lines)
    const discount = index % 5 === 2 ? input.welcomeCode : null
    const discountMinor = discountAmount(sub, discount)
    const deliveryMinor = rate?.rateMinor ?? 0

    let orderId = newOrderId()
    while (usedOrderIds.has(orderId)) orderId = newOrderId()
    usedOrderIds.add(orderId)
    const id = randomUUID()

    // Walk the status machine to the final status, an event per step a few hours apart.
    const steps: OrderStatus[] = ['placed']
    if (finalStatus === 'canceled') steps.push(...(index % 2 ? (['packaged', 'canceled'] as const) : (['canceled'] as const)))
    else {
      for (let s = nextStatus('placed', delivery.type); s && steps.at(-1) !== finalStatus; s = nextStatus(s, delivery.type)) steps.push(s)
    }
    const stepTimes = steps.reduce<Date[]>(
      (times, _s, i) => [...times, i === 0 ? createdAt : new Date(times[i - 1]!.getTime() + random.int(3, 20) * HOUR)],
      [],
    )
    const at = (i: number) => (stepTimes[i]! > input.now ? input.now : stepTimes[i]!)
    const updatedAt = at(steps.length - 1)

    history.orders.push({
      id,
      shopId: input.shopId,
      orderId,
      profileId: byShopper ? input.shopperId : null,
      email: buyer.email,
      phone: buyer.phone,
      items: lines,
      delivery,
      discount: discount ? { code: discount.code, type: discount.type, value: discount.value } : null,
      discountCodeId: discount?.id ?? null,
      currency: 'GHS',
      subtotalMinor: sub,
      taxMinor: 0,
      deliveryMinor,
      discountMinor,
      totalMinor: orderTotal({ subtotal: sub, deliveryFee: deliveryMinor, discount: discountMinor, deliveryType: delivery.type }),
      status: finalStatus,
      paymentProvider: 'manual',
      acked: true,
      createdAt,
      updatedAt,
    })
    steps.forEach((status, i) => {
      history.events.push({ shopId: input.shopId, orderId: id, status, note: '', createdAt: at(i) })
      if (byShopper) {
        history.notifications.push({
          shopId: input.shopId,
          userId: input.shopperId,
          type: i === 0 ? 'order-placed' : 'order-status',
          title: i === 0 ? `Order ${orderId} placed` : `Order ${orderId} is ${orderStatusLabels[status]}`,
          body: i === 0 ? 'Thank you for your order.' : '',
          link: `/account/orders`,
          read: ageDays > 2,
          createdAt: at(i),
        })
      }
    })
    if (ageDays <= 3) {
      for (const userId of input.staffIds) {
        history.notifications.push({
          shopId: input.shopId,
          userId,
          type: 'new-order',
          title: `New order ${orderId}`,
          body: `${lines.length} item${lines.length > 1 ? 's' : ''} for ${buyer.email}`,
          link: '/admin/orders',
          read: ageDays > 1,
          createdAt,
        })
      }
    }
    if (byShopper && finalStatus === 'delivered' && history.reviews.length < reviewTexts.length) {
      const [rating, text] = reviewTexts[history.reviews.length]!
      history.reviews.push({ shopId: input.shopId, relatedOrder: id, profileId: input.shopperId, rating, text, createdAt: new Date(updatedAt.getTime() + 2 * HOUR) })
    }
  })

  // 30 days of visits: a few hundred visitors, some coming back on later days.
  const visitors = Array.from({ length: 180 }, () => randomUUID())
  for (const id of visitors) history.trackingIds.push({ id, expiresAt: new Date(input.now.getTime() + 30 * DAY), createdAt: new Date(input.now.getTime() - 30 * DAY) })
  for (let day = 29; day >= 0; day--) {
    const weekend = new Date(input.now.getTime() - day * DAY).getUTCDay() % 6 === 0
    const count = random.int(weekend ? 35 : 15, weekend ? 70 : 45)
    for (let v = 0; v < count; v++) {
      const at = new Date(input.now.getTime() - day * DAY - random.int(0, 23) * HOUR - random.int(0, 59) * 60_000)
      history.visits.push({
        shopId: input.shopId,
        trackingId: random.pick(visitors),
        action: 'site_visit',
        category: 'shop',
        extras: { origin: 'http://demo.localhost:3000', shop: input.shopId },
        createdAt: at > input.now ? input.now : at,
      })
    }
  }
  return history
}
