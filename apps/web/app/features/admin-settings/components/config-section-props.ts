import type { ReportDirty } from '../hooks/use-dirty-forms'
import type { ShopConfig } from '../types'

/** What each shop-settings form gets from the page: the settings as saved, and where to report changes. */
export type ConfigSectionProps = {
  config: ShopConfig
  reportDirty: ReportDirty
}
