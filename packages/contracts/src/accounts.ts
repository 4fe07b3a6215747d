import { z } from 'zod';

/** A string field of a request body; a missing one reads as DRF's "This field is required." */
const field = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Not a valid string.'),
  });

/**
 * What counts as an e-mail address, wherever one is typed (accounts, contact form): deliberately plain, like
 * Django's EmailValidator in spirit: one @, a dotted domain, no spaces, quotes or angle brackets.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Minimum password length (spec section 9). */
export const MIN_PASSWORD_LENGTH = 8;

/** The account as the customer sees it. */
/** The signed-in account; `role` is `customer`, or `staff`/`owner` for the shop's staff (the admin app reads it). */
export const AccountUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  role: z.enum(['customer', 'staff', 'owner']),
});
export type AccountUser = z.infer<typeof AccountUser>;

/** `POST /accounts/login/`: `login_id` is the e-mail or the username. */
export const LoginBody = z.object({ login_id: field().max(254), password: field().max(1024) });
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const LoginResponse = TokenPair.extend({ user: AccountUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * The answer to a registration: the same whether the address was new or already had an account (whose owner is
 * e-mailed instead), so that registering tells nobody which addresses have accounts.
 */
export const RegisterResponse = z.object({ email: z.string(), detail: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;
export const REGISTRATION_RECEIVED = 'Registration received. Sign in with your e-mail address and password.';

/** `POST /accounts/register/`. */
export const RegisterBody = z.object({
  email: field().max(254),
  password: field().max(1024),
  password_confirm: field().max(1024),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** `POST /accounts/token/refresh/` answer: a new access token and, with rotation, a new refresh token. */
export const RefreshBody = z.object({ refresh: field().max(4096) });
export type RefreshBody = z.infer<typeof RefreshBody>;
export const RefreshResponse = z.object({ access: z.string(), refresh: z.string().optional() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/** `POST /accounts/logout/`. */
export const LogoutBody = RefreshBody;
export type LogoutBody = z.infer<typeof LogoutBody>;

/** `POST /accounts/password-reset/`: always 202, whether or not the address has an account. */
export const PasswordResetBody = z.object({ email: field().max(254) });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** `POST /accounts/password-reset/confirm/`: the token from the e-mailed link and the new password. */
export const PasswordResetConfirmBody = z.object({
  token: field().max(512),
  password: field().max(1024),
  password_confirm: field().max(1024),
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

export const DetailResponse = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof DetailResponse>;
