import type { Product, ProductVariant } from '@platform/contracts';
import { madeToOrderText } from '@platform/contracts/plain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserSessionStorage } from '../../../lib/session-store.ts';
import { CART_CHANGE_ERRORS, CART_CHANGE_FALLBACKS, useCart } from '../../cart/index.ts';
import { isSignedIn, useIsSignedIn } from '../../session/index.ts';
import { keepAddIntent, takeAddIntent } from '../add-intent.ts';
import { customizationOf, missingField } from '../personalisation.ts';
import { StockAlertForm } from './stock-alert.tsx';

/** The most a shopper picks here of a piece made to order beyond its stock (the shop's own limit still applies). */
const MADE_TO_ORDER_PICK = 10;

/**
 * What a product sold in options or personalised adds (decision 018): the variant chosen (null: that combination is
 * not sold), and the personalisation's texts as typed, by field.
 */
export interface VariantChoice {
  variant: ProductVariant | null;
  texts: Record<string, string>;
}

/**
 * Quantity selector (only when stock is above 1) and the Add to Cart button, 'Sold Out' without stock, with the way to
 * an e-mail when it is back; a piece made to order (issue 49) stays on sale at any stock, its notice ("Made to order —
 * ships in about 3 weeks") shown while the quantity is more than the stock. A guest's add
 * is kept through the sign-in it leads to, and made when the shopper is back here signed in. For a product sold in
 * options, the stock and what is sent are the chosen variant's. An add's confirmation ('{qty} x {product} added to
 * cart!') stays in view, at the foot of the window whatever the scroll, until it is dismissed or the page is left
 * (decision 025); a refusal shows under the button for its 5 seconds.
 */
export function AddToCart({ product, choice }: { product: Product; choice?: VariantChoice }) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const { add: addToCart, isSending } = useCart();
  const [chosenQuantity, setQuantity] = useState(1);
  const { outcome, setOutcome, submit } = useSubmission({ fleeting: true });
  const [added, setAdded] = useState<string | null>(null);
  const soldInOptions = Boolean(choice) && product.variants.length > 0;
  const texts = choice?.texts;
  const customization = useMemo(() => customizationOf(product.personalisation, texts ?? {}), [product, texts]);
  const missing = useMemo(() => missingField(product.personalisation, texts ?? {})?.label ?? null, [product, texts]);
  const stock = soldInOptions ? (choice?.variant?.stock ?? 0) : product.stock;
  const leadTime = soldInOptions ? (choice?.variant?.lead_time_days ?? null) : (product.lead_time_days ?? null);
  const soldOut = stock <= 0 && leadTime === null;
  // What may be picked: the stock, or, made to order, more than it.
  const available = leadTime === null ? stock : Math.max(stock, MADE_TO_ORDER_PICK);
  // Another variant may have fewer units than the quantity chosen for the last.
  const quantity = Math.min(chosenQuantity, Math.max(1, available));

  function setClamped(value: number) {
    const whole = Number.isInteger(value) && value >= 1 ? value : 1;
    setQuantity(Math.min(whole, Math.max(1, available)));
  }

  function add(wanted = quantity) {
    setAdded(null);
    // The session as it is at the click: a click made while the page hydrates, before the hook has read the stored
    // tokens (the server renders signed out), must not send a signed-in shopper to the sign-in page.
    if (!isSignedIn()) {
      keepAddIntent(browserSessionStorage(), product.slug, wanted);
      const back = `/products/${product.slug}${choice?.variant ? `?variant=${choice.variant.id}` : ''}`;
      return navigate(`/login?redirect=${choice?.variant ? encodeURIComponent(back) : back}`);
    }
    if (soldOut) return setOutcome({ kind: 'error', text: 'Item is out of stock.' });
    if (wanted > available) return setOutcome({ kind: 'error', text: `Only ${stock} items available.` });
    if (missing) return setOutcome({ kind: 'error', text: `Please fill in ${missing}.` });
    const variant = choice?.variant ? { variant_id: choice.variant.id } : {};
    void submit(
      async () => {
        await addToCart({
          product_id: product.id,
          ...variant,
          quantity: wanted,
          customization,
        });
        setAdded(`${wanted} x ${product.name} added to cart!`);
        return null;
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
    setQuantity(Math.min(kept, Math.max(1, available)));
    addRef.current(kept);
  }, [signedIn, product.slug, available]);

  return (
    <div className="add-to-cart">
      {/* A variant's line above the options says it at stock 0 (the page's stock line). */}
      {leadTime !== null && quantity > stock && (!soldInOptions || stock > 0) && (
        <p className="made-to-order">{madeToOrderText(leadTime)}</p>
      )}
      {available > 1 && (
        <fieldset className="quantity" aria-label="Quantity">
          <button type="button" onClick={() => setClamped(quantity - 1)} disabled={quantity <= 1} aria-label="Decrease">
            −
          </button>
          <input
            type="number"
            min={1}
            max={available}
            step={1}
            value={quantity}
            aria-label="Quantity"
            onChange={(event) => setClamped(Number(event.target.value))}
          />
          <button
            type="button"
            onClick={() => setClamped(quantity + 1)}
            disabled={quantity >= available}
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
      {soldOut && (!soldInOptions || choice?.variant) && (
        <StockAlertForm
          key={choice?.variant?.id ?? 'product'}
          slug={product.slug}
          variantId={soldInOptions ? (choice?.variant?.id ?? null) : null}
        />
      )}
      <AddedToCart text={added} onDismiss={() => setAdded(null)} />
    </div>
  );
}

/**
 * The confirmation of an add: fixed at the foot of the window (on a phone too, where the button may sit low on the
 * screen), with the way to the cart and a button that dismisses it. Its live region (the text) is always there, so
 * that a screen reader announces each confirmation as it appears.
 */
function AddedToCart({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  return (
    <div className={`added-to-cart${text ? ' is-shown' : ''}`}>
      <p className="added-to-cart__text" role="status">
        {text}
      </p>
      {text && (
        <>
          <Link className="button button--primary added-to-cart__link" to="/cart">
            View Cart
          </Link>
          <button type="button" className="added-to-cart__dismiss" aria-label="Dismiss" onClick={onDismiss}>
            <span aria-hidden="true">×</span>
          </button>
        </>
      )}
    </div>
  );
}
