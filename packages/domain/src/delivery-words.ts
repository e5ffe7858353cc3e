/**
 * How an order's delivery reads in a sentence: the rate's name and the region, without saying the region
 * twice when the rate already says it goes there ("Delivery to Northern", not "Delivery to Northern to
 * Northern"; a setup-made rate is named "Delivery to" the regions it covers). A rate whose name says where
 * it goes without naming this region ("Delivery to 6 regions") gets the region in brackets rather than a
 * second "to"; any other name gets "to" and the region ("Northern regions to North East").
 */
export function deliveryWords(rateName: string | null | undefined, regionName: string | null | undefined): string {
  const rate = rateName?.trim() || 'Delivery'
  const region = regionName?.trim()
  if (!region) return rate
  const destination = /(?:^|\s)to\s+(.+)$/i.exec(rate)?.[1]
  if (destination === undefined) return `${rate} to ${region}`
  const named = new RegExp(`(^|[^\\p{L}\\p{N}])${region.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu')
  return named.test(destination) ? rate : `${rate} (${region})`
}

/** A pay-on-delivery order's way to pay, said for its own delivery: "Pay on delivery" or "Pay at pick-up". */
export function payOnDeliveryWords(deliveryType: 'pick-up' | 'dispatch'): string {
  return deliveryType === 'pick-up' ? 'Pay at pick-up' : 'Pay on delivery'
}
