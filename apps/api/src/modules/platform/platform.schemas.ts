/** Wire schemas of the platform console: they live in the domain package, where the console page reads their types. */
export {
  PlatformAuditPage,
  PlatformAuditQuery,
  PlatformOperator,
  PlatformShop,
  PlatformShopListQuery,
  PlatformShopPage,
  RestoreShopBody,
  SuspendShopBody,
} from '@shop/domain/schemas/platform'
