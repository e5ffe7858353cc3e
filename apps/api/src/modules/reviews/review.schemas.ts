/** Wire schemas of reviews: strict bodies (unknown fields are a 400) and the shapes the routes answer. */
import { Uuid } from '@shop/domain/schemas/wire'
import { feathersQuerySchema } from '../../lib/feathers-query'
import { reviewQuerySpec } from './review.repository'

/**
 * The request bodies and the answers live in the domain package: the forms validate with the bodies too, and
 * the web derives its types from the answers.
 */
export {
  ReviewCreateBody,
  type ReviewCreateInput,
  ReviewPageResponse,
  type ReviewPage,
  ReviewPatchBody,
  type ReviewPatchInput,
  ReviewResponse,
  type Review as ReviewDto,
} from '@shop/domain/schemas/review'

export const ReviewListQuery = feathersQuerySchema(reviewQuerySpec, { shop: Uuid }, { required: ['shop'] })
