import { Link } from 'react-router';
import { useIsSignedIn, useLogout } from '../../session/index.ts';

/** Login and Register when signed out; the account link and Logout when signed in. */
export function AccountLinks({ className }: { className: string }) {
  const signedIn = useIsSignedIn();
  const logout = useLogout();
  return (
    <div className={`account-links ${className}`}>
      {signedIn ? (
        <>
          <Link to="/account/orders" className="button button--ghost">
            My Account
          </Link>
          <button type="button" className="button button--ghost" onClick={logout}>
            Logout
          </button>
        </>
      ) : (
        <>
          <Link to="/login" className="button button--ghost">
            Login
          </Link>
          <Link to="/register" className="button button--primary">
            Register
          </Link>
        </>
      )}
    </div>
  );
}
