/** A random URL-safe id (128 bits), also where crypto.randomUUID is missing (plain http hosts). */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
