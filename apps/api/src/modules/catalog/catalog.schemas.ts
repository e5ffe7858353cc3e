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
  MAX_CSV_BYTES,
  MAX_CSV_ROWS,
  MAX_QUANTITY,
  ProductCreateBody,
  type ProductCreateInput,
  ProductImportResponse,
  type ProductImportResult,
  type ProductImportRow,
  ProductPage,
  ProductPatchBody,
  type ProductPatchInput,
  ProductResponse,
  ProductsAvailabilityBody,
  type ProductsAvailabilityInput,
  ProductsAvailabilityResponse,
  type ProductsAvailabilityResult,
  type Product as ProductDto,
  StockCheckBody,
  type StockCheckInput,
  StockCheckResponse,
  type StockCheck,
} from '@shop/domain/schemas/catalog'
