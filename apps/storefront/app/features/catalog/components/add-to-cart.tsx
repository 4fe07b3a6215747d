import type { Product } from '@platform/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { CART_CHANGE_ERRORS, CART_CHANGE_FALLBACKS } from '../../cart/cart-rules.ts';
import { useCart } from '../../cart/use-cart.ts';
import { useIsSignedIn } from '../../session/session.ts';

/** Quantity selector (only when stock is above 1) and the Add to Cart button, 'Sold Out' without stock. */
export function AddToCart({ product }: { product: Product }) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const { add: addToCart, isSending } = useCart();
  const [quantity, setQuantity] = useState(1);
  const { outcome, setOutcome, submit } = useSubmission({ fleeting: true });
  const soldOut = product.stock <= 0;

  function setClamped(value: number) {
    const whole = Number.isInteger(value) && value >= 1 ? value : 1;
    setQuantity(Math.min(whole, Math.max(1, product.stock)));
  }

  function add() {
    if (!signedIn) return navigate(`/login?redirect=/products/${product.slug}`);
    if (soldOut) return setOutcome({ kind: 'error', text: 'Item is out of stock.' });
    if (quantity > product.stock) return setOutcome({ kind: 'error', text: `Only ${product.stock} items available.` });
    void submit(
      async () => {
        await addToCart({ product_id: product.id, quantity, customization: {} });
        return `${quantity} x ${product.name} added to cart!`;
      },
      (error) => errorText(error, CART_CHANGE_FALLBACKS.add, CART_CHANGE_ERRORS),
    );
  }

  return (
    <div className="add-to-cart">
      {product.stock > 1 && (
        <fieldset className="quantity" aria-label="Quantity">
          <button type="button" onClick={() => setClamped(quantity - 1)} disabled={quantity <= 1} aria-label="Decrease">
            −
          </button>
          <input
            type="number"
            min={1}
            max={product.stock}
            step={1}
            value={quantity}
            aria-label="Quantity"
            onChange={(event) => setClamped(Number(event.target.value))}
          />
          <button
            type="button"
            onClick={() => setClamped(quantity + 1)}
            disabled={quantity >= product.stock}
            aria-label="Increase"
          >
            +
          </button>
        </fieldset>
      )}
      <button type="button" className="button button--primary" disabled={soldOut || isSending} onClick={add}>
        {soldOut ? 'Sold Out' : 'Add to Cart'}
      </button>
      <FormMessage outcome={outcome} />
    </div>
  );
}
