/**
 * A month of demo history, so the dashboard has something to show: orders in every status, reviews of
 * delivered orders, and 30 days of site visits. This is only the plan (what happened, and when), drawn
 * from a seeded generator so every fresh demo looks the same; demo.ts makes it happen through the
 * services (placing each order, moving it, reviewing it, recording the visits) with the clock at those
 * times.
 */
import { type OrderStatus, nextStatus } from '@shop/domain'
import type { DeliveryInput, ItemInput } from '../modules/orders/orders.schemas'

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

export const SHOPPER = { email: 'shopper@demo.shop', phone: '+233 26 448 7305', name: null }

/** Guests give their name and phone at checkout; the demo shopper's come from the account's profile. */
const buyers = [
  { email: 'yaa.asantewaa@example.com', phone: '+233 24 100 2001', name: 'Yaa Asantewaa' },
  { email: 'kwesi.appiah@example.com', phone: '+233 20 300 4002', name: 'Kwesi Appiah' },
  { email: 'abena.osei@example.com', phone: '+233 55 500 6003', name: 'Abena Osei' },
  { email: 'nii.lamptey@example.com', phone: '+233 27 700 8004', name: 'Nii Lamptey' },
]
const addresses: Record<string, string> = {
  'GH-AA': '12 Ring Road East, Osu, Accra',
  'GH-AH': 'Plot 4, Adum, Kumasi',
  'GH-CP': '7 Commercial Street, Cape Coast',
  'GH-NP': 'Near Central Mosque, Tamale',
}
/** Rating, text, and whether it reviews the order's first item (decision 81) rather than the whole order. */
const reviewTexts = [
  [5, 'Lovely quality and it arrived a day early. Will order again!', true],
  [4, 'Good value. The size runs a little small, so order one up.', true],
  [5, 'Picked up in Osu, the staff were very helpful.', false],
] as const

/** How far each order has come: every status appears, most orders are delivered. */
const finalStatuses: OrderStatus[] = [
  'placed', 'placed', 'packaged', 'ready', 'ready', 'dispatched', 'canceled', 'canceled',
  ...Array<OrderStatus>(28).fill('delivered'),
]

export type HistoryOrder = {
  placedAt: Date
  /** Placed by the demo shopper's account; otherwise by an anonymous buyer with `email`. */
  byShopper: boolean
  email: string
  /** The name and phone given at checkout (the shopper's come from the profile). */
  contact: { name?: string; phone: string }
  items: ItemInput[]
  delivery: DeliveryInput
  /** Payments the staff record: in full once delivered (cash or mobile money), in part for some on the way. */
  payments: { method: 'cash' | 'mobile-money'; share: 'all' | 'half'; after: OrderStatus }[]
  /** The staff's moves after placing, in order, each with its time. */
  moves: { status: OrderStatus; at: Date }[]
  /** `ofItem`: a review of the order's first item; otherwise of the whole order. */
  review: { rating: number; text: string; at: Date; ofItem: boolean } | null
}

export type DemoHistory = {
  orders: HistoryOrder[]
  /** Anonymous visitors, each with a tracking id made when the month began. */
  visitors: number
  visitorsSince: Date
  /** Site visits: which visitor, and when. */
  visits: { visitor: number; at: Date }[]
}

export type HistoryProduct = { id: string; createdAt: Date; available: boolean; variants: { _id: string }[] }
export type HistoryRate = { id: string; regions: string[] }

export function demoHistory(input: { products: HistoryProduct[]; rates: HistoryRate[]; now: Date }): DemoHistory {
  const { now } = input
  const random = generator(20261122)
  const history: DemoHistory = { orders: [], visitors: 180, visitorsSince: new Date(now.getTime() - 30 * DAY + 30_000), visits: [] }

  finalStatuses.forEach((finalStatus, index) => {
    // Newest orders are the least advanced; delivered ones spread over the month. Orders still waiting for
    // the shop are at most a day and a half old, well inside the 48 hours a shop has to confirm one.
    const drawnDays = finalStatus === 'delivered' ? random.int(4, 29) : random.int(0, 3)
    const ageDays = finalStatus === 'placed' ? Math.min(drawnDays, 1) : drawnDays
    const placedAt = new Date(now.getTime() - ageDays * DAY - random.int(1, 10) * HOUR)
    const byShopper = index % 3 === 0 || (finalStatus === 'delivered' && index % 4 === 1)
    const buyer = byShopper ? SHOPPER : random.pick(buyers)
    // Only what the shop sold at the time.
    const sellable = input.products.filter((product) => product.available && product.createdAt < placedAt)

    const items: ItemInput[] = []
    for (let n = random.int(1, 3); items.length < n; ) {
      const product = random.pick(sellable)
      if (items.some((item) => item.product === product.id)) continue
      const variant = product.variants.length ? random.pick(product.variants)._id : null
      items.push({ product: product.id, variant, count: random.int(1, 2) })
    }

    const dispatch = finalStatus === 'dispatched' || index % 2 === 0
    const rate = dispatch ? random.pick(input.rates) : undefined
    const region = rate?.regions[0]
    const delivery: DeliveryInput =
      rate && region
        ? { type: 'dispatch', region, address: addresses[region] ?? 'Main Street', phone: buyer.phone, rate: rate.id }
        : { type: 'pick-up' }
    const contact = { ...(buyer.name ? { name: buyer.name } : {}), phone: buyer.phone }

    // Walk the status machine to the final status, a move every few hours.
    const statuses: OrderStatus[] = []
    if (finalStatus === 'canceled') statuses.push(...(index % 2 ? (['packaged', 'canceled'] as const) : (['canceled'] as const)))
    else {
      for (let s = nextStatus('placed', delivery.type); s && statuses.at(-1) !== finalStatus && finalStatus !== 'placed'; s = nextStatus(s, delivery.type)) statuses.push(s)
    }
    // A few hours apart, never later than now and never two at the same moment (the timeline sorts by time).
    let time = placedAt.getTime()
    const moves = statuses.map((status, i) => {
      time = Math.min(time + random.int(3, 20) * HOUR, now.getTime() - (statuses.length - i) * 60_000)
      return { status, at: new Date(time) }
    })

    const reviewed = byShopper && finalStatus === 'delivered' && history.orders.filter((order) => order.review).length < reviewTexts.length
    const [rating, text, ofItem] = reviewed ? reviewTexts[history.orders.filter((order) => order.review).length]! : [0, '', false]
    const review = reviewed ? { rating, text, ofItem, at: new Date(Math.min(time + 2 * HOUR, now.getTime())) } : null

    // Paid on handing over, by cash or mobile money, before the order is marked delivered (money owed is never
    // lost, decision 57); some orders on their way paid half up front.
    const method = index % 3 === 1 ? 'mobile-money' : 'cash'
    const payments: HistoryOrder['payments'] = []
    if (finalStatus === 'ready' || finalStatus === 'dispatched') payments.push({ method: 'mobile-money', share: 'half', after: finalStatus })
    if (finalStatus === 'delivered') {
      if (index % 5 === 0) payments.push({ method: 'mobile-money', share: 'half', after: 'packaged' })
      payments.push({ method, share: 'all', after: statuses.at(-2)! })
    }

    history.orders.push({ placedAt, byShopper, email: buyer.email, contact, items, delivery, moves, payments, review })
  })

  // 30 days of visits: a few hundred visitors, some coming back on later days.
  for (let day = 29; day >= 0; day--) {
    const weekend = new Date(now.getTime() - day * DAY).getUTCDay() % 6 === 0
    const count = random.int(weekend ? 35 : 15, weekend ? 70 : 45)
    for (let v = 0; v < count; v++) {
      const at = new Date(now.getTime() - day * DAY - random.int(0, 23) * HOUR - random.int(0, 59) * 60_000)
      history.visits.push({ visitor: random.int(0, history.visitors - 1), at: at > now ? now : at })
    }
  }
  return history
}
