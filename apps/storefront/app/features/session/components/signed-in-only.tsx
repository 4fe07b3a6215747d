import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useIsSignedIn } from '../session.ts';

/**
 * The customer's own pages (cart, orders): a spinner until the browser has read the session, then the page, or for a
 * guest 'Please Log In' with a login link that comes back to `path`.
 */
export function SignedInOnly({ path, reason, children }: { path: string; reason: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const signedIn = useIsSignedIn();
  if (!hydrated) return <Spinner />;
  if (signedIn) return children;
  return (
    <div className="page-state">
      <h1 className="page-title">Please Log In</h1>
      <p>{reason}</p>
      <Link to={`/login?redirect=${path}`} className="button button--primary">
        Log In
      </Link>
    </div>
  );
}
