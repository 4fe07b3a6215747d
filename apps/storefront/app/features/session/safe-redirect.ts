/** The `redirect` parameter when it names a path of this site; anything else (another site, `//host`) gives '/'. */
export function safeRedirect(target: string | null, origin: string): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, origin);
    if (url.origin !== new URL(origin).origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/**
 * A link to another account page (login ↔ register) that keeps where the shopper was going: `path?redirect=…` when
 * `redirect` names a path of this site, else `path` alone.
 */
export function keepingRedirect(path: string, redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return path;
  return `${path}?redirect=${encodeURIComponent(redirect)}`;
}
