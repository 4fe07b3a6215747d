import type { Product } from '@platform/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserSessionStorage } from '../../../lib/session-store.ts';
import { CART_CHANGE_ERRORS, CART_CHANGE_FALLBACKS } from '../../cart/cart-rules.ts';
import { useCart } from '../../cart/use-cart.ts';
import { useIsSignedIn } from '../../session/session.ts';
import { keepAddIntent, takeAddIntent } from '../add-intent.ts';

/**
 * Quantity selector (only when stock is above 1) and the Add to Cart button, 'Sold Out' without stock. A guest's add
 * is kept through the sign-in it leads to, and made when the shopper is back here signed in.
 */
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

  function add(wanted = quantity) {
    if (!signedIn) {
      keepAddIntent(browserSessionStorage(), product.slug, wanted);
      return navigate(`/login?redirect=/products/${product.slug}`);
    }
    if (soldOut) return setOutcome({ kind: 'error', text: 'Item is out of stock.' });
    if (wanted > product.stock) return setOutcome({ kind: 'error', text: `Only ${product.stock} items available.` });
    void submit(
      async () => {
        await addToCart({ product_id: product.id, quantity: wanted, customization: {} });
        return `${wanted} x ${product.name} added to cart!`;
      },
      (error) => errorText(error, CART_CHANGE_FALLBACKS.add, CART_CHANGE_ERRORS),
    );
  }

  // Back from the sign-in a guest's add led to: the add it asked for, with its quantity, once.
  const addRef = useRef(add);
  addRef.current = add;
  useEffect(() => {
    if (!signedIn) return;
    const kept = takeAddIntent(browserSessionStorage(), product.slug);
    if (kept === null) return;
    setQuantity(Math.min(kept, Math.max(1, product.stock)));
    addRef.current(kept);
  }, [signedIn, product.slug, product.stock]);

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
      <button type="button" className="button button--primary" disabled={soldOut || isSending} onClick={() => add()}>
        {soldOut ? 'Sold Out' : 'Add to Cart'}
      </button>
      <FormMessage outcome={outcome} />
    </div>
  );
}
