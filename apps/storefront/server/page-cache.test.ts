import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isCacheablePage, policyWithScriptHashes, toRendered } from './page-cache.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('kept pages', () => {
  it('are the public pages only, never the visitor’s own', () => {
    for (const path of [
      '/',
      '/products',
      '/products/angkhola',
      '/blog',
      '/blog/a-post',
      '/faq',
      '/gallery',
      '/contact',
    ]) {
      expect(isCacheablePage(path), path).toBe(true);
    }
    for (const path of [
      '/cart',
      '/login',
      '/register',
      '/account/orders',
      '/account/orders/4',
      '/payment/return',
      '/order-confirmation',
      '/test',
      '/products/a/b',
    ]) {
      expect(isCacheablePage(path), path).toBe(false);
    }
  });

  it('allow exactly their inline scripts by hash in place of the render’s nonce', () => {
    const html =
      '<script nonce="n1">window.a = 1</script><script type="module" nonce="n1">import "/x.js"</script>' +
      '<script src="/assets/a.js" nonce="n1"></script><script type="application/ld+json">{"@type":"Product"}</script>';
    const policy = policyWithScriptHashes(
      "default-src 'self'; script-src 'self' 'nonce-n1'; object-src 'none'",
      'n1',
      html,
    );
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' ${sha('window.a = 1')} ${sha('import "/x.js"')}; object-src 'none'`,
    );
  });

  it('keep a 200 with its hash policy, and never a page that is not found', async () => {
    const headers = {
      'content-type': 'text/html',
      'content-security-policy': "script-src 'nonce-n2'",
      'set-cookie': 'a=b',
    };
    const kept = await toRendered(new Response('<script>go()</script>', { status: 200, headers }), {
      cacheable: true,
      nonce: 'n2',
    });
    expect(kept.cacheable).toBe(true);
    expect(kept.headers['content-security-policy']).toBe(`script-src ${sha('go()')}`);
    expect(kept.headers['set-cookie']).toBeUndefined();
    const missing = await toRendered(new Response('gone', { status: 404, headers }), { cacheable: true, nonce: 'n2' });
    expect(missing.cacheable).toBe(false);
  });
});
