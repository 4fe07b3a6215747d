import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type AccountUser,
  displayNameProblem,
  isEmailAddress,
  type LoginBody,
  type LoginResponse,
  type PasswordChangeBody,
  type PasswordResetBody,
  type PasswordResetConfirmBody,
  REGISTRATION_RECEIVED,
  type RefreshResponse,
  type RegisterBody,
  type RegisterResponse,
  UNSUBSCRIBED,
  type UnsubscribeBody,
  type UpdateAccountBody,
} from '@platform/contracts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { type RequestContext, requireUser } from '../../lib/context.ts';
import { AuthenticationError, BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { TokenService } from '../../lib/services.ts';
import { shopUrl } from '../../lib/urls.ts';
import { queueMail } from '../mail/index.ts';
import {
  consumePasswordResetToken,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserEmails,
  findUserIdsMatching,
  insertPasswordResetToken,
  insertRefreshToken,
  insertUser,
  insertUserIfFree,
  lockRefreshToken,
  markRefreshTokenRotated,
  recordLogin,
  revokeOtherRefreshTokens,
  revokeRefreshTokenFamily,
  revokeUserRefreshTokens,
  setMarketingConsent,
  type UserRow,
  updateDisplayName,
  updatePassword,
  usePasswordResetTokensOf,
  usernameTaken,
} from './accounts.repository.ts';
import { passwordProblems } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { TokenClient } from './tokens.ts';

const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
const STAFF_INVITATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

const INVALID_CREDENTIALS = 'No active account found with the given credentials';
const INVALID_TOKEN = 'Token is invalid or expired';
const INVALID_RESET = 'This password reset link is invalid or has expired.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// NOTE: an argon2 verifier never accepts this, so an account created without a password cannot sign in.
const NO_PASSWORD = '!unusable';

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, verified against for unknown accounts so that they cost the same time as a wrong
 * password. Call once at start-up so that the first unknown login does not pay for making it.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

function accountUser(user: UserRow): AccountUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    display_name: user.displayName,
    role: user.role,
    marketing_consent: user.marketingConsentAt !== null,
    marketing_consent_at: user.marketingConsentAt?.toISOString() ?? null,
  };
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The password rules of registration and reset: matching confirmation, length, not a common one. */
function newPasswordErrors(password: string, confirm: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const problems = passwordProblems(password);
  if (problems.length > 0) errors.password = problems;
  if (password !== confirm) errors.password_confirm = ['Passwords do not match.'];
  return errors;
}

/**
 * A login name made from the address's local part. It is never shown to anyone but the account's owner and the
 * shop's staff: reviews and comments show the display name instead.
 */
async function freeUsername(scope: TenantScope, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '').replace(/[^a-z0-9._-]/gi, '').slice(0, 30) || 'customer';
  if (!(await usernameTaken(scope, base))) return base;
  for (;;) {
    const candidate = `${base}${randomBytes(3).readUIntBE(0, 3) % 100_000}`;
    if (!(await usernameTaken(scope, candidate))) return candidate;
  }
}

async function issueTokens(scope: TenantScope, tokens: TokenService, user: UserRow, family: string = randomUUID()) {
  const access = await tokens.sign({
    userId: user.id,
    tenantId: scope.tenantId,
    type: 'access',
    role: user.role,
    family,
  });
  const refresh = await tokens.sign({
    userId: user.id,
    tenantId: scope.tenantId,
    type: 'refresh',
    role: user.role,
    family,
  });
  await insertRefreshToken(scope, {
    userId: user.id,
    jti: refresh.jti,
    family,
    expiresAt: new Date(refresh.exp * 1000),
  });
  return { access: access.token, refresh: refresh.token };
}

/**
 * A new sign-in of an account without its password: for the platform's own tools (benchmarks, tests), never for a
 * route. The tokens are those a login gives.
 */
export async function openSession(ctx: RequestContext, userId: number): Promise<{ access: string; refresh: string }> {
  const user = await findUserById(ctx.scope, userId);
  if (!user) throw new Error(`no account ${userId}`);
  return issueTokens(ctx.scope, ctx.deps.tokens, user);
}

/**
 * Creates a customer account of the shop; per-field errors name every broken rule at once. An address that already
 * has an account gets the same answer after the same work (the password is hashed either way), and its owner is
 * e-mailed instead: registering never tells anyone which addresses have accounts.
 */
export async function register(ctx: RequestContext, input: RegisterBody): Promise<RegisterResponse> {
  const email = normalizeEmail(input.email);
  const errors = newPasswordErrors(input.password, input.password_confirm);
  if (!email) errors.email = ['This field may not be blank.'];
  else if (!isEmailAddress(email)) errors.email = ['Enter a valid email address.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const passwordHash = await hashPassword(input.password);
  const answer = { email, detail: REGISTRATION_RECEIVED };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const user = await insertUserIfFree(ctx.scope, {
      email,
      username: await freeUsername(ctx.scope, email),
      passwordHash,
      // The registration form's box, unticked by default: consent is given only by ticking it.
      marketingConsentAt: input.marketing_consent === true ? new Date() : null,
    });
    if (user) return answer;
    // The address is taken (before, or by a concurrent registration), or rarely the username: try again if the latter.
    const existing = await findUserByEmail(ctx.scope, email);
    if (existing) {
      void ctx.deps.events.publish([
        { name: 'account.registration_for_existing', payload: { tenantId: ctx.tenant.id, userId: existing.id } },
      ]);
      return answer;
    }
  }
  throw new Error('no free username found');
}

/** The e-mail to the owner of an address someone tried to register again. */
export async function mailRegistrationForExisting(ctx: RequestContext, userId: number): Promise<void> {
  const user = await findUserById(ctx.scope, userId);
  if (!user) return;
  const shop = ctx.tenant.name;
  await queueMail(ctx, {
    to: user.email,
    subject: `Someone tried to register at ${shop} with your address`,
    text:
      `Hello ${user.username},\n\nSomeone tried to create an account at ${shop} with this e-mail address, which ` +
      'already has one. If it was you, sign in with your password, or choose a new one here:\n\n' +
      `${shopUrl(ctx, '/forgot-password')}\n\nIf it was not you, ignore this e-mail: nothing has changed.\n`,
  });
}

/**
 * The rate limits' key of the account a sign-in names by e-mail or username (`account:<id>`), so that both names of
 * one account count together; null when no account has that name.
 */
export async function accountKeyOfLogin(ctx: RequestContext, loginId: string): Promise<string | null> {
  const user = await findUserByLogin(ctx.scope, loginId);
  return user ? `account:${user.id}` : null;
}

/** Signs a customer in by e-mail or username. Unknown account and wrong password: same answer, same work. */
export async function login(ctx: RequestContext, input: LoginBody): Promise<LoginResponse> {
  const user = await findUserByLogin(ctx.scope, input.login_id);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !matches || !user.isActive) throw new AuthenticationError(INVALID_CREDENTIALS, 'no_active_account');
  const pair = await issueTokens(ctx.scope, ctx.deps.tokens, user);
  await recordLogin(ctx.scope, user.id);
  return { ...pair, user: accountUser(user) };
}

async function verifiedRefreshClaims(ctx: RequestContext, refresh: string) {
  try {
    const claims = await ctx.deps.tokens.verify(refresh, { type: 'refresh', tenantId: ctx.tenant.id });
    if (claims.family && UUID.test(claims.jti) && UUID.test(claims.family)) return claims;
  } catch {
    // Answered below, the same for every reason.
  }
  throw new AuthenticationError(INVALID_TOKEN, 'token_not_valid');
}

/**
 * Rotates a refresh token: the presented one stops working and a new pair is returned. Within the grace window after
 * a rotation, the client that rotated it (same address and user agent) presenting it again gets the same pair (two
 * tabs refreshing at the same moment: the second waits for the first's row lock, then gets its pair). Presenting it
 * from another client, or later, means two parties hold it (one of them a thief): the whole family is revoked.
 */
export async function refreshTokens(
  ctx: RequestContext,
  refresh: string,
  client: TokenClient,
): Promise<RefreshResponse> {
  const claims = await verifiedRefreshClaims(ctx, refresh);
  const graceSeconds = ctx.deps.config.REFRESH_GRACE_SECONDS;
  const clientDigest = ctx.deps.tokens.clientDigest(client);
  const outcome = await ctx.scope.transaction(
    async (s): Promise<{ pair: RefreshResponse } | { revoke: string } | null> => {
      const stored = await lockRefreshToken(s, claims.jti);
      if (!stored || stored.userId !== claims.userId || stored.revokedAt) return null;
      if (stored.rotatedAt) {
        const withinGrace = Date.now() - stored.rotatedAt.getTime() <= graceSeconds * 1000;
        const sameClient = stored.rotatedBy === clientDigest;
        if (withinGrace && sameClient && stored.successor) {
          return { pair: JSON.parse(stored.successor) as RefreshResponse };
        }
        return { revoke: stored.family };
      }
      const user = await findUserById(s, stored.userId);
      if (!user?.isActive) return { revoke: stored.family };
      const pair = await issueTokens(s, ctx.deps.tokens, user, stored.family);
      await markRefreshTokenRotated(s, stored, { successor: JSON.stringify(pair), client: clientDigest }, graceSeconds);
      return { pair };
    },
  );
  if (outcome && 'pair' in outcome) return outcome.pair;
  // A reused token (another client, or past the grace window), or a disabled account: no token of this login works.
  if (outcome) await revokeRefreshTokenFamily(ctx.scope, outcome.revoke);
  throw new AuthenticationError(INVALID_TOKEN, 'token_not_valid');
}

/**
 * Ends the sign-in the refresh token belongs to: the token and every token rotated from the same login (so that a
 * logout racing a rotation leaves nothing alive). Other logins of the account stay. Revocations live in the database,
 * shared by every instance.
 */
export async function logout(ctx: RequestContext, refresh: string): Promise<void> {
  const claims = await verifiedRefreshClaims(ctx, refresh);
  if (claims.family) await revokeRefreshTokenFamily(ctx.scope, claims.family);
}

/** The key of an account's unsubscribe link: a keyed digest of the shop and the account (no sign-in needed). */
function unsubscribeKey(ctx: RequestContext, userId: number): string {
  return ctx.deps.tokens.digest('marketing-unsubscribe', `${ctx.tenant.id}\n${userId}`);
}

/** The link of a marketing e-mail that withdraws the account's consent, on the shop's configured origin. */
export function unsubscribeUrl(ctx: RequestContext, userId: number): string {
  const link = new URL(shopUrl(ctx, '/unsubscribe'));
  link.searchParams.set('user', String(userId));
  link.searchParams.set('key', unsubscribeKey(ctx, userId));
  return link.toString();
}

/**
 * `POST /accounts/unsubscribe/`: the link of a marketing e-mail withdraws the account's consent, without signing in;
 * a link altered answers 404. Following it again changes nothing.
 */
export async function unsubscribe(ctx: RequestContext, body: UnsubscribeBody): Promise<{ detail: string }> {
  const expected = Buffer.from(unsubscribeKey(ctx, body.user));
  const given = Buffer.from(body.key);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new NotFoundError('This link is not valid.', 'unsubscribe_link_invalid');
  }
  await setMarketingConsent(ctx.scope, body.user, false);
  return { detail: UNSUBSCRIBED };
}

/** The signed-in customer's account. */
export async function me(ctx: RequestContext): Promise<AccountUser> {
  const { id } = requireUser(ctx);
  const user = await findUserById(ctx.scope, id);
  if (!user?.isActive) throw new AuthenticationError('User not found', 'user_not_found');
  return accountUser(user);
}

/**
 * Changes the signed-in customer's display name, the name shown with their reviews and comments (trimmed; not blank,
 * 50 characters at most, no "@"). A change is announced (`account.display_name_changed`): public pages show it.
 */
export async function updateAccount(ctx: RequestContext, input: UpdateAccountBody): Promise<AccountUser> {
  const { id } = requireUser(ctx);
  const problem = input.display_name === undefined ? null : displayNameProblem(input.display_name);
  if (problem) throw new ValidationError({ display_name: [problem] });
  const displayName = input.display_name?.trim();
  const before = await findUserById(ctx.scope, id);
  if (!before?.isActive) throw new AuthenticationError('User not found', 'user_not_found');
  let user: UserRow | null = before;
  if (input.marketing_consent !== undefined) user = await setMarketingConsent(ctx.scope, id, input.marketing_consent);
  if (displayName !== undefined) user = await updateDisplayName(ctx.scope, id, displayName);
  if (!user?.isActive) throw new AuthenticationError('User not found', 'user_not_found');
  if (displayName !== undefined && before.displayName !== displayName) {
    await ctx.deps.events.publish([
      { name: 'account.display_name_changed', payload: { tenantId: ctx.tenant.id, userId: id } },
    ]);
  }
  return accountUser(user);
}

/**
 * Changes the signed-in customer's password, given the current one. The sign-in that asks keeps working with the
 * tokens it has; every other sign-in of the account ends at once (its refresh and access tokens), and pending reset
 * links stop working.
 */
export async function changePassword(ctx: RequestContext, input: PasswordChangeBody): Promise<void> {
  const { id, session } = requireUser(ctx);
  const user = await findUserById(ctx.scope, id);
  if (!user?.isActive || !session) throw new AuthenticationError('User not found', 'user_not_found');
  const errors = newPasswordErrors(input.password, input.password_confirm);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    errors.current_password = ['Your current password is incorrect.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const passwordHash = await hashPassword(input.password);
  await ctx.scope.transaction(async (s) => {
    await updatePassword(s, id, passwordHash);
    await usePasswordResetTokensOf(s, id);
    await revokeOtherRefreshTokens(s, id, session);
  });
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Takes a request for a reset link: the work (finding the account, storing the link, the e-mail) happens in the
 * background, so that the answer (202, the caller's) takes the same time whether or not the address has an account.
 */
export function requestPasswordReset(ctx: RequestContext, input: PasswordResetBody): void {
  void ctx.deps.events.publish([
    {
      name: 'account.password_reset_requested',
      payload: { tenantId: ctx.tenant.id, email: normalizeEmail(input.email) },
    },
  ]);
}

/**
 * Mails a single-use reset link valid for one hour when the address has an active account, nothing otherwise. The
 * link is on the shop's configured origin, never the request's host.
 */
export async function mailPasswordReset(ctx: RequestContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.scope, email);
  if (!user?.isActive) return;
  const shop = ctx.tenant.name;
  await mailPasswordLink(ctx, user, PASSWORD_RESET_TTL_MS, (link) => ({
    subject: `Reset your password at ${shop}`,
    text:
      `Hello ${user.username},\n\nSomeone asked to reset the password of your account at ${shop}.\n` +
      `Open this link within one hour to choose a new password (it works once):\n\n${link}\n\n` +
      'If it was not you, ignore this e-mail: your password stays as it is.\n',
  }));
}

/** Mails an account a single-use link to choose its password, valid for `ttlMs`, on the shop's configured origin. */
async function mailPasswordLink(
  ctx: RequestContext,
  user: UserRow,
  ttlMs: number,
  message: (link: string) => { subject: string; text: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await insertPasswordResetToken(ctx.scope, {
    userId: user.id,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  const link = `${shopUrl(ctx, '/reset-password')}?token=${encodeURIComponent(token)}`;
  await queueMail(ctx, { to: user.email, ...message(link) });
}

/** Sets a new password from a reset link, uses the link up, and signs the account out everywhere. */
export async function confirmPasswordReset(ctx: RequestContext, input: PasswordResetConfirmBody): Promise<void> {
  const errors = newPasswordErrors(input.password, input.password_confirm);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.scope.transaction(async (s) => {
    const userId = await consumePasswordResetToken(s, hashResetToken(input.token));
    if (userId === null) return false;
    await updatePassword(s, userId, passwordHash);
    await usePasswordResetTokensOf(s, userId);
    await revokeUserRefreshTokens(s, userId);
    return true;
  });
  if (!done) throw new BadRequestError(INVALID_RESET, 'invalid_reset_token');
}

/** The e-mail address of one of the shop's accounts (for the platform's own mail); null when there is none. */
export async function getAccountEmail(ctx: RequestContext, userId: number): Promise<string | null> {
  return (await findUserById(ctx.scope, userId))?.email ?? null;
}

/** Whether the shop's active account with this e-mail address signs in with `password` (the start's safety check). */
export async function signsInWith(ctx: RequestContext, email: string, password: string): Promise<boolean> {
  const user = await findUserByEmail(ctx.scope, normalizeEmail(email));
  if (!user?.isActive) return false;
  return verifyPassword(user.passwordHash, password);
}

/** The id of the shop's account with this e-mail address; null when there is none. */
export async function findAccountIdByEmail(ctx: RequestContext, email: string): Promise<number | null> {
  return (await findUserByEmail(ctx.scope, email))?.id ?? null;
}

/**
 * Creates an account as it is given, without the rules of registration (the demo shop's customers and staff);
 * without a password it can never sign in. Without a display name the database draws a neutral one.
 */
export async function createAccount(
  ctx: RequestContext,
  input: { email: string; username: string; password: string | null; role?: UserRow['role']; displayName?: string },
): Promise<AccountUser> {
  const user = await insertUser(ctx.scope, {
    email: normalizeEmail(input.email),
    username: input.username,
    passwordHash: input.password === null ? NO_PASSWORD : await hashPassword(input.password),
    role: input.role ?? 'customer',
    ...(input.displayName ? { displayName: input.displayName } : {}),
  });
  return accountUser(user);
}

/** The e-mail addresses of some of the shop's accounts, by id (for staff's lists). */
export async function getAccountEmails(ctx: RequestContext, ids: number[]): Promise<Map<number, string>> {
  return findUserEmails(ctx.scope, [...new Set(ids)]);
}

/** Accounts whose e-mail or username contains `text` (staff's searches). */
export async function findAccountIdsMatching(ctx: RequestContext, text: string): Promise<number[]> {
  return findUserIdsMatching(ctx.scope, text, 500);
}

/**
 * A member of staff (`staff` or `owner`) with a password that follows the registration rules; an address already
 * registered with the shop is refused (400).
 */
export async function createStaffAccount(
  ctx: RequestContext,
  input: { email: string; role: 'staff' | 'owner'; password: string },
): Promise<AccountUser> {
  const problems = passwordProblems(input.password);
  if (problems.length > 0) throw new ValidationError({ password: problems });
  const email = normalizeEmail(input.email);
  if (!isEmailAddress(email)) throw new ValidationError({ email: ['Enter a valid email address.'] });
  if (await findUserByEmail(ctx.scope, email)) {
    throw new ValidationError({ email: ['An account with this e-mail address already exists.'] });
  }
  return createAccount(ctx, {
    email,
    username: await freeUsername(ctx.scope, email),
    password: input.password,
    role: input.role,
  });
}

/**
 * A new member of staff invited by the owner: an account without a password, and an e-mail with a link (valid three
 * days, once) to choose one. An address already registered with the shop is refused (400).
 */
export async function inviteStaffAccount(
  ctx: RequestContext,
  input: { email: string; role: 'staff' | 'owner' },
): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(ctx.scope, email)) {
    throw new ValidationError({ email: ['An account with this e-mail address already exists.'] });
  }
  const user = await insertUser(ctx.scope, {
    email,
    username: await freeUsername(ctx.scope, email),
    passwordHash: NO_PASSWORD,
    role: input.role,
  });
  const shop = ctx.tenant.name;
  await mailPasswordLink(ctx, user, STAFF_INVITATION_TTL_MS, (link) => ({
    subject: `You are invited to run ${shop}`,
    text:
      `Hello,\n\nYou have been given a ${input.role === 'owner' ? 'shop owner' : 'staff'} account at ${shop}.\n` +
      `Open this link within three days to choose your password (it works once):\n\n${link}\n\n` +
      `Then sign in to the shop's administration at ${shopUrl(ctx, '/admin')} with this e-mail address.\n`,
  }));
  return user;
}

/** Sets an account's password (the platform command) and signs it out everywhere; false when there is none. */
export async function setAccountPassword(ctx: RequestContext, email: string, password: string): Promise<boolean> {
  const problems = passwordProblems(password);
  if (problems.length > 0) throw new ValidationError({ password: problems });
  const user = await findUserByEmail(ctx.scope, normalizeEmail(email));
  if (!user) return false;
  const passwordHash = await hashPassword(password);
  await ctx.scope.transaction(async (scope) => {
    await updatePassword(scope, user.id, passwordHash);
    await revokeUserRefreshTokens(scope, user.id);
  });
  return true;
}
