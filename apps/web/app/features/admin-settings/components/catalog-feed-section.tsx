import type { ShopConfig } from '@shop/domain/schemas/shop'
import { CopyField } from '../../../components/ui/copy-field'
import { feedAddresses } from '../catalog-feed'
import { SettingsSection } from './settings-section'

/**
 * The product feed Google Merchant Center and Meta Commerce Manager fetch (visible products, one item per
 * variant), with its address to copy and the few steps to add it in each.
 */
export function CatalogFeedSection({ config, platformUrl, slug }: { config: ShopConfig; platformUrl: string; slug: string }) {
  const [main, ...others] = feedAddresses(platformUrl, slug, config.customDomains)
  return (
    <SettingsSection
      id="catalog-feed"
      title="Google and Facebook catalog"
      intro="Your visible products as a product feed: Google Shopping and Facebook and Instagram shops read it and fetch it again every day, so prices and stock stay current."
    >
      <CopyField
        label="Product feed address"
        value={main!}
        copies="the product feed address"
        copied="Feed address copied"
        hint={others.length > 0 ? `Also at ${others.join(', ')}. Use the address on the website you add in Merchant Center or Commerce Manager.` : undefined}
      />
      <div className="settings-subform">
        <h3>Google Merchant Center</h3>
        <ol>
          <li>In Merchant Center, open Products, then Add products.</li>
          <li>Choose Add products from a file, then Add a file link.</li>
          <li>Paste the feed address, choose a daily fetch and save.</li>
        </ol>
      </div>
      <div className="settings-subform">
        <h3>Meta Commerce Manager (Facebook and Instagram)</h3>
        <ol>
          <li>In Commerce Manager, open your catalog, then Data sources.</li>
          <li>Choose Add items, then Data feed, then Scheduled feed.</li>
          <li>Paste the feed address, choose to update daily and upload.</li>
        </ol>
      </div>
    </SettingsSection>
  )
}
