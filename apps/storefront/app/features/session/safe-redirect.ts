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
