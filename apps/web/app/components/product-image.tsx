/**
 * A product picture: the small thumbnail by default, lazy and async so it never blocks the page
 * (DESIGN §12). Square box reserved up front, so nothing jumps while it loads.
 */
export function ProductImage({
  image,
  alt,
  size = 'thumbnail',
  eager = false,
  className,
}: {
  image: { url: string; thumbnail: string } | undefined
  alt: string
  size?: 'thumbnail' | 'full'
  eager?: boolean
  className?: string
}) {
  const classes = ['product-image', className].filter(Boolean).join(' ')
  if (!image) {
    return (
      <span className={`${classes} product-image-empty`} role="img" aria-label={alt ? `${alt}: no picture` : 'No picture'} />
    )
  }
  const src = size === 'thumbnail' ? image.thumbnail || image.url : image.url
  return (
    <img
      className={classes}
      src={src}
      alt={alt}
      width={size === 'thumbnail' ? 400 : 800}
      height={size === 'thumbnail' ? 400 : 800}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
