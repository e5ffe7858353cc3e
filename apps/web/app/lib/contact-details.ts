/**
 * The buyer's name and phone as a checkout form takes them: both required, for delivery and pick-up alike.
 * The phone is checked with the same rules as the API (`@shop/domain/phone`, loaded only when a form
 * checks one: its metadata is ~29 KB) and sent in international form; the API checks it again.
 */
export type ContactField = 'name' | 'phone'
export type ContactProblems = Partial<Record<ContactField, string>>

export type CheckedContact = { problems: ContactProblems; name: string; phone: string }

export async function checkContact(name: string, phone: string): Promise<CheckedContact> {
  const problems: ContactProblems = {}
  const trimmedName = name.trim()
  if (!trimmedName) problems.name = 'Enter your name, so the shop knows whom the order is for.'
  let international = ''
  if (!phone.trim()) problems.phone = 'Enter a phone number the shop can call, like 024 412 3456.'
  else {
    const { parsePhone } = await import('@shop/domain/phone')
    const checked = parsePhone(phone)
    if (checked.ok) international = checked.phone
    else problems.phone = `${checked.message}.`
  }
  return { problems, name: trimmedName, phone: international }
}
