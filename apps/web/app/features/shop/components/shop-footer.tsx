import type { Shop } from '../../../types/api'

export function ShopFooter({ shop, platform }: { shop: Shop; platform: { name: string; url: string } }) {
  return (
    <footer className="site-footer">
      <p>{shop.title}</p>
      <p>
        Want a shop like this? <a href={`${platform.url}/setup`}>Create your shop with {platform.name}</a>
      </p>
    </footer>
  )
}
