import { AccountNav } from '../features/account/components/account-nav.tsx';
import { DisplayNameForm } from '../features/account/components/display-name-form.tsx';
import { MarketingConsentForm } from '../features/account/components/marketing-consent-form.tsx';
import { PasswordChangeForm } from '../features/account/components/password-change-form.tsx';
import { SavedAddresses } from '../features/account/components/saved-addresses.tsx';
import { MyStockAlerts } from '../features/catalog/components/my-stock-alerts.tsx';
import { SignedInOnly } from '../features/session/components/signed-in-only.tsx';
import { privatePageMeta } from '../lib/seo.ts';
import accountStylesHref from '../styles/account.css?url';
import type { Route } from './+types/account-settings';

export const meta: Route.MetaFunction = () => privatePageMeta('Account Settings');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStylesHref }];

/**
 * The customer's settings: the name shown with their reviews and comments, their password, their addresses, their
 * e-mail choice and the back-in-stock alerts they wait for.
 */
export default function AccountSettingsPage() {
  return (
    <section className="container page account-settings">
      <SignedInOnly path="/account/settings" reason="You need to be logged in to manage your account.">
        <h1 className="page-title">Account Settings</h1>
        <AccountNav />
        <section className="account-panel" aria-labelledby="display-name-title">
          <h2 id="display-name-title">Display Name</h2>
          <DisplayNameForm />
        </section>
        <section className="account-panel" aria-labelledby="password-title">
          <h2 id="password-title">Password</h2>
          <PasswordChangeForm />
        </section>
        <section className="account-panel" aria-labelledby="addresses-title">
          <h2 id="addresses-title">Saved Addresses</h2>
          <SavedAddresses />
        </section>
        <section className="account-panel" aria-labelledby="email-title">
          <h2 id="email-title">E-mail from Us</h2>
          <MarketingConsentForm />
        </section>
        <section className="account-panel" aria-labelledby="stock-alerts-title">
          <h2 id="stock-alerts-title">Back-in-Stock Alerts</h2>
          <MyStockAlerts />
        </section>
      </SignedInOnly>
    </section>
  );
}
