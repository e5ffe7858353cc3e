/**
 * A product picture that fits the screen: the browser picks, from the upload's widths, the smallest AVIF
 * (else WebP) file that fills the box `sizes` describes at the screen's pixel density. The original's width
 * and height are given so the box is reserved before the file arrives (no layout shift). Lazy and async by
 * default so it never blocks the page; `priority` for the one picture the first paint shows (eager, fetched
 * first). Uploads made before widths existed show their thumbnail or original (docs/architecture.md §12, decision 42).
 */
import type { ReactElement } from 'react'
import type { ImageVariant } from '@shop/domain/schemas/uploads'

export type Picture = { url: string; thumbnail: string; width?: number; height?: number; variants?: ImageVariant[] }

/** Where pictures are shown, as `sizes`: a grid cell (2, 3 then 4 columns), the product page, a small mark. */
export const PICTURE_SIZES = {
  card: '(min-width: 1024px) 268px, (min-width: 768px) calc(33vw - 2rem), calc(50vw - 1.5rem)',
  page: '(min-width: 1152px) 548px, (min-width: 768px) calc(50vw - 2.5rem), calc(100vw - 2rem)',
  line: '4.5rem',
} as const

export function srcSet(variants: readonly ImageVariant[], format: 'avif' | 'webp'): string {
  return variants.map((variant) => `${variant[format]} ${variant.width}w`).join(', ')
}

/**
 * A small square mark (the dashboard's lists and editors): the narrowest widths that fill `side` CSS
 * pixels, not the 400 px thumbnail. WebP only: every browser the dashboard supports shows it.
 */
export function SmallImage({ image, side }: { image: Picture; side: number }) {
  const variants = image.variants ?? []
  return (
    <img
      src={variants[0]?.webp ?? image.thumbnail}
      srcSet={variants.length ? srcSet(variants, 'webp') : undefined}
      sizes={variants.length ? `${side}px` : undefined}
      alt=""
      width={side}
      height={side}
      loading="lazy"
      decoding="async"
    />
  )
}

export function ProductImage({
  image,
  alt,
  size = 'thumbnail',
  sizes = PICTURE_SIZES.card,
  priority = false,
  className,
}: {
  image: Picture | undefined
  alt: string
  /** Without widths: the thumbnail, or the full original. */
  size?: 'thumbnail' | 'full'
  /** The box the picture fills, as the `sizes` attribute says it. */
  sizes?: string
  priority?: boolean
  className?: string
}) {
  const classes = ['product-image', className].filter(Boolean).join(' ')
  if (!image) {
    return (
      <span className={`${classes} product-image-empty`} role="img" aria-label={alt ? `${alt}: no picture` : 'No picture'} />
    )
  }
  const fallbackSide = size === 'thumbnail' ? 400 : 800
  const img = (
    <img
      className={classes}
      src={size === 'thumbnail' ? image.thumbnail || image.url : image.url}
      alt={alt}
      width={image.width ?? fallbackSide}
      height={image.height ?? fallbackSide}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  )
  return (
    <WithSources variants={image.variants} sizes={sizes}>
      {img}
    </WithSources>
  )
}

/** `img` inside a <picture> offering the widths in AVIF, then WebP; `img` alone without widths. */
export function WithSources({ variants = [], sizes, children }: { variants?: readonly ImageVariant[]; sizes: string; children: ReactElement }) {
  if (variants.length === 0) return children
  return (
    <picture className="product-picture">
      <source type="image/avif" srcSet={srcSet(variants, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(variants, 'webp')} sizes={sizes} />
      {children}
    </picture>
  )
}
