/** What checkouts and orders are made of on the wire: ids and counts, never prices (docs/architecture.md §8). */
export type ItemInput = { product: string; variant?: string; count: number }

export type DeliveryInput =
  | { type: 'pick-up'; phone?: string }
  | { type: 'dispatch'; region: string; rate: string; address: string; phone?: string }

/** `name` and `phone`: the buyer's (the phone in international form); a delivery's rider calls `delivery.phone`. */
export type CheckoutInput = { items: ItemInput[]; delivery: DeliveryInput; discount?: { code: string }; name?: string; phone?: string }

/** `email` for the query: when not logged in, an e-mail or a phone in the body is required (decision 62). */
export type BuyerQuery = { shop: string; email?: string }
