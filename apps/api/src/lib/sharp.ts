/**
 * sharp (libvips), loaded on first use: a process that never decodes an image (most workers, most of the
 * time) never maps the library, about 30 MB resident. Its operation cache is off: each upload is a new
 * image, so cached operations would only hold memory.
 */
import type sharpFunction from 'sharp'

export type Sharp = typeof sharpFunction

let loaded: Promise<Sharp> | undefined

export function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  })
  return loaded
}
