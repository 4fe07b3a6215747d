// The administration's own session: its tokens and account in localStorage keys of its own, apart from the
// storefront's (`authToken`/`refreshToken`), so that signing in or out of one never touches the other.
import { parseJsonOr } from '@platform/contracts';

/** The roles that may enter the administration. */
export const ADMIN_ROLES = ['staff', 'owner'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export interface AdminUser {
  id: number;
  email: string;
  username: string;
  role: AdminRole;
}

export function isAdminRole(role: unknown): role is AdminRole {
  return ADMIN_ROLES.includes(role as AdminRole);
}

/** What the session needs of `localStorage` (tests pass a Map-backed one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SESSION_KEYS = {
  access: 'admin.accessToken',
  refresh: 'admin.refreshToken',
  user: 'admin.user',
} as const;

export interface SessionStore {
  access(): string | null;
  refresh(): string | null;
  user(): AdminUser | null;
  save(tokens: { access: string; refresh?: string | undefined }): void;
  saveUser(user: AdminUser): void;
  clear(): void;
}

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  const read = (key: string) => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  return {
    access: () => read(SESSION_KEYS.access),
    refresh: () => read(SESSION_KEYS.refresh),
    user: () => {
      const text = read(SESSION_KEYS.user);
      if (!text) return null;
      const user = parseJsonOr(text, null) as Partial<AdminUser> | null;
      return typeof user?.id === 'number' && isAdminRole(user.role) ? (user as AdminUser) : null;
    },
    save: ({ access, refresh }) => {
      storage.setItem(SESSION_KEYS.access, access);
      if (refresh) storage.setItem(SESSION_KEYS.refresh, refresh);
    },
    saveUser: (user) => storage.setItem(SESSION_KEYS.user, JSON.stringify(user)),
    clear: () => {
      for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
    },
  };
}
