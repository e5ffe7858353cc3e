import { MAX_QUANTITY } from '@shop/domain/schemas/catalog'
import { Field } from '../../../components/ui/field'
import { NumberInput } from '../../../components/ui/number-input'
import { type StockDraft, withQuantity } from '../product-form'

type StockFieldsProps = {
  /** The error path of this stock (`stock` or `variants.0.stock`). */
  name: string
  stock: StockDraft
  error?: string
  onChange: (stock: StockDraft) => void
}

/** Whether the stock is counted, and how many are in stock. */
export function StockFields({ name, stock, error, onChange }: StockFieldsProps) {
  return (
    <div className="stock-fields">
      <label className="checkbox">
        <input
          type="checkbox"
          name={`${name}.tracked`}
          checked={stock.tracked}
          onChange={(event) => onChange({ ...stock, tracked: event.target.checked })}
        />
        Track stock
      </label>
      <Field
        name={`${name}.quantity`}
        label="Quantity in stock"
        error={error}
        hint={stock.tracked ? undefined : 'Not counted: always sold as in stock. Enter a quantity to count it.'}
      >
        {(props) => <NumberInput {...props} min={0} max={MAX_QUANTITY} value={stock.quantity} onChange={(quantity) => onChange(withQuantity(stock, quantity))} />}
      </Field>
    </div>
  )
}
