import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Tenant } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  countTenants,
  findTenantByDomain,
  findTenantById,
  findTenantByToken,
  insertTenant,
  listTenants,
} from './tenants.repository.ts';

export type { Tenant };

export class TenantTokenMissingError extends AppError {
  constructor() {
    super(400, 'tenant_token_missing', 'The X-Tenant-Token header is required.');
  }
}

export class TenantUnknownError extends AppError {
  constructor() {
    super(403, 'tenant_unknown', 'The X-Tenant-Token header does not name a known shop.');
  }
}

const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 1_000;

/**
 * Resolves tenant tokens, with a short per-process cache. The cache holds nothing that must be shared between
 * instances: a token resolves to the same tenant everywhere, and a deleted tenant is forgotten within the TTL.
 */
export class TenantResolver {
  private readonly cache = new Map<string, { tenant: Tenant | null; expires: number }>();

  constructor(private readonly db: Db) {}

  async resolve(token: string | undefined): Promise<Tenant> {
    const trimmed = token?.trim();
    if (!trimmed) throw new TenantTokenMissingError();
    const now = Date.now();
    const cached = this.cache.get(trimmed);
    let tenant: Tenant | null;
    if (cached && cached.expires > now) {
      tenant = cached.tenant;
    } else {
      tenant = trimmed.length > 128 ? null : await findTenantByToken(this.db, trimmed);
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      this.cache.set(trimmed, { tenant, expires: now + CACHE_TTL_MS });
    }
    if (!tenant) throw new TenantUnknownError();
    return tenant;
  }
}

/** Creates a shop; without a token a random one is made. */
export async function createTenant(
  db: Db,
  input: { name: string; token?: string; domains?: string[] },
): Promise<Tenant> {
  const name = input.name.trim();
  if (!name) throw new Error('a tenant needs a name');
  const token = input.token ?? `tn_${randomBytes(18).toString('base64url')}`;
  if (token.length < 8 || token.length > 128) throw new Error('a tenant token has 8 to 128 characters');
  return insertTenant(db, { name, token, domains: (input.domains ?? []).map((d) => d.trim().toLowerCase()) });
}

export { countTenants, listTenants };

/** A shop by its id (events carry ids); null when it no longer exists. */
export async function getTenant(db: Db, id: number): Promise<Tenant | null> {
  return findTenantById(db, id);
}

/** The shop that runs on this host name (its own domain), if any: host names are compared lowercased, no port. */
export async function findTenantByHost(db: Db, host: string): Promise<Tenant | null> {
  const name = host.trim().toLowerCase();
  if (!/^[a-z0-9.-]{1,253}$/.test(name)) return null;
  return findTenantByDomain(db, name);
}
