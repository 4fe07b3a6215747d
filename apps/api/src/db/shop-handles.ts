import { LRUCache } from 'lru-cache';
import type { Db } from './database.ts';

// One shop's handles of a database: the shop named in every transaction (PGlite sets it with the session, PostgreSQL
// with `begin`), kept for the shops seen lately.

/** One shop's handles per database, kept for the shops seen lately (building a handle takes a fraction of a millisecond). */
const SHOP_HANDLES = 1_000;

/** The shop handles of each database's handles (the application's and its shops'). */
const shopHandles = new WeakMap<object, (tenantId: number) => Db>();

/**
 * `db` for one shop. For a database's application handle (or another shop's), the handle whose every transaction,
 * and every statement outside one, runs with `app.tenant_id` set to the shop (local to that transaction). NOTE: a
 * transaction handle is returned as it is: a shop's transaction already names its shop, the platform's is the door;
 * a transaction of the application handle names none, and so sees no shop's rows.
 */
export function tenantHandle(db: Db, tenantId: number): Db {
  const forShop = shopHandles.get(db);
  return forShop ? forShop(tenantId) : db;
}

/** The shop's id as the setting's text, checked, as it goes into the SQL text; '' for none. */
export function shopText(tenantId: number | null): string {
  if (tenantId !== null && !Number.isSafeInteger(tenantId)) throw new Error(`not a tenant id: ${tenantId}`);
  return tenantId === null ? '' : String(tenantId);
}

/** Names the shop (or none) for the rest of the transaction, or (`session`) of the connection's session. */
export function shopSetting(tenantId: number | null, scope: 'transaction' | 'session' = 'transaction'): string {
  return `set_config('app.tenant_id', '${shopText(tenantId)}', ${scope === 'transaction'})`;
}

/** Registers the shop handles of `db`, made by `make` and kept for the shops seen lately. */
export function registerShopHandles(db: Db, make: (tenantId: number) => Db): void {
  const handles = new LRUCache<number, Db>({ max: SHOP_HANDLES });
  const forShop = (tenantId: number): Db => {
    let handle = handles.get(tenantId);
    if (!handle) {
      handle = make(tenantId);
      shopHandles.set(handle, forShop);
      handles.set(tenantId, handle);
    }
    return handle;
  };
  shopHandles.set(db, forShop);
}
