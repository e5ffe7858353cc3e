/**
 * To a shopper who asked "tell me when it's back": the variant is in stock again. One message per alert;
 * `unsubscribePath` (`/stock-alerts/{id}?key=…`) carries the alert's key, a secret kept until it is sent.
 */
import { ButtonLink } from './layout'
import { linkOn } from './site'
import type { MessageTemplate } from './template'

export type StockBackData = {
  title: string
  /** The variant's features ("Size: M"), '' for a product without variants. */
  features: string
  /** The product's page on the shop. */
  path: string
  unsubscribePath: string
}

const nameOf = (data: StockBackData) => `${data.title}${data.features ? ` (${data.features})` : ''}`

export const stockBack: MessageTemplate<StockBackData> = {
  secretFields: ['unsubscribePath'],
  email(data, site) {
    const name = nameOf(data)
    const link = linkOn(site, data.path)
    const news = `${name} is back in stock at ${site.name}. You asked us to tell you; this is the only message you get about it.`
    const stop = linkOn(site, data.unsubscribePath)
    return {
      subject: `Back in stock: ${name}`,
      body: (
        <>
          <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>It's back</h1>
          <p>{news}</p>
          <ButtonLink href={link}>See {data.title}</ButtonLink>
          <p style={{ fontSize: 13, color: '#555' }}>
            Did not ask for this? <a href={stop}>Unsubscribe</a>.
          </p>
        </>
      ),
      text: [news, '', `See it: ${link}`, '', `Did not ask for this? Unsubscribe: ${stop}`].join('\n'),
    }
  },
  sms: (data, site) => `${site.name}: ${nameOf(data)} is back in stock. ${linkOn(site, data.path)} Stop: ${linkOn(site, data.unsubscribePath)}`,
}
