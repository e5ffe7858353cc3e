/** Who a message comes from, as its templates show it: the shop (or the platform) and where links lead. */
export type Site = {
  /** The shop's title, or the platform's name for a message of no shop. */
  name: string
  /** The shop's host (or the platform's origin): relative links resolve against it. */
  origin: string
  /** An absolute URL of the shop's logo thumbnail, or null. */
  logoUrl: string | null
  providerName: string
}

/** An absolute link: a path on the site's host, or an absolute URL as it is. */
export function linkOn(site: Site, pathOrUrl: string): string {
  return new URL(pathOrUrl, site.origin).toString()
}
