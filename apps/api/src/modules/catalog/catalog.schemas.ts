/**
 * Wire schemas of the catalog: what the routes accept (strict: unknown fields are a 400) and what they
 * answer. They live in the domain package, where the dashboard's forms validate with the request bodies
 * and the web derives its types from the answers.
 */
export {
  CategoryCreateBody,
  type CategoryCreateInput,
  CategoryResponse,
  type Category as CategoryDto,
  InventoryResponse,
  type InventoryRow as InventoryDto,
  InventoryUpsertBody,
  type InventoryUpsertInput,
  MAX_AMOUNT,
  MAX_QUANTITY,
  ProductCreateBody,
  type ProductCreateInput,
  ProductPatchBody,
  type ProductPatchInput,
  ProductResponse,
  type Product as ProductDto,
  VariantId,
} from '@shop/domain/schemas/catalog'
