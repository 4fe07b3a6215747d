import type { Product, ProductVariant } from '@platform/contracts';
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
 * What a product sold in options adds (decision 018): the variant chosen (null: that combination is not sold), the
 * personalisation filled in, and the required field left empty, if any.
 */
export interface VariantChoice {
  variant: ProductVariant | null;
  customization: Record<string, string>;
  missing: string | null;
}

/**
 * Quantity selector (only when stock is above 1) and the Add to Cart button, 'Sold Out' without stock. A guest's add
 * is kept through the sign-in it leads to, and made when the shopper is back here signed in. For a product sold in
 * options, the stock and what is sent are the chosen variant's.
 */
export function AddToCart({ product, choice }: { product: Product; choice?: VariantChoice }) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const { add: addToCart, isSending } = useCart();
  const [chosenQuantity, setQuantity] = useState(1);
  const { outcome, setOutcome, submit } = useSubmission({ fleeting: true });
  const stock = choice && product.variants.length > 0 ? (choice.variant?.stock ?? 0) : product.stock;
  const soldOut = stock <= 0;
  // Another variant may have fewer units than the quantity chosen for the last.
  const quantity = Math.min(chosenQuantity, Math.max(1, stock));

  function setClamped(value: number) {
    const whole = Number.isInteger(value) && value >= 1 ? value : 1;
    setQuantity(Math.min(whole, Math.max(1, stock)));
  }

  function add(wanted = quantity) {
    if (!signedIn) {
      keepAddIntent(browserSessionStorage(), product.slug, wanted);
      const back = `/products/${product.slug}${choice?.variant ? `?variant=${choice.variant.id}` : ''}`;
      return navigate(`/login?redirect=${choice?.variant ? encodeURIComponent(back) : back}`);
    }
    if (soldOut) return setOutcome({ kind: 'error', text: 'Item is out of stock.' });
    if (wanted > stock) return setOutcome({ kind: 'error', text: `Only ${stock} items available.` });
    if (choice?.missing) return setOutcome({ kind: 'error', text: `Please fill in ${choice.missing}.` });
    const variant = choice?.variant ? { variant_id: choice.variant.id } : {};
    void submit(
      async () => {
        await addToCart({
          product_id: product.id,
          ...variant,
          quantity: wanted,
          customization: choice?.customization ?? {},
        });
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
    setQuantity(Math.min(kept, Math.max(1, stock)));
    addRef.current(kept);
  }, [signedIn, product.slug, stock]);

  return (
    <div className="add-to-cart">
      {stock > 1 && (
        <fieldset className="quantity" aria-label="Quantity">
          <button type="button" onClick={() => setClamped(quantity - 1)} disabled={quantity <= 1} aria-label="Decrease">
            −
          </button>
          <input
            type="number"
            min={1}
            max={stock}
            step={1}
            value={quantity}
            aria-label="Quantity"
            onChange={(event) => setClamped(Number(event.target.value))}
          />
          <button
            type="button"
            onClick={() => setClamped(quantity + 1)}
            disabled={quantity >= stock}
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
