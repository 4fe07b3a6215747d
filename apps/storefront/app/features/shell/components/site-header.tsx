import { AccountLinks } from './account-links.tsx';
import { Logo } from './logo.tsx';
import { MainNav } from './main-nav.tsx';
import { SearchBox } from './search-box.tsx';

/** The full header: logo, search, account links and the navigation bar. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Logo />
        <SearchBox />
        <AccountLinks className="site-header__account" />
      </div>
      <MainNav />
    </header>
  );
}

/** On /login and /register: the logo only. */
export function MinimalHeader() {
  return (
    <header className="site-header site-header--minimal">
      <div className="container site-header__bar">
        <Logo />
      </div>
    </header>
  );
}
