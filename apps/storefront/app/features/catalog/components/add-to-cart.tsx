import type { Product } from '@platform/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CART_CHANGE_FALLBACKS, cartErrorText } from '../../cart/cart-rules.ts';
import { useCart } from '../../cart/use-cart.ts';
import { useIsSignedIn } from '../../session/session.ts';

const SUCCESS_MS = 3000;
const ERROR_MS = 5000;

/** Quantity selector (only when stock is above 1) and the Add to Cart button, 'Sold Out' without stock. */
export function AddToCart({ product }: { product: Product }) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const { add: addToCart, isSending } = useCart();
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const soldOut = product.stock <= 0;

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), message.kind === 'success' ? SUCCESS_MS : ERROR_MS);
    return () => clearTimeout(timer);
  }, [message]);

  function setClamped(value: number) {
    const whole = Number.isInteger(value) && value >= 1 ? value : 1;
    setQuantity(Math.min(whole, Math.max(1, product.stock)));
  }

  async function add() {
    if (!signedIn) {
      navigate(`/login?redirect=/products/${product.slug}`);
      return;
    }
    if (soldOut) return setMessage({ kind: 'error', text: 'Item is out of stock.' });
    if (quantity > product.stock) return setMessage({ kind: 'error', text: `Only ${product.stock} items available.` });
    try {
      await addToCart({ product_id: product.id, quantity, customization: {} });
      setMessage({ kind: 'success', text: `${quantity} x ${product.name} added to cart!` });
    } catch (error) {
      setMessage({ kind: 'error', text: cartErrorText(error, CART_CHANGE_FALLBACKS.add) });
    }
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
      {message && (
        <p
          className={`form-message form-message--${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
