// The session feature's public surface: who is signed in, their fresh access token, logout, the scope of the queries
// that belong to the signed-in customer, and the new-password fields the account reuses.
export { NewPasswordFields, newPasswordProblem } from './components/new-password.tsx';
export { getFreshAccessToken, isSignedIn, useIsSignedIn, useLogout } from './session.ts';
export { USER_QUERY_SCOPE } from './user-queries.ts';
