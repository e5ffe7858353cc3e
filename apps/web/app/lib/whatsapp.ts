/**
 * A `wa.me` link that opens a WhatsApp chat with `phone`, its message filled in with `text` when given.
 * wa.me takes the international number as digits only (no "+", spaces or dashes); a number written the
 * Ghanaian way (024 412 3456) is read as +233. Null when there are no digits to chat with.
 */
export function whatsAppUrl(phone: string, text?: string): string | null {
  let digits = phone.replace(/\D/g, '')
  if (!digits) return null
  // A local number (0 then nine digits) is Ghanaian, as the checkout reads it; 00 is the international prefix.
  if (!phone.trim().startsWith('+')) {
    if (digits.startsWith('00')) digits = digits.slice(2)
    else if (/^0\d{9}$/.test(digits)) digits = `233${digits.slice(1)}`
  }
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`
}
