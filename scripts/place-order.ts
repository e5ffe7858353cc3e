/**
 * Places an order in the demo shop by calling the order service directly: no server, no HTTP request.
 * It shows what any worker or script does to run an operation: open the database the way the server
 * does (DATA_DIR or DATABASE_URL, read by apps/api/src/config.ts), build a service context with
 * createContext, and call the service with it.
 *
 *   npx tsx scripts/place-order.ts [--email buyer@example.com] [--shop demo] [--count 1]
 *
 * It orders `count` of the newest in-stock product without variants, for pick-up, as an anonymous buyer
 * with that email, and prints the order. The demo shop must exist: `npm start` seeds it on a fresh data
 * directory. PGlite (the default, in DATA_DIR) takes one process at a time: stop the server first, or
 * point both at a PostgreSQL server with DATABASE_URL.
 */
import { parseArgs } from 'node:util'
import { anonymousActor } from '../apps/api/src/actor'
import { ConfigError, loadConfig } from '../apps/api/src/config'
import { createContext } from '../apps/api/src/context'
import { openDatabase } from '../apps/api/src/db/client'
import { HttpError } from '../apps/api/src/lib/errors'
import { listShopProducts } from '../apps/api/src/modules/catalog/product.service'
import { placeOrder } from '../apps/api/src/modules/orders/place-order'
import { orderPayments } from '../apps/api/src/modules/payments/order-payments'
import { getShopProfile } from '../apps/api/src/modules/shops/shop.service'

const { values: args } = parseArgs({
  options: {
    email: { type: 'string', default: 'script-buyer@example.com' },
    shop: { type: 'string', default: 'demo' },
    count: { type: 'string', default: '1' },
  },
})

async function main() {
  const config = loadConfig()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMode: config.databasePoolMode })
  try {
    await database.migrate()
    const ctx = createContext({ database, config, actor: anonymousActor() })

    const shop = await getShopProfile(ctx, args.shop)
    const page = await listShopProducts(ctx, shop._id, { inStock: 'true', $limit: '100' })
    const product = page.data.find((item) => item.variants.length === 0)
    if (!product) throw new Error(`${shop.title} has no product in stock without variants`)

    const { order } = await placeOrder(
      ctx,
      {
        query: { shop: shop._id, email: args.email },
        body: { items: [{ product: product._id, count: Number(args.count) }], delivery: { type: 'pick-up' } },
      },
      orderPayments,
    )
    console.log(`Placed order ${order.orderId} in ${shop.title} for ${order.email}:`)
    for (const line of order.items) console.log(`  ${line.count} × ${line.product.title} at ${order.currency} ${line.unitPrice.toFixed(2)}`)
    console.log(`  total ${order.currency} ${order.totals.total.toFixed(2)}, status ${order.status}, paid by ${order.payment.provider}`)
    if (order.privateUrl) console.log(`  the buyer's private link: ${order.privateUrl} (on the shop's site)`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else if (error instanceof HttpError) console.error(`${error.name}: ${error.message}${error.errors ? ` ${JSON.stringify(error.errors)}` : ''}`)
  else console.error(error)
  process.exit(1)
})
