import type { ShopConfig } from '@shop/domain/schemas/shop'
import type { ReportDirty } from '../hooks/use-dirty-forms'

/** What each shop-settings form gets from the page: the settings as saved, and where to report changes. */
export type ConfigSectionProps = {
  config: ShopConfig
  reportDirty: ReportDirty
}
