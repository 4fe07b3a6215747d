import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { minus } from '../../../components/totals.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { contract, loadContracts } from '../../../lib/contracts.ts';
import { useShownPrices } from '../../tax/index.ts';
import { type CartState, cartChangeQuery, keepCartAnswer } from '../api/cart.ts';

const APPLY_FAILED = 'Could not apply the code.';
const REMOVE_FAILED = 'Could not remove the code.';
const CART = contract((c) => c.Cart);

/**
 * The cart's discount code: a field to apply one (the server checks it and answers why it does not apply), the code
 * applied with what the discounts save, and a button to remove it. Every answer is the whole cart.
 */
export function DiscountCode({ cart, disabled }: { cart: CartState; disabled: boolean }) {
  const queryClient = useQueryClient();
  const { price: amount } = useShownPrices();
  const [code, setCode] = useState('');
  const mutation = useMutation({
    // The code's schema loads with the first code applied: the cart's first load carries no schema.
    mutationFn: async (change: { apply: string } | { remove: true }) =>
      'apply' in change
        ? browserApi().post(
            '/orders/cart/discount/',
            (await loadContracts()).ApplyDiscountBody.parse({ code: change.apply }),
            { schema: CART, query: cartChangeQuery() },
          )
        : browserApi().delete('/orders/cart/discount/', { schema: CART, query: cartChangeQuery() }),
    onSuccess: (answer) => {
      void keepCartAnswer(queryClient, answer);
      setCode('');
    },
  });
  const failure =
    mutation.isError && mutation.variables
      ? errorText(mutation.error, 'apply' in mutation.variables ? APPLY_FAILED : REMOVE_FAILED, { fields: 'all' })
      : null;

  function apply(event: FormEvent) {
    event.preventDefault();
    if (code.trim()) mutation.mutate({ apply: code.trim() });
  }

  return (
    <div className="discount-code">
      {cart.discounts.length > 0 && (
        <ul className="discount-code__applied" aria-label="Discounts">
          {cart.discounts.map((discount) => (
            <li key={`${discount.code ?? ''}${discount.name}`}>
              <span>
                {discount.name}: {discount.description}
              </span>
              {discount.amount !== '0.00' && <span>{minus(amount(discount.amount))}</span>}
            </li>
          ))}
        </ul>
      )}
      {cart.discount !== '0.00' && (
        <p className="discount-code__saving" role="status">
          You save {amount(cart.discount)}
        </p>
      )}
      {cart.discount_code ? (
        <div className="discount-code__current">
          <span>
            Code <strong>{cart.discount_code}</strong>
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={disabled || mutation.isPending}
            onClick={() => mutation.mutate({ remove: true })}
          >
            Remove code
          </button>
        </div>
      ) : (
        <form className="discount-code__form" onSubmit={apply}>
          <label htmlFor="discount-code-input">Discount code</label>
          <input
            id="discount-code-input"
            name="code"
            autoComplete="off"
            maxLength={40}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button
            type="submit"
            className="button button--ghost"
            disabled={disabled || mutation.isPending || !code.trim()}
          >
            Apply
          </button>
        </form>
      )}
      {cart.discount_message && <p className="discount-code__message">{cart.discount_message}</p>}
      {failure && (
        <p className="discount-code__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
