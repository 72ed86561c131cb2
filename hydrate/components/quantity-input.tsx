/** A quantity field (spec 001: a whole number from 1 to 9999, step 1), posted as `quantity` by its form. */
import { MAX_QUANTITY, MIN_QUANTITY } from '../../commerce/add-to-cart.js';

export function QuantityInput(props: { id?: string; label?: string; value: string; onChange: (value: string) => void }) {
  return (
    <input
      id={props.id}
      type="number"
      name="quantity"
      inputMode="numeric"
      min={MIN_QUANTITY}
      max={MAX_QUANTITY}
      step={1}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}
