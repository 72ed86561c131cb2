/**
 * A quantity field (spec 001: a whole number from 1 to 9999, step 1), posted as `quantity` by its form, between
 * a − and a + button. The buttons are plain `type="button"` controls with their own accessible names (never
 * containing the field's label, so the field stays the only control labelled by it); without JavaScript the
 * stylesheet hides them (`@media (scripting: none)`) and the number input alone does the work.
 */
import { MAX_QUANTITY, MIN_QUANTITY } from '../../commerce/add-to-cart.js';

/** The value one step away, kept within the rule; a value that is not a whole number starts again from 1. */
export function stepQuantity(value: string, by: 1 | -1): string {
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isInteger(n)) return String(MIN_QUANTITY);
  return String(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, n + by)));
}

export interface QuantityInputProps {
  readonly id?: string;
  /** The input's accessible name when no `<label for>` names it (the cart's `Quantity of {title}`). */
  readonly label?: string;
  /** What the buttons change, for their names: `One fewer {subject}`, `One more {subject}`. */
  readonly subject?: string;
  /** The buttons' names in the page's language, when not English (they replace the two above). */
  readonly names?: { readonly fewer: string; readonly more: string };
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Told after a − or + press changed the value (the cart updates its line from it; typing waits for Update). */
  readonly onStep?: (value: string) => void;
}

export function QuantityInput(props: QuantityInputProps) {
  const subject = props.subject ?? 'item';
  const step = (by: 1 | -1) => {
    const next = stepQuantity(props.value, by);
    if (next === props.value) return;
    props.onChange(next);
    props.onStep?.(next);
  };
  return (
    <span className="quantity-stepper">
      <button
        type="button"
        className="quantity-step quantity-step--down"
        aria-label={props.names?.fewer ?? `One fewer ${subject}`}
        aria-controls={props.id}
        onClick={() => step(-1)}
      >
        <span aria-hidden="true">&#8722;</span>
      </button>
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
      <button
        type="button"
        className="quantity-step quantity-step--up"
        aria-label={props.names?.more ?? `One more ${subject}`}
        aria-controls={props.id}
        onClick={() => step(1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </span>
  );
}
