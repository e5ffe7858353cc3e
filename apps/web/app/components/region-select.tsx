import type { Region } from '@shop/domain/schemas/delivery'
import type { FieldControlProps } from './ui/field'

type RegionSelectProps = FieldControlProps & {
  regions: readonly Region[]
  /** The region's id; '' while none is chosen. */
  value: string
  onChange: (region: string) => void
  /** The first option, chosen while there is no region yet ("Choose your region"). */
  placeholder: string
}

/**
 * The delivery region, one of the country's regions by name: the checkout's delivery, a new order staff
 * enter and an order's edit all ask it the same way. Use inside a `Field`:
 * `<Field …>{(props) => <RegionSelect {...props} … />}</Field>`.
 */
export function RegionSelect({ regions, value, onChange, placeholder, ...control }: RegionSelectProps) {
  return (
    <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{placeholder}</option>
      {regions.map((region) => (
        <option key={region._id} value={region._id}>
          {region.name}
        </option>
      ))}
    </select>
  )
}
