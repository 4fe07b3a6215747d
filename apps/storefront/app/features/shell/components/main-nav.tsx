import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { AccountLinks } from './account-links.tsx';
import { CartLink } from './cart-link.tsx';
import { CloseIcon, MenuIcon } from './icons.tsx';
import { ShopMenu } from './shop-menu.tsx';
import { useDisclosure } from './use-disclosure.ts';

const PANEL_ID = 'main-menu';

/** The links after SHOP, in the spec's order. */
const PAGE_LINKS = [
  { to: '/company-info', label: 'ABOUT' },
  { to: '/contact', label: 'CONTACT' },
  { to: '/blog', label: 'BLOG' },
  { to: '/gallery', label: 'GALLERY' },
];

/** The navigation bar; below 768px its links move into a slide-in menu opened by the hamburger button. */
export function MainNav() {
  const menu = useDisclosure();
  const { open, setOpen } = menu;

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, setOpen]);

  return (
    <nav className="main-nav" aria-label="Main">
      <div className="container main-nav__bar">
        <button
          type="button"
          className="main-nav__toggle"
          aria-expanded={open}
          aria-controls={PANEL_ID}
          onClick={menu.toggle}
        >
          <MenuIcon />
          <span>Menu</span>
        </button>
        <div id={PANEL_ID} className="main-nav__panel" data-open={open}>
          <div className="main-nav__panel-head">
            <span className="main-nav__panel-title">Menu</span>
            <button type="button" className="icon-button" aria-label="Close menu" onClick={() => setOpen(false)}>
              <CloseIcon />
            </button>
          </div>
          <ul className="main-nav__links">
            <li>
              <NavLink to="/" end className="main-nav__link">
                HOME
              </NavLink>
            </li>
            <li>
              <ShopMenu />
            </li>
            {PAGE_LINKS.map(({ to, label }) => (
              <li key={to}>
                <NavLink to={to} className="main-nav__link">
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
          <AccountLinks className="main-nav__account" />
        </div>
        {open && <div className="main-nav__backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
        <CartLink />
      </div>
    </nav>
  );
}
