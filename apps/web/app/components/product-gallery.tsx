import { useState } from 'react'
import type { ProductImage as Picture } from '@shop/domain/schemas/catalog'
import { PICTURE_SIZES, ProductImage } from './product-image'

/** The product's pictures: one large, the others as thumbnails to switch to. */
export function ProductGallery({ images, title }: { images: Picture[]; title: string }) {
  const [index, setIndex] = useState(0)
  const current = images[index] ?? images[0]
  return (
    <div className="gallery">
      <ProductImage image={current} alt={current?.alt || title} size="full" sizes={PICTURE_SIZES.page} priority className="gallery-main" />
      {images.length > 1 && (
        <ul className="gallery-thumbs" aria-label="More pictures">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                className="gallery-thumb"
                aria-pressed={i === index}
                aria-label={`Show picture ${i + 1} of ${images.length}`}
                onClick={() => setIndex(i)}
              >
                <ProductImage image={image} alt="" sizes={PICTURE_SIZES.line} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
