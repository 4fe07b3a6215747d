// react-admin's authProvider: the shop's accounts API, entered only by staff and owners. The settings, the audit log
// and the staff are for roles that may manage settings (ROLE_PERMISSIONS: the owner).
import { AccountUser } from '@platform/contracts';
import type { AuthProvider } from 'ra-core';
import type { Api } from './api.ts';
import { type AdminRole, type AdminUser, isAdminRole, type SessionStore } from './session.ts';

export const NO_ACCESS_MESSAGE = 'This account has no access to the administration.';

/** Resources only a role that may manage the shop's settings opens (the menu leaves them out for the others). */
export const OWNER_RESOURCES = new Set([
  'payment-settings',
  'mail-settings',
  'audit-log',
  'staff',
  'site-settings',
  'home-page',
  'shipping-zones',
  'tax-rates',
  'currency-settings',
]);

export function canRoleAccess(role: AdminRole | null | undefined, resource: string): boolean {
  if (!role) return false;
  return role === 'owner' || !OWNER_RESOURCES.has(resource);
}

function adminUserOf(user: { id: number; email: string; username: string; role: string }): AdminUser | null {
  return isAdminRole(user.role) ? { id: user.id, email: user.email, username: user.username, role: user.role } : null;
}

export function createAuthProvider(api: Api, session: SessionStore): AuthProvider {
  return {
    async login({ username, password }: { username: string; password: string }) {
      const answer = await api.login(String(username ?? '').trim(), String(password ?? ''));
      const user = adminUserOf(answer.user);
      if (!user) {
        // A customer's sign-in is ended at once: nothing of it is kept.
        session.save({ access: answer.access, refresh: answer.refresh });
        await api.logout();
        throw new Error(NO_ACCESS_MESSAGE);
      }
      session.save({ access: answer.access, refresh: answer.refresh });
      session.saveUser(user);
    },

    async logout() {
      await api.logout();
    },

    async checkAuth() {
      if (!session.access() || !session.user()) {
        session.clear();
        // To the sign-in page without a notification (react-admin's convention: `message: false`), so that the
        // page's own messages (e.g. a refusal) are the ones shown.
        throw { message: false };
      }
    },

    async checkError(error: { status?: number }) {
      // 401: the session is over. 403 is a refusal of one action (e.g. staff on an owner's page): stay signed in.
      if (error?.status === 401) {
        await api.logout();
        throw new Error('Your session has ended. Please sign in again.');
      }
    },

    async getIdentity() {
      const stored = session.user();
      if (!stored) throw new Error('ra.auth.auth_check_error');
      const fresh: AccountUser | AdminUser = await api.request('/accounts/me/', AccountUser).catch(() => stored);
      const user = adminUserOf(fresh);
      if (!user) {
        await api.logout();
        throw new Error(NO_ACCESS_MESSAGE);
      }
      session.saveUser(user);
      // The name the shop shows with the member's posts and comments (`display_name`), which "My profile" sets.
      const displayName = 'display_name' in fresh ? fresh.display_name?.trim() : undefined;
      return {
        id: user.id,
        fullName: displayName || user.username || user.email,
        email: user.email,
        role: user.role,
      };
    },

    async getPermissions() {
      return session.user()?.role ?? null;
    },

    async canAccess({ resource }: { resource: string; action: string }) {
      return canRoleAccess(session.user()?.role, resource);
    },
  };
}
