/**
 * Wire schemas of refunds (decision 59). The body and the answer live in the domain package: the dashboard's
 * refund form checks the same rules, and the web derives its types from the answer.
 */
export {
  RefundCreateBody,
  type RefundCreateInput,
  RefundResponse,
  type Refund as RefundDto,
} from '@shop/domain/schemas/refunds'
