import { useId, useState } from 'react'

const labels = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent']

/**
 * Rating 1–5 as five tappable stars: native radio buttons in a fieldset, so it is one radio group for
 * screen readers (each read as "4 stars, Very good") and arrow keys move the choice. Each star is a
 * 44 px target; the stars up to the chosen (or hovered) one are lit, and the choice is said in words.
 */
export function StarRatingInput({ value, onChange, invalid }: { value: number; onChange: (rating: number) => void; invalid?: boolean }) {
  const name = useId()
  const [hovered, setHovered] = useState(0)
  const shown = hovered || value
  return (
    <fieldset className="star-rating" data-invalid={invalid || undefined}>
      <legend>Your rating</legend>
      <div className="star-rating-stars" onPointerLeave={() => setHovered(0)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={star <= shown ? 'star-option star-option-on' : 'star-option'} onPointerEnter={() => setHovered(star)}>
            <input type="radio" className="visually-hidden" name={name} value={star} checked={value === star} onChange={() => onChange(star)} />
            <span className="star-glyph" aria-hidden="true">
              ★
            </span>
            <span className="visually-hidden">
              {star} {star === 1 ? 'star' : 'stars'}, {labels[star]}
            </span>
          </label>
        ))}
        <span className="star-rating-words" aria-hidden="true">
          {shown ? labels[shown] : 'Tap a star'}
        </span>
      </div>
    </fieldset>
  )
}
