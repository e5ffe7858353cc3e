/** Answers of the calls the setup wizard makes. */

/** `POST /api/shop-ids/`. */
export type CreatedShop = { _id: string; slug: string }

/** `GET /api/shop-ids/{slug}`. */
export type SlugAvailability = { slug: string; available: boolean }
