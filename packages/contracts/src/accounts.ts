import './browser.ts';
import { z } from 'zod';
import { DeliveryAddress } from './orders.ts';

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

/**
 * The signed-in account; `role` is `customer`, or `staff`/`owner` for the shop's staff (the admin app reads it).
 * `display_name` is the name shown with the account's reviews and comments.
 */
export const AccountUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(['customer', 'staff', 'owner']),
  /**
   * Platform extension (issue 49): whether the customer agreed to marketing e-mail (a reminder of a cart left
   * behind), and since when (null: not given, or withdrawn). Answered by `/accounts/me/`.
   */
  marketing_consent: z.boolean().optional(),
  marketing_consent_at: z.string().nullable().optional(),
});
export type AccountUser = z.infer<typeof AccountUser>;

export const DISPLAY_NAME_MAX = 50;

/**
 * Why a display name (as typed) cannot be shown, or null when it can: it is trimmed first, must not be empty or
 * longer than 50 characters, and may not hold an e-mail address (no "@").
 */
export function displayNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'This field may not be blank.';
  if (trimmed.length > DISPLAY_NAME_MAX) {
    return `Ensure this field has no more than ${DISPLAY_NAME_MAX} characters.`;
  }
  if (trimmed.includes('@')) return 'A display name may not contain "@".';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return 'A display name may not contain control characters.';
  return null;
}

/**
 * `PATCH /accounts/me/`: the name shown with the customer's reviews and comments, and whether they agree to marketing
 * e-mail (issue 49); each optional, at least one.
 */
export const UpdateAccountBody = z
  .object({ display_name: field().max(1000).optional(), marketing_consent: z.boolean().optional() })
  .strict()
  .refine((body) => body.display_name !== undefined || body.marketing_consent !== undefined, {
    error: 'Send display_name or marketing_consent.',
  });
export type UpdateAccountBody = z.infer<typeof UpdateAccountBody>;

/**
 * `POST /accounts/password/change/`: the current password and the new one. The sign-in that changes it stays; every
 * other sign-in of the account ends.
 */
export const PasswordChangeBody = z.object({
  current_password: field().max(1024),
  password: field().max(1024),
  password_confirm: field().max(1024),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
export const PASSWORD_CHANGED = 'Your password has been changed. Every other sign-in of your account has ended.';

/** How many delivery addresses an account keeps at most. */
export const SAVED_ADDRESSES_MAX = 20;

/** A delivery address kept in the customer's account (`/accounts/addresses/`); the checkout offers it. */
export const SavedAddress = DeliveryAddress.extend({ id: z.number().int() });
export type SavedAddress = z.infer<typeof SavedAddress>;
export const SavedAddressList = z.array(SavedAddress);
export type SavedAddressList = z.infer<typeof SavedAddressList>;

/** `POST /accounts/addresses/`: every field of a delivery address. */
export const SavedAddressBody = DeliveryAddress.strict();
export type SavedAddressBody = z.infer<typeof SavedAddressBody>;

/** `PATCH /accounts/addresses/{id}/`: the fields to change; the others keep their value. */
export const SavedAddressPatchBody = DeliveryAddress.partial().strict();
export type SavedAddressPatchBody = z.infer<typeof SavedAddressPatchBody>;

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
  /** Platform extension (issue 49): the registration form's box for marketing e-mail, unticked by default. */
  marketing_consent: z.boolean().optional(),
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

/** `POST /accounts/unsubscribe/`: the link of a marketing e-mail (no sign-in): the account and its key. */
export const UnsubscribeBody = z.object({ user: z.number().int().positive(), key: field().max(200) }).strict();
export type UnsubscribeBody = z.infer<typeof UnsubscribeBody>;
export const UNSUBSCRIBED =
  'You will get no more marketing e-mail from us. You can agree again in your account settings.';
