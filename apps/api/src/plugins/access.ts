import type { StaffPermission } from '@platform/contracts/admin';
import type { onRequestHookHandler } from 'fastify';
import { requirePermission, requireStaff, requireUser } from '../lib/context.ts';

/**
 * The one gate of routes that need a signed-in customer: 401 before the body or parameters are looked at, with the
 * detail the spec gives that feature (`app.addHook('onRequest', signedIn(...))` for a module, or a route's
 * `onRequest: signedIn()`).
 */
export function signedIn(detail?: string): onRequestHookHandler {
  return async function requireSignedIn(request) {
    requireUser(request.ctx, detail);
  };
}

/**
 * The gate of administration routes: 401 for a guest (or a token of another shop, refused by the authentication),
 * 403 for a customer, or for staff whose role may not do `permission` (`ROLE_PERMISSIONS`) when one is named.
 */
export function staffOnly(permission?: StaffPermission): onRequestHookHandler {
  return async function staffGate(request) {
    if (permission) requirePermission(request.ctx, permission);
    else requireStaff(request.ctx);
  };
}
