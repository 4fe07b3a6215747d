import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Links, Meta, Outlet, Scripts, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { RouteErrorBox } from './components/error-box.tsx';
import { Favicon, GoogleAnalytics } from './components/site-head.tsx';
import { configureBrowserSession } from './features/session/browser-session.ts';
import { useForgetUserQueriesOnSignOut } from './features/session/user-queries.ts';
import { fetchPublicSettings } from './features/site/api/settings.ts';
import { isShopNotSetUp, ShopNotSetUp, shopNotSetUpOr } from './features/site/shop-not-set-up.tsx';
import { SiteSettingsProvider } from './features/site/site-settings.tsx';
import { apiFromContext, storefrontContext } from './lib/api.server.ts';
import { browserQueryClient, createQueryClient } from './lib/query-client.ts';
import shellStylesHref from './styles/shell.css?url';

const DEFAULT_DESCRIPTION = 'A description for my site.';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: shellStylesHref }];

/** The settings are "fixed in the page": read once on the server and embedded in the HTML with the loader data. */
export async function loader({ context }: Route.LoaderArgs) {
  const { tenantToken, mediaHost, publicApiBaseUrl, nonce } = storefrontContext(context);
  const settings = await fetchPublicSettings(apiFromContext(context)).catch(shopNotSetUpOr);
  return { settings, tenantToken, mediaHost, publicApiBaseUrl, nonce };
}

export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (isShopNotSetUp(error)) return [{ title: 'This shop is not set up yet' }];
  const settings = loaderData?.settings;
  return [
    ...(settings?.site_title ? [{ title: settings.site_title }] : []),
    { name: 'description', content: settings?.site_description || DEFAULT_DESCRIPTION },
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data?.settings && <Favicon favicon={data.settings.favicon} mediaHost={data.mediaHost} />}
        {data?.settings && <GoogleAnalytics id={data.settings.google_analytics_id} nonce={data.nonce} />}
      </head>
      <body>
        {children}
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { settings, mediaHost, tenantToken, publicApiBaseUrl } = loaderData;
  // Configured during the first render so that children can call the API from their first effects.
  useState(() => configureBrowserSession({ baseUrl: publicApiBaseUrl, tenantToken }));
  // The browser's one client, which the routes' client loaders read too; each server render its own.
  const [queryClient] = useState(() => (typeof document === 'undefined' ? createQueryClient() : browserQueryClient()));
  return (
    <QueryClientProvider client={queryClient}>
      <SiteSettingsProvider settings={settings} mediaHost={mediaHost}>
        <ScrollToTopOnPathChange />
        <ForgetUserQueriesOnSignOut />
        <Outlet />
      </SiteSettingsProvider>
    </QueryClientProvider>
  );
}

function ScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger, not an input.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function ForgetUserQueriesOnSignOut() {
  useForgetUserQueriesOnSignOut();
  return null;
}

/**
 * Last resort when the root itself fails (e.g. the settings call): a bare page with the error box; a storefront whose
 * shop does not exist yet says so, and how to make it.
 */
export function ErrorBoundary() {
  if (isShopNotSetUp(useRouteError())) return <ShopNotSetUp />;
  return (
    <main className="site-main">
      <RouteErrorBox />
    </main>
  );
}
