import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy.ts';

describe('the storefront CSP', () => {
  it('allows the page nonce and the shop itself, nothing inline without it, no plugins, no framing', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc123', mediaHost: '', analytics: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('googletagmanager');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('adds Google Analytics only when the shop configured it, and the media host origin', () => {
    const policy = contentSecurityPolicy({ nonce: 'n', mediaHost: 'https://cdn.example/media', analytics: true });
    expect(policy).toContain("script-src 'self' 'nonce-n' https://www.googletagmanager.com");
    expect(policy).toContain('https://cdn.example');
    expect(policy).not.toContain('https://cdn.example/media');
  });
});
