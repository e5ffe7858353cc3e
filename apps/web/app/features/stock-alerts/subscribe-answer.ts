import type { StockAlert } from '@shop/domain/schemas/stock-alerts'
import type { ActionAnswer } from '../../lib/route-data'

/** What the `stock-alerts` route's action answers the "Tell me when it's back" form. */
export type SubscribeAnswer = ActionAnswer<'subscribe', StockAlert>
