import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorText } from '../lib/api-client.ts';

const GENERIC_ERROR = 'An unexpected error occurred. Please try again later.';

/** Where errors appear (spec section 8); without a message it shows the generic fallback. */
export function ErrorBox({ children }: { children?: ReactNode }) {
  return (
    <div className="error-box" role="alert">
      {children || GENERIC_ERROR}
    </div>
  );
}

/** The error box of a route's ErrorBoundary, for the error the route threw. */
export function RouteErrorBox() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string'
      ? error.data
      : ''
    : errorText(error, '');
  return (
    <section className="container page">
      <ErrorBox>{message}</ErrorBox>
    </section>
  );
}
