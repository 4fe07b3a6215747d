import type { DeliveryAddress, PaymentMethod } from '@platform/contracts';
import { findRegion } from '@platform/contracts/address';
import { ageConfirmationLabel, ageConfirmationRequired, DEFAULT_ADULT_AGE } from '@platform/contracts/plain';
import { countryName, findCountryCode } from '@platform/contracts/shipping';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { browserSessionStorage } from '../../../lib/session-store.ts';
import { SavedAddressPicker } from '../../account/index.ts';
import {
  ADDRESS_FORM_FIELDS,
  ADDRESS_INVALID,
  addressFieldErrors,
  DeliveryAddressFields,
  EMPTY_ADDRESS,
  serverAddressErrors,
  trimmedAddress,
} from '../../address/index.ts';
import type { CartState } from '../../cart/index.ts';
import { createOrder, keepConfirmedOrder, ORDERS_QUERY_KEY } from '../../orders/index.ts';
import { currentBrowser, startCardPayment } from '../../payments/index.ts';
import { useFormat, useSiteSettings } from '../../site/index.ts';
import { readDestination, setDestination, useShownPrices } from '../../tax/index.ts';
import { paymentOptionsQueryOptions } from '../api/payment-options.ts';
import { shippingQuoteQueryOptions } from '../api/shipping-quote.ts';
import { forgetCheckoutDraft, keepCheckoutDraft, readCheckoutDraft } from '../checkout-draft.ts';
import {
  afterOrder,
  CARD_PAYMENT_FAILED,
  checkoutProblem,
  checkoutTotal,
  newAttemptKey,
  ORDER_ERRORS,
  ORDER_FALLBACK,
  PAYMENT_OPTIONS_LOAD_ERROR,
  PAYMENT_OPTIONS_MISSING,
  paymentChoices,
  type QuoteState,
} from '../checkout-rules.ts';
import { CheckoutSummary, totalText } from './checkout-summary.tsx';

interface CheckoutViewProps {
  cart: CartState;
  onBack: () => void;
  /** Called once the order exists: the server has emptied the cart. */
  onOrderPlaced: () => void;
}

type AddressErrors = Partial<Record<keyof DeliveryAddress, string>>;

const SHIPPING_QUOTE_FALLBACK = 'Shipping could not be calculated. Please try again.';

/**
 * The shipping quote for the address's country (and region), asked as soon as the country names one: the server's
 * answer, or the reason it gave (a country the shop does not ship to). That country becomes the shopper's
 * destination, so the cart and the catalog are priced as the order will be.
 */
function useShippingQuote(address: DeliveryAddress, cart: CartState): QuoteState {
  const code = findCountryCode(address.country);
  // A region only once it names one of the country's (not at each keystroke of it).
  const region = code && address.region ? findRegion(code, address.region) : null;
  useEffect(() => {
    if (code) setDestination({ country: code, region });
  }, [code, region]);
  const quote = useQuery({
    ...shippingQuoteQueryOptions(browserApi(), { country: code ?? '', region }, cart),
    enabled: code !== null,
  });
  if (!code) return { kind: 'no-country' };
  if (quote.data) return { kind: 'quoted', quote: quote.data };
  if (quote.error) {
    const reason = quote.error instanceof ApiError ? quote.error.fieldErrors?.country?.[0] : undefined;
    if (reason) return { kind: 'failed', message: reason, refused: true };
    return { kind: 'failed', message: errorText(quote.error, SHIPPING_QUOTE_FALLBACK), refused: false };
  }
  return { kind: 'loading' };
}

/** A new address starts in the shopper's destination, when they chose one. */
function startingAddress(): DeliveryAddress {
  const destination = readDestination();
  if (!destination) return EMPTY_ADDRESS;
  const country = { country: countryName(destination.country) };
  return { ...EMPTY_ADDRESS, ...country, ...(destination.region ? { region: destination.region } : {}) };
}

/**
 * The checkout view of /cart: delivery address, payment method, the buyer's confirmation of age when the cart holds
 * what only adults may buy (issue 48), then the order and where it leads; beside the form, what is being bought and
 * what it costs delivered. Every field that is missing or not right is marked (with its
 * message next to it, the first one focused) once the customer has tried to place the order.
 */
export function CheckoutView({ cart, onBack, onOrderPlaced }: CheckoutViewProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useFormat();
  // The currency the shopper reads prices in (decision 028): the order keeps its total in it as shown, and is charged
  // in the shop's own all the same, as the checkout says.
  const shown = useShownPrices();
  const shownCurrency = shown.currency?.code;
  const options = useQuery(paymentOptionsQueryOptions(browserApi()));
  // What was typed before a reload (this tab, this shop), until the order is placed.
  const shop = useSiteSettings()?.tenant ?? 0;
  const [draft] = useState(() => readCheckoutDraft(browserSessionStorage(), shop));
  const [address, setAddress] = useState(() => draft?.address ?? startingAddress());
  // Fields are marked from the first attempt on, and follow the customer's corrections from then.
  const [markFields, setMarkFields] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressErrors>({});
  const [focusFirstError, setFocusFirstError] = useState(0);
  const quote = useShippingQuote(address, cart);
  const [pickedMethod, setPickedMethod] = useState<PaymentMethod | null>(draft?.method ?? null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'placing' | 'placed'>('idle');
  // An order holding what only adults may buy asks the buyer's age (issue 48): never kept in the draft.
  const adultAge = useSiteSettings()?.adult_age ?? DEFAULT_ADULT_AGE;
  const asksAge = cart.items.some((item) => item.product.age_restricted);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [ageRefused, setAgeRefused] = useState(false);
  // One key per attempt, kept while the form is unchanged: a repeated submit gets the same order back.
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  // The order whose card payment could not start: it stays, payable from the order history.
  const [unpaidOrderId, setUnpaidOrderId] = useState<number | null>(null);

  const choices = options.data ? paymentChoices(options.data) : [];
  // A kept choice the shop no longer offers gives way to the default.
  const method = choices.find((choice) => choice.method === pickedMethod)?.method ?? choices[0]?.method ?? null;

  useEffect(() => {
    if (status === 'idle') keepCheckoutDraft(browserSessionStorage(), shop, { address, method: pickedMethod });
  }, [address, pickedMethod, shop, status]);

  // Another currency is another order request (its key too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the currency changes
  useEffect(() => setAttemptKey(null), [shownCurrency]);

  const fieldErrors: AddressErrors = {
    ...serverErrors,
    ...(quote.kind === 'failed' && quote.refused ? { country: quote.message } : {}),
    ...(markFields ? addressFieldErrors(address) : {}),
  };

  // After a refused attempt: the first marked field takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each refused attempt, not for each keystroke
  useEffect(() => {
    if (focusFirstError === 0) return;
    const first = ADDRESS_FORM_FIELDS.find((field) => fieldErrors[field]);
    if (first) document.getElementById(`checkout-${first}`)?.focus();
  }, [focusFirstError]);

  function changeAddress(field: keyof DeliveryAddress, value: string) {
    setAddress((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _answered, ...others }) => others);
    setAttemptKey(null);
  }

  function pickAddress(saved: DeliveryAddress) {
    setAddress(saved);
    setAttemptKey(null);
  }

  function changeMethod(value: PaymentMethod) {
    setPickedMethod(value);
    setAttemptKey(null);
  }

  function confirmAge(confirmed: boolean) {
    setAgeConfirmed(confirmed);
    setAgeRefused(false);
    setAttemptKey(null);
  }

  async function placeOrder(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'idle') return;
    setError(null);
    const problem = checkoutProblem(address, method);
    // A country the shop does not ship to is refused here already, with the field marked.
    const notShipped = quote.kind === 'failed' && quote.refused;
    if (problem || notShipped) {
      setMarkFields(true);
      setFocusFirstError((count) => count + 1);
    }
    if (problem || notShipped || !method || !options.data) {
      return setError(problem ?? (notShipped ? ADDRESS_INVALID : PAYMENT_OPTIONS_MISSING));
    }
    // The destination is closed to a line (the cart, priced for it, says so in the shop's words).
    const closed = cart.items.find((item) => item.shipping_restriction)?.shipping_restriction;
    if (closed) return setError(closed);
    if (asksAge && !ageConfirmed) {
      setAgeRefused(true);
      document.getElementById('checkout-age')?.focus();
      return setError(ageConfirmationRequired(adultAge));
    }
    const key = attemptKey ?? newAttemptKey();
    setAttemptKey(key);
    setStatus('placing');
    try {
      const order = await createOrder(
        browserApi(),
        {
          payment_method: method,
          delivery_address: trimmedAddress(address),
          ...(shownCurrency ? { currency: shownCurrency } : {}),
          ...(asksAge ? { age_confirmed: ageConfirmed } : {}),
        },
        key,
      );
      onOrderPlaced();
      forgetCheckoutDraft(browserSessionStorage(), shop);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      const next = afterOrder(order, options.data);
      if (next.kind === 'card-payment') {
        try {
          await startCardPayment(browserApi(), next.order, currentBrowser());
        } catch (failure) {
          console.error('Card payment could not start:', failure);
          setError(CARD_PAYMENT_FAILED);
          setUnpaidOrderId(order.id);
        }
      }
      setStatus('placed');
      if (next.kind === 'confirmation') {
        // Its id kept in the tab lets the confirmation read the order again after a reload.
        keepConfirmedOrder(browserSessionStorage(), shop, order.id);
        navigate('/order-confirmation', { state: next.state });
      } else if (next.kind === 'redirect') window.location.assign(next.url);
    } catch (failure) {
      setError(errorText(failure, ORDER_FALLBACK, ORDER_ERRORS));
      setStatus('idle');
      if (failure instanceof ApiError && failure.fieldErrors) {
        setServerErrors(serverAddressErrors(failure.fieldErrors));
        setFocusFirstError((count) => count + 1);
      }
      // A refusal (4xx) created nothing: the next attempt is a new one. Without an answer the order may exist, so
      // the same key goes again and finds it.
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) setAttemptKey(null);
    }
  }

  const total = checkoutTotal(quote, cart.total);
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <div className="checkout__head">
        <h1 id="checkout-title" className="page-title">
          Checkout
        </h1>
        <button type="button" className="button button--ghost" onClick={onBack} disabled={status === 'placing'}>
          ← Back to Cart
        </button>
      </div>
      <div className="checkout__layout">
        <form className="checkout__form" onSubmit={placeOrder} noValidate>
          <fieldset className="checkout__section">
            <legend>Delivery Address</legend>
            <SavedAddressPicker onPick={pickAddress} />
            <div className="checkout__fields">
              <DeliveryAddressFields
                idPrefix="checkout"
                address={address}
                errors={fieldErrors}
                onChange={changeAddress}
              />
            </div>
          </fieldset>
          <fieldset className="checkout__section">
            <legend>Payment Method</legend>
            {options.isPending ? (
              <Spinner label="Loading payment options" />
            ) : options.isError ? (
              <>
                <ErrorBox>{PAYMENT_OPTIONS_LOAD_ERROR}</ErrorBox>
                <p className="empty-message">{PAYMENT_OPTIONS_MISSING}</p>
              </>
            ) : (
              <div className="payment-methods">
                {choices.map((choice) => (
                  <label key={choice.method} className="payment-method">
                    <input
                      type="radio"
                      name="payment_method"
                      value={choice.method}
                      checked={method === choice.method}
                      onChange={() => changeMethod(choice.method)}
                    />
                    <span>{choice.label}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          {asksAge && (
            <label className="checkout__age">
              <input
                id="checkout-age"
                type="checkbox"
                checked={ageConfirmed}
                aria-invalid={ageRefused || undefined}
                onChange={(event) => confirmAge(event.target.checked)}
              />
              <span>{ageConfirmationLabel(adultAge)}</span>
            </label>
          )}
          {error && <ErrorBox>{error}</ErrorBox>}
          {unpaidOrderId !== null && (
            <Link to={`/account/orders/${unpaidOrderId}`} className="button button--ghost checkout__order-link">
              View Your Order
            </Link>
          )}
          {/* Before the order is placed, what it is charged in, when prices were shown in another currency: once the
              destination is quoted, as the total then is the order's. */}
          {shown.currency && quote.kind === 'quoted' && (
            <p className="checkout__currency">
              Your payment is charged in US dollars: <strong>{format.price(quote.quote.total)}</strong>. The amount in{' '}
              {shown.currency.code}, <span className="checkout__converted">{shown.price(quote.quote.total)}</span>, is a
              guide at the shop's rate.
            </p>
          )}
          {/* Where the summary is below the form (a phone), what the order costs shows right above its button. */}
          <p className="checkout__total">
            <span>Total</span>
            <strong>{totalText(total, quote, format.price)}</strong>
          </p>
          {/* Not while the destination's quote is asked: an order is placed with its total in view. */}
          <button
            type="submit"
            className="button button--primary checkout__submit"
            disabled={status !== 'idle' || quote.kind === 'loading'}
          >
            {status === 'placing' ? 'Placing Order...' : 'Place Order'}
          </button>
        </form>
        <CheckoutSummary cart={cart} quote={quote} price={format.price} />
      </div>
    </section>
  );
}
