import { Link } from 'react-router';
import { useCartCount } from '../../cart/index.ts';
import { CartIcon } from './icons.tsx';

const BADGE_CAP = 99;

/** The cart icon with its item count; no badge for an empty cart. */
export function CartLink() {
  const count = useCartCount();
  return (
    <Link to="/cart" className="cart-link" aria-label={count > 0 ? `Cart, ${count} items` : 'Cart'}>
      <CartIcon />
      {count > 0 && (
        <span className="cart-link__badge" data-testid="cart-badge">
          {count > BADGE_CAP ? `${BADGE_CAP}+` : count}
        </span>
      )}
    </Link>
  );
}
