/**
 * The variant a shopper has chosen on a product page, shared by the parts that follow it: the price and
 * sale price (`VariantPrice`), the picture (`VariantGallery`) and Add to cart, which reports the choice
 * (`useChooseVariant`). Without a provider there is no choice: the product's own price and pictures.
 */
import { variantOffer } from '@shop/domain'
import type { Product, ProductImage as Picture, ProductVariant } from '@shop/domain/schemas/catalog'
import { type ReactNode, createContext, useContext, useMemo, useState } from 'react'
import { ProductPrice } from './product-price'
import { ProductGallery } from './product-gallery'

type Choice = { variant: string | null; choose: (variant: string | null) => void }

const ChosenVariant = createContext<Choice | null>(null)

/** The variant a product page starts with, as Add to cart does: the first in stock, else the first. */
export function firstChoice(variants: readonly Pick<ProductVariant, '_id' | 'availability'>[]): string | null {
  return (variants.find((variant) => variant.availability.level !== 'sold-out') ?? variants[0])?._id ?? null
}

export function ChosenVariantProvider({ variants, children }: { variants: readonly ProductVariant[]; children: ReactNode }) {
  const [variant, choose] = useState<string | null>(() => firstChoice(variants))
  const value = useMemo(() => ({ variant, choose }), [variant])
  return <ChosenVariant.Provider value={value}>{children}</ChosenVariant.Provider>
}

export function useChosenVariant(): string | null {
  return useContext(ChosenVariant)?.variant ?? null
}

const noChoice = () => {}

/** Tells the page which variant the shopper picked; does nothing outside a provider. */
export function useChooseVariant(): (variant: string | null) => void {
  return useContext(ChosenVariant)?.choose ?? noChoice
}

type Offered = Pick<Product, 'price' | 'sellAt' | 'images'> & { variants: readonly ProductVariant[] }

/** The price and sale price of the chosen variant (its own, else the product's). */
export function VariantPrice({ product, className }: { product: Offered; className?: string }) {
  const offer = variantOffer(product, useChosenVariant())
  return <ProductPrice price={offer.price} sellAt={offer.sellAt} className={className} />
}

/** The chosen variant's picture first when it has one, then the product's others. */
export function variantPictures(product: Offered, variant: string | null): Picture[] {
  const own = product.variants.find((candidate) => candidate._id === variant)?.image
  return own ? [own, ...product.images.filter((image) => image.url !== own.url)] : [...product.images]
}

/** The product's gallery, opening on the chosen variant's picture. */
export function VariantGallery({ product, title }: { product: Offered; title: string }) {
  const variant = useChosenVariant()
  const images = variantPictures(product, variant)
  // A new choice opens the gallery again on its first picture.
  return <ProductGallery key={images[0]?.url ?? ''} images={images} title={title} />
}
