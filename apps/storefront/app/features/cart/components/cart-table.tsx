import type { CartItem } from '@platform/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMediaUrl } from '../../../lib/media-url.tsx';
import { useShownPrices } from '../../tax/index.ts';
import { lineCustomizationText } from '../line-customization.ts';
import { MadeToOrder } from './made-to-order.tsx';

interface CartTableProps {
  items: CartItem[];
  disabled: boolean;
  /** Rejects when the change failed: the box then shows the cart's quantity again. */
  onQuantity: (item: CartItem, raw: string) => Promise<unknown>;
  onRemove: (item: CartItem) => void;
}

/** The cart's lines (spec /cart): product, price, quantity input, line total and a remove button. */
export function CartTable({ items, disabled, onQuantity, onRemove }: CartTableProps) {
  const mediaUrl = useMediaUrl();
  // The server's figures for the destination, written in the shopper's currency.
  const { price: amount } = useShownPrices();
  return (
    <table className="cart-table">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Total</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          // A variant's own picture, when it has one, else the product's (issue 45).
          const picture = item.variant?.image ?? item.product.main_image;
          return (
            <tr key={item.id} className="cart-row">
              <td className="cart-row__product">
                {picture ? (
                  <img
                    src={mediaUrl(picture.thumb_image)}
                    alt={picture.alt_text}
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                ) : (
                  <span className="cart-row__no-image" aria-hidden="true" />
                )}
                <div>
                  <Link to={`/products/${item.product.slug}${item.variant ? `?variant=${item.variant.id}` : ''}`}>
                    {item.product.name}
                  </Link>
                  {Object.keys(item.customization).length > 0 && (
                    <span className="customization">{lineCustomizationText(item)}</span>
                  )}
                  <MadeToOrder item={item} />
                  {/* The destination chosen is closed to it (issue 48): the shop's words. */}
                  {item.shipping_restriction && <span className="line-restriction">{item.shipping_restriction}</span>}
                </div>
              </td>
              <td data-label="Price">{amount(item.product.price)}</td>
              <td data-label="Quantity">
                {/* Keyed by the server's quantity: a new answer (or a refused change) resets what is typed. */}
                <QuantityInput key={item.quantity} item={item} onCommit={(raw) => onQuantity(item, raw)} />
              </td>
              <td data-label="Total" className="cart-row__total">
                {amount(item.line_total)}
              </td>
              <td className="cart-row__remove">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove ${item.product.name}`}
                  disabled={disabled}
                  onClick={() => onRemove(item)}
                >
                  ×
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The quantity box sends its value when it is committed (Enter, leaving the box, the arrows), not on every key:
 * clearing the box to type another number must not remove the line on the way (an empty box counts as 0).
 */
function QuantityInput({ item, onCommit }: { item: CartItem; onCommit: (raw: string) => Promise<unknown> }) {
  const [draft, setDraft] = useState(String(item.quantity));
  // Enter then leaving the box commits the same text twice: the second must not send the change again.
  const committed = useRef(String(item.quantity));

  function commit(raw: string) {
    if (raw === committed.current) return;
    committed.current = raw;
    onCommit(raw).catch(() => {
      committed.current = String(item.quantity);
      setDraft(String(item.quantity));
    });
  }

  return (
    <input
      type="number"
      className="cart-row__quantity"
      min={0}
      step={1}
      inputMode="numeric"
      aria-label={`Quantity of ${item.product.name}`}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        // The arrows and arrow keys step the value without an InputEvent: they commit at once.
        if (!(event.nativeEvent instanceof InputEvent)) commit(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
      }}
      onBlur={(event) => commit(event.currentTarget.value)}
    />
  );
}
