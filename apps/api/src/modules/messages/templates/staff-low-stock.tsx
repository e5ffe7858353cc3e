/** To staff: a tracked variant fell to the shop's low-stock threshold (once per crossing). */
import { ButtonLink } from './layout'
import { linkOn } from './site'
import type { MessageTemplate } from './template'

export type StaffLowStockData = {
  title: string
  /** The variant's features ("Size: M"), '' for a product without variants. */
  features: string
  left: number
  threshold: number
  /** The product's page in the dashboard. */
  path: string
}

export const staffLowStock: MessageTemplate<StaffLowStockData> = {
  email(data, site) {
    const name = `${data.title}${data.features ? ` (${data.features})` : ''}`
    const news = data.left === 0 ? `${name} is sold out.` : `Only ${data.left} of ${name} left (your low-stock level is ${data.threshold}).`
    const link = linkOn(site, data.path)
    return {
      subject: data.left === 0 ? `Sold out: ${name}` : `Low stock: ${name}`,
      body: (
        <>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>{data.left === 0 ? 'Sold out' : 'Running low'}</h1>
          <p>{news}</p>
          <ButtonLink href={link}>Update the stock</ButtonLink>
        </>
      ),
      text: [news, '', `Update the stock: ${link}`].join('\n'),
    }
  },
}
