import { DetailResponse, LoginResponse, RegisterResponse } from '@platform/contracts';
import { ApiContractError } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { acceptLogin, clearTokens, INVALID_LOGIN_RESPONSE, SessionError } from '../session.ts';

/** Signs in with the e-mail (or username) and stores both tokens; a failed login clears any tokens. */
export async function login(input: { loginId: string; password: string }): Promise<LoginResponse> {
  try {
    const answer = await browserApi()
      .post('/accounts/login/', { login_id: input.loginId, password: input.password }, { schema: LoginResponse })
      .catch((error: unknown) => {
        // Spec section 8: an answer without its tokens is 'Invalid token response from server.'
        throw error instanceof ApiContractError ? new SessionError(INVALID_LOGIN_RESPONSE) : error;
      });
    return acceptLogin(answer);
  } catch (error) {
    clearTokens();
    throw error;
  }
}

/** Creates an account; the answer is not read beyond success (spec section 7). */
export async function register(input: {
  email: string;
  password: string;
  passwordConfirm: string;
  marketingConsent?: boolean;
}): Promise<void> {
  await browserApi().post(
    '/accounts/register/',
    {
      email: input.email,
      password: input.password,
      password_confirm: input.passwordConfirm,
      ...(input.marketingConsent ? { marketing_consent: true } : {}),
    },
    { schema: RegisterResponse },
  );
}

/** Asks for a password reset link by e-mail; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await browserApi().post('/accounts/password-reset/', { email }, { schema: DetailResponse });
  return answer.detail;
}

/** Sets a new password with the token of the mailed link. */
export async function confirmPasswordReset(input: {
  token: string;
  password: string;
  passwordConfirm: string;
}): Promise<string> {
  const answer = await browserApi().post(
    '/accounts/password-reset/confirm/',
    { token: input.token, password: input.password, password_confirm: input.passwordConfirm },
    { schema: DetailResponse },
  );
  return answer.detail;
}
