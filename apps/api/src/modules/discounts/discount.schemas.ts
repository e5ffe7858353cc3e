/**
 * Wire schemas of discount codes. Requests are strict (unknown fields are a 400). `value` is a whole
 * percent for percentage codes and major units (≤ 2 decimals) for fixed ones; `minSubtotal` is major units.
 * They live in the domain package, where the dashboard's form validates with the request bodies too and the
 * web derives its types from the answers.
 */
export {
  CODE_PATTERN,
  DiscountCodeCreateBody,
  type DiscountCodeCreateInput,
  DiscountCodeListItem,
  DiscountCodePatchBody,
  type DiscountCodePatchInput,
  DiscountCodeResponse,
  type DiscountCode as DiscountCodeDto,
  type PublicDiscountCode as PublicDiscountCodeDto,
} from '@shop/domain/schemas/discount-code'
