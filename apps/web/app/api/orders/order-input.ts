/** What checkouts and orders are made of on the wire: ids and counts, never prices (DESIGN §8). */
export type ItemInput = { product: string; variant?: string; count: number }

export type DeliveryInput =
  | { type: 'pick-up'; phone?: string }
  | { type: 'dispatch'; region: string; rate: string; address: string; phone?: string }

export type CheckoutInput = { items: ItemInput[]; delivery: DeliveryInput; discount?: { code: string } }

/** `email` for the query: required when not logged in. */
export type BuyerQuery = { shop: string; email?: string }
