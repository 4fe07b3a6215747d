// The Content-Security-Policy of the storefront's pages: scripts only from the shop itself and the page's own inline
// scripts (React Router's, carrying the request's nonce), Google Analytics only for a shop that configured it; no
// plugins, no <base>, never framed (the card gateway's hosted page is a redirect, not a frame).

const GOOGLE_ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};

/** The origin of a media host setting (`https://cdn.example/path` → `https://cdn.example`); none for same-origin. */
function originOf(mediaHost: string): string[] {
  if (!mediaHost) return [];
  try {
    return [new URL(mediaHost).origin];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(input: { nonce: string; mediaHost: string; analytics: boolean }): string {
  const media = originOf(input.mediaHost);
  const analytics = input.analytics ? GOOGLE_ANALYTICS : { script: [], connect: [], img: [] };
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${input.nonce}'`, ...analytics.script],
    // Server-rendered style attributes (image positions, zoom) are inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media, ...analytics.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...analytics.connect],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
