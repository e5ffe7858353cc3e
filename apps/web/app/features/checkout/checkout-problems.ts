/**
 * What keeps a checkout from being placed, by field, and the order's body as it is sent: the same rules for
 * the form handled in the browser and for the form posted before the page's scripts ran (decision 90).
 */
import { isValidEmail } from '@shop/domain'
import type { DeliveryRateOption } from '@shop/domain/schemas/delivery'
import type { CheckoutCreateInput as CheckoutInput, ItemInput } from '@shop/domain/schemas/order-input'
import { type ContactField, checkContact } from '../../lib/contact-details'
import { type DeliveryDraft, type DeliveryField, deliveryInput, deliveryProblems } from '../../lib/delivery-details'
import type { FieldErrors } from '../../lib/field-errors'

export type CheckoutField = 'email' | ContactField | DeliveryField

/** In the order the fields appear: the first with a problem gets the focus. */
export const checkoutFields: readonly CheckoutField[] = ['region', 'rate', 'address', 'email', 'name', 'phone']

export type CheckoutEntry = {
  /** Ignored for a signed-in buyer, whose account's address is used. */
  email: string
  name: string
  phone: string
  delivery: DeliveryDraft
}

/**
 * The problems of `entry` (`rates`: the chosen region's, null while unknown) and, when there are none, the
 * order's body for `items` with the code (already known to count) and the name and phone as sent.
 */
export async function checkCheckout(
  entry: CheckoutEntry,
  context: { rates: readonly DeliveryRateOption[] | null; signedIn: boolean; items: ItemInput[]; code: string | null },
): Promise<{ problems: Partial<Record<CheckoutField, string>>; input: CheckoutInput }> {
  const problems: Partial<Record<CheckoutField, string>> = {}
  // A phone is enough (decision 62): the e-mail is optional, but one given must be an address.
  if (!context.signedIn && entry.email.trim() && !isValidEmail(entry.email.trim())) {
    problems.email = 'Enter an e-mail address like name@example.com, or leave it empty.'
  }
  const checked = await checkContact(entry.name, entry.phone)
  Object.assign(problems, checked.problems, deliveryProblems(entry.delivery, context.rates))
  const discount = context.code ? { discount: { code: context.code } } : {}
  const input = { items: context.items, delivery: deliveryInput(entry.delivery, checked.phone), ...discount, name: checked.name, phone: checked.phone }
  return { problems, input }
}

/** The buyer as the order's query names them: the shop, and a guest's e-mail when one was given. */
export function buyerQuery(shopId: string, email: string, signedIn: boolean): { shop: string; email?: string } {
  return { shop: shopId, ...(signedIn || !email.trim() ? {} : { email: email.trim() }) }
}

/**
 * The problems of a refused order (the page's action found them, or the shop did) that belong beside the
 * checkout's fields: the order's paths (`delivery.address`) become the fields that hold them (`address`).
 */
export function refusedFields(errors: FieldErrors): Partial<Record<CheckoutField, string>> {
  const fields: Partial<Record<CheckoutField, string>> = {}
  for (const [path, message] of Object.entries(errors)) {
    const field = (path === 'delivery.phone' ? 'phone' : path.replace(/^delivery\./, '')) as CheckoutField
    if (checkoutFields.includes(field)) fields[field] ??= message
  }
  return fields
}

/** The cart's lines the shop refused (`items.0` is the order's first line), by their key, with the message. */
export function refusedLines(errors: FieldErrors, lines: readonly { key: string }[]): Map<string, string> {
  const refused = new Map<string, string>()
  for (const [path, message] of Object.entries(errors)) {
    const index = /^items\.(\d+)$/.exec(path)?.[1]
    const line = index === undefined ? undefined : lines[Number(index)]
    if (line) refused.set(line.key, message)
  }
  return refused
}
