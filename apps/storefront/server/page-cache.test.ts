import { createHash, randomUUID } from 'node:crypto';
import { compression, createResponseCache } from '@platform/api';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  isCacheablePage,
  pageAddress,
  policyWithScriptHashes,
  sendPage,
  serveKeptPage,
  toRendered,
} from './page-cache.ts';

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

  it('allow exactly the inline scripts of their render by hash in place of the render’s nonce', () => {
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

  it('never allow an inline script that came without the render’s nonce (with content)', () => {
    const html =
      '<script nonce="n1">hydrate()</script><p>A review</p><script>steal()</script>' +
      '<script nonce="other">steal()</script><script data-x=" nonce=n1">steal()</script>';
    const policy = policyWithScriptHashes("script-src 'self' 'nonce-n1'", 'n1', html);
    expect(policy).toBe(`script-src 'self' ${sha('hydrate()')}`);
    expect(policy).not.toContain(sha('steal()'));
  });

  it('keep a 200 with its hash policy, and never a page that is not found', async () => {
    const headers = {
      'content-type': 'text/html',
      'content-security-policy': "script-src 'nonce-n2'",
      'set-cookie': 'a=b',
    };
    const kept = await toRendered(new Response('<script nonce="n2">go()</script>', { status: 200, headers }), {
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

describe('the address a page is kept for', () => {
  it('holds only the query parameters the page reads, each in its one form', () => {
    const address = (path: string) => pageAddress(new URL(path, 'https://shop.example'));
    expect(address('/products?x=1')).toBe('/products');
    expect(address('/products?x=2&utm_source=mail&fbclid=abc')).toBe('/products');
    expect(address('/products?page=1&ordering=-created_at&in_stock=yes&search=&category=')).toBe('/products');
    expect(address('/products?ordering=price&search=%20kukri%20&evil=%3Cscript%3E&page=02')).toBe(
      '/products?search=kukri&ordering=price&page=2',
    );
    expect(address('/products?category=knives&search=kukri')).toBe(address('/products?search=kukri&category=knives'));
    expect(address('/products/?in_stock=true')).toBe('/products/?in_stock=true');
    // An option value lists other products: it is part of the address, in one spelling.
    expect(address('/products?option=%2012%20inch&page=1')).toBe('/products?option=12+inch');
    expect(address('/products?option=12+inch')).not.toBe(address('/products?option=15+inch'));
    // Several values: each kept, once, around the other parameters.
    expect(address('/products?option=12+inch&page=1&option=Mirror-polished&option=12+inch')).toBe(
      '/products?option=12+inch&option=Mirror-polished',
    );
    expect(address('/products/angkhola?ref=home&x=1')).toBe('/products/angkhola');
    expect(address('/products/kami?ref=home&variant=12')).toBe('/products/kami?variant=12');
    expect(address('/products/kami?variant=012')).toBe('/products/kami');
    expect(address('/products/kami?variant=abc')).toBe('/products/kami');
    expect(address('/blog/a-post?page=3')).toBe('/blog/a-post');
  });
});

describe('a kept page and what it shows', () => {
  const quiet = { warn: () => undefined };
  const newCache = () =>
    createResponseCache(
      { RESPONSE_CACHE_FRESH_SECONDS: 60, RESPONSE_CACHE_STALE_SECONDS: 60, RESPONSE_CACHE_MAX_MB: 8 },
      quiet,
    );

  /** The storefront's render of a page: the API reads of its route, then its HTML (which shows its address). */
  function storefront(reads: Record<string, string[]>, tagsOf: Record<string, string | null>) {
    const rendered: string[] = [];
    const apiFetch: typeof fetch = async (input) => {
      const tags = tagsOf[String(input)];
      return new Response('{}', { headers: tags === null || tags === undefined ? {} : { 'x-cache-tags': tags } });
    };
    const render = async (address: URL, fetchOfRender: typeof fetch) => {
      rendered.push(address.pathname + address.search);
      for (const read of reads[address.pathname] ?? []) await fetchOfRender(read);
      const html = `<main>${address.pathname + address.search}</main><script nonce="n">go()</script>`;
      return new Response(html, {
        status: 200,
        headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'nonce-n'" },
      });
    };
    return { rendered, apiFetch, render };
  }

  const pages = {
    '/products': ['/api/products/products/?page=1', '/api/products/categories/'],
    '/products/kukri': ['/api/products/products/kukri/', '/api/pages/settings/public/'],
  };
  const tags = {
    '/api/products/products/?page=1': 'product:1 product:2',
    '/api/products/categories/': '',
    '/api/products/products/kukri/': 'product:1 account:7',
    '/api/pages/settings/public/': '',
  };

  it('is rendered for its own address: a parameter the page does not read neither splits it nor reaches its HTML', async () => {
    const cache = newCache();
    const shop = randomUUID();
    const site = storefront(pages, tags);
    const serve = (path: string) =>
      serveKeptPage({
        cache,
        tenantToken: shop,
        url: new URL(path, 'https://shop.example'),
        nonce: () => 'n',
        ...site,
      });
    const first = await serve('/products?evil=%3Cscript%3Ealert(1)%3C%2Fscript%3E&page=1');
    expect(first.state).toBe('miss');
    expect(first.answer.body.toString()).not.toContain('evil');
    const second = await serve('/products?evil=other');
    expect(second.state).toBe('hit');
    expect(second.answer.body.toString()).toBe(first.answer.body.toString());
    expect(site.rendered).toEqual(['/products']);
    await cache.close();
  });

  it('carries the tags of the API answers its render read: a name change renders again only the pages showing it', async () => {
    const cache = newCache();
    const shop = randomUUID();
    const site = storefront(pages, tags);
    const serve = (path: string) =>
      serveKeptPage({
        cache,
        tenantToken: shop,
        url: new URL(path, 'https://shop.example'),
        nonce: () => 'n',
        ...site,
      });
    await serve('/products');
    await serve('/products/kukri');
    await cache.invalidateTags(shop, ['account:7']);
    expect((await serve('/products')).state).toBe('hit');
    expect((await serve('/products/kukri')).state).toBe('miss');
    // A product's stock is on both.
    await cache.invalidateTags(shop, ['product:1']);
    expect((await serve('/products')).state).toBe('miss');
    expect((await serve('/products/kukri')).state).toBe('miss');
    expect(site.rendered).toEqual(['/products', '/products/kukri', '/products/kukri', '/products', '/products/kukri']);
    await cache.close();
  });

  it('is not kept when one of its API answers named no tags (a failure, a read that is not public)', async () => {
    const cache = newCache();
    const shop = randomUUID();
    const site = storefront(pages, { ...tags, '/api/pages/settings/public/': null });
    const serve = (path: string) =>
      serveKeptPage({
        cache,
        tenantToken: shop,
        url: new URL(path, 'https://shop.example'),
        nonce: () => 'n',
        ...site,
      });
    expect((await serve('/products/kukri')).state).toBe('miss');
    expect((await serve('/products/kukri')).state).toBe('miss');
    expect((await serve('/products')).state).toBe('miss');
    expect((await serve('/products')).state).toBe('hit');
    await cache.close();
  });

  it('allows its scripts by their hashes when kept, and by its own nonce when the cache is off (it goes to one request)', async () => {
    const policyOf = async (cache: ReturnType<typeof newCache>) => {
      const served = await serveKeptPage({
        cache,
        tenantToken: randomUUID(),
        url: new URL('/products/kukri', 'https://shop.example'),
        nonce: () => 'n',
        ...storefront(pages, tags),
      });
      await cache.close();
      return { state: served.state, policy: served.answer.headers['content-security-policy'] };
    };
    expect(await policyOf(newCache())).toEqual({ state: 'miss', policy: `script-src ${sha('go()')}` });
    const off = createResponseCache(
      { RESPONSE_CACHE_FRESH_SECONDS: 0, RESPONSE_CACHE_STALE_SECONDS: 60, RESPONSE_CACHE_MAX_MB: 8 },
      quiet,
    );
    expect(await policyOf(off)).toEqual({ state: 'bypass', policy: "script-src 'nonce-n'" });
  });
});

describe('a page sent', () => {
  it('varies on Accept-Encoding once when it is compressed for its request (rendered with the cache off)', async () => {
    const app = Fastify();
    await app.register(compression);
    const html = `<main>${'Khukuri '.repeat(400)}</main>`;
    app.get('/rendered', (request, reply) =>
      sendPage(
        request,
        reply,
        { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(html), cacheable: false },
        'bypass',
      ),
    );
    const rendered = await app.inject({ url: '/rendered', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(rendered.headers['content-encoding']).toBe('zstd');
    expect(rendered.headers.vary).toBe('accept-encoding');
    await app.close();
  });
});
