/** A rating out of 5 as stars, read out as "4.5 out of 5 stars". */
export function RatingStars({ rating }: { rating: number }) {
  const rounded = Math.round(rating * 2) / 2
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} aria-hidden="true" className={star <= rounded ? 'star star-on' : star - 0.5 === rounded ? 'star star-half' : 'star'}>
          ★
        </span>
      ))}
    </span>
  )
}
