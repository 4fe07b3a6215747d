import type { Product, ProductOptionType, ProductVariant } from '@platform/contracts';
import { madeToOrderText } from '@platform/contracts/plain';
import { useId } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { Selection } from '../variant-choice.ts';

/** What choosing `value` for `type` (the other types as chosen) leads to: a variant with stock, one without, none. */
export type ValueState = 'available' | 'sold-out' | 'missing';

export function valueState(
  variantOf: (selection: Selection) => ProductVariant | null,
  selection: Selection,
  type: string,
  value: string,
): ValueState {
  const variant = variantOf({ ...selection, [type]: value });
  if (!variant) return 'missing';
  return variant.stock > 0 ? 'available' : 'sold-out';
}

/** At most this many values show as buttons; more as a list. */
const MAX_BUTTONS = 6;

const UNAVAILABLE: Record<ValueState, string> = { available: '', 'sold-out': 'out of stock', missing: 'not available' };

interface VariantOptionsProps {
  product: Product;
  selection: Selection;
  /** The variant a selection names (`matchVariant` of variant-choice.ts), null when none is sold so. */
  variantOf: (selection: Selection) => ProductVariant | null;
  /** A value chosen: the new selection, and what it leads to in words, for a screen reader ("$85.00, In stock"). */
  onChoose: (selection: Selection, announcement: string) => void;
  texts: Record<string, string>;
  onText: (key: string, text: string) => void;
  /** A price as the page shows it (for the destination, formatted). */
  price: (amount: string) => string;
}

/**
 * The pickers of a product sold in options (decision 018), one per option type: buttons that behave as a radio group
 * for a few values (arrow keys move between them), a list for more; then its personalisation fields. A value that
 * leads to no variant, or to one without stock, stays choosable and says so. The server's page shows them as chosen;
 * they take input once they are hydrated (a choice made before would be lost).
 */
export default function VariantOptions({
  product,
  selection,
  variantOf,
  onChoose,
  texts,
  onText,
  price,
}: VariantOptionsProps) {
  const hydrated = useHydrated();
  const choose = (type: string, value: string) => {
    const next = { ...selection, [type]: value };
    const chosen = variantOf(next);
    // The address names the variant, replaced in place: no new history entry, no render of the route, no scroll.
    const address = new URL(window.location.href);
    if (chosen) address.searchParams.set('variant', String(chosen.id));
    else address.searchParams.delete('variant');
    window.history.replaceState(window.history.state, '', address);
    // The price as shown when the choice is made.
    onChoose(
      next,
      chosen && chosen.stock > 0
        ? `${price(chosen.price)}, In stock`
        : chosen?.lead_time_days
          ? `${price(chosen.price)}, ${madeToOrderText(chosen.lead_time_days)}`
          : 'Out of stock',
    );
  };
  return (
    <fieldset className="variant-options" disabled={!hydrated}>
      {product.options.map((type) => {
        const props = {
          type,
          chosen: selection[type.name] ?? '',
          state: (value: string) => valueState(variantOf, selection, type.name, value),
          onChoose: (value: string) => choose(type.name, value),
        };
        return type.values.length <= MAX_BUTTONS ? (
          <OptionButtons key={type.name} {...props} />
        ) : (
          <OptionList key={type.name} {...props} />
        );
      })}
      {product.personalisation.map((field) => (
        <PersonalisationInput
          key={field.key}
          label={field.label}
          maxLength={field.max_length}
          extra={field.price === '0.00' ? '' : `+ ${price(field.price)}`}
          required={field.required}
          value={texts[field.key] ?? ''}
          onChange={(text) => onText(field.key, text)}
        />
      ))}
    </fieldset>
  );
}

interface PickerProps {
  type: ProductOptionType;
  chosen: string;
  state: (value: string) => ValueState;
  onChoose: (value: string) => void;
}

/** Native radios styled as buttons: the browser gives the group's arrow keys, one tab stop and the checked state. */
function OptionButtons({ type, chosen, state, onChoose }: PickerProps) {
  const name = useId();
  return (
    <fieldset className="option-picker">
      <legend>
        {type.name}: <strong>{chosen}</strong>
      </legend>
      <div className="option-picker__values">
        {type.values.map((value) => {
          const unavailable = UNAVAILABLE[state(value)];
          return (
            <label key={value} className={`option-button${unavailable ? ' is-unavailable' : ''}`}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={value === chosen}
                onChange={() => onChoose(value)}
              />
              <span>{value}</span>
              {unavailable && <span className="visually-hidden"> ({unavailable})</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function OptionList({ type, chosen, state, onChoose }: PickerProps) {
  const id = useId();
  return (
    <div className="option-picker">
      <label htmlFor={id}>{type.name}</label>
      <select id={id} value={chosen} onChange={(event) => onChoose(event.target.value)}>
        {type.values.map((value) => {
          const unavailable = UNAVAILABLE[state(value)];
          return (
            <option key={value} value={value}>
              {unavailable ? `${value} (${unavailable})` : value}
            </option>
          );
        })}
      </select>
    </div>
  );
}

function PersonalisationInput(props: {
  label: string;
  maxLength: number;
  extra: string;
  required: boolean;
  value: string;
  onChange: (text: string) => void;
}) {
  const id = useId();
  return (
    <div className="personalisation-field">
      <label htmlFor={id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
        {props.extra && <span className="personalisation-field__extra"> ({props.extra})</span>}
      </label>
      <input
        id={id}
        type="text"
        maxLength={props.maxLength}
        required={props.required}
        aria-describedby={`${id}-hint`}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className="personalisation-field__hint">
        {props.required ? 'Required. ' : 'Optional. '}Up to {props.maxLength} characters.
      </span>
    </div>
  );
}
