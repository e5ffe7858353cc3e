/**
 * Wire schemas of customers. The answers and the PATCH body live in the domain package, where the web
 * derives its types from them; the list's own parameters are here.
 */
import { Type } from 'typebox'

export {
  CustomerDetailResponse,
  CustomerPatchBody,
  type CustomerPatchInput,
  CustomerResponse,
  type Customer as CustomerDto,
  type CustomerDetail as CustomerDetailDto,
} from '@shop/domain/schemas/customers'

/** Staff search: part of a customer's name, e-mail or phone (a phone in any form, or a few of its digits). */
export const CustomerSearch = Type.String({ maxLength: 100 })

/** `owes=true`: only customers with money still due on their orders. */
export const OwesFilter = Type.Literal('true', { description: 'only customers who still owe money' })
