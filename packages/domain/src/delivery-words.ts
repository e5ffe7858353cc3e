/**
 * How an order's delivery reads in a sentence: the rate's name and the region, without saying the region
 * twice when the rate is already named after it ("Delivery to Northern", not "Delivery to Northern to
 * Northern"; a setup-made rate is named after the regions it covers). A rate whose name already says where
 * it goes ("Delivery to 6 regions") gets the region in brackets rather than a second "to".
 */
export function deliveryWords(rateName: string | null | undefined, regionName: string | null | undefined): string {
  const rate = rateName?.trim() || 'Delivery'
  const region = regionName?.trim()
  if (!region) return rate
  const named = new RegExp(`(^|[^\\p{L}\\p{N}])${region.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu')
  if (named.test(rate)) return rate
  return /(^|\s)to(\s|$)/i.test(rate) ? `${rate} (${region})` : `${rate} to ${region}`
}

/** A pay-on-delivery order's way to pay, said for its own delivery: "Pay on delivery" or "Pay at pick-up". */
export function payOnDeliveryWords(deliveryType: 'pick-up' | 'dispatch'): string {
  return deliveryType === 'pick-up' ? 'Pay at pick-up' : 'Pay on delivery'
}
