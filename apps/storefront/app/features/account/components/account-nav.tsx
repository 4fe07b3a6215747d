import { NavLink } from 'react-router';
import './account-nav.css';

/** The customer's account pages: their orders and their settings. */
export function AccountNav() {
  return (
    <nav className="account-nav" aria-label="My account">
      <NavLink to="/account/orders" end className="account-nav__link">
        My Orders
      </NavLink>
      <NavLink to="/account/settings" className="account-nav__link">
        Account Settings
      </NavLink>
    </nav>
  );
}
