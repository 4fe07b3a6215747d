// What a storefront with no shop behind it shows (a fresh production install before its first shop is made): a
// page saying so and how to make it, answered 503, instead of a server error.
import { data, isRouteErrorResponse } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';

const SHOP_NOT_SET_UP = 'shop_not_set_up';

/** Whether the API refused the storefront's shop token because no shop has it (`tenant_unknown`). */
function isUnknownShop(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const body = error.body as { code?: unknown } | null;
  return typeof body === 'object' && body !== null && body.code === 'tenant_unknown';
}

/** Rethrows a failure of the root's first API call: an unknown shop as the "not set up" answer (503). */
export function shopNotSetUpOr(error: unknown): never {
  if (isUnknownShop(error)) throw data(SHOP_NOT_SET_UP, { status: 503 });
  throw error;
}

/** Whether a route error is the "not set up" answer. */
export function isShopNotSetUp(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 503 && error.data === SHOP_NOT_SET_UP;
}

/** The page of a storefront without its shop: what is missing and the command that makes it. */
export function ShopNotSetUp() {
  return (
    <main className="site-main">
      <section className="container page">
        <h1>This shop is not set up yet</h1>
        <p>Its owner creates it on the server with:</p>
        <pre>
          <code>npm run platform -- tenant create --name "My shop" --owner-email you@example.com</code>
        </pre>
        <p>
          then signs in at <a href="/admin/">/admin/</a>.
        </p>
      </section>
    </main>
  );
}
