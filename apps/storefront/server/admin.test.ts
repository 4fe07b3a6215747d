import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, findAdminDistDir, registerAdminApp, withTenantToken } from './admin.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <script type="module" crossorigin src="/admin/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  fs.mkdirSync(path.join(root, 'built/assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'built/index.html'), INDEX);
  fs.writeFileSync(path.join(root, 'built/assets/index-abc123.js'), 'console.log("admin");');
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function server(distDir: string, warnings: string[] = []) {
  const app = Fastify({
    routerOptions: { ignoreTrailingSlash: true },
    logger: {
      level: 'warn',
      stream: { write: (line: string) => warnings.push(JSON.parse(line).msg) },
    },
  });
  const hosts: (string | undefined)[] = [];
  await registerAdminApp(app, {
    distDir,
    tenantOf: async (host) => {
      hosts.push(host);
      return host === 'evil.example' ? 'a"b<c>&$&\'' : 'token-of-the-shop';
    },
  });
  app.get('/*', async () => 'storefront');
  return { app, hosts };
}

describe('the admin app under /admin', () => {
  it('answers its index.html for /admin and every address under it, never cached, naming the shop of the host', async () => {
    const { app, hosts } = await server(path.join(root, 'built'));
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/orders/12/show', '/admin/login?x=1']) {
      const response = await app.inject({ url, headers: { host: 'shop.example' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.body).toContain('<meta name="tenant-token" content="token-of-the-shop" />');
      expect(response.body).toContain('src="/admin/assets/index-abc123.js"');
    }
    expect(new Set(hosts)).toEqual(new Set(['shop.example']));
    await app.close();
  });

  it('escapes the token it puts into the page', async () => {
    const { app } = await server(path.join(root, 'built'));
    const response = await app.inject({ url: '/admin/', headers: { host: 'evil.example' } });
    expect(response.body).toContain('<meta name="tenant-token" content="a&quot;b&lt;c&gt;&amp;$&amp;&#39;" />');
    await app.close();
  });

  it('serves the hashed assets for good, and 404 for an asset it does not have', async () => {
    const { app } = await server(path.join(root, 'built'));
    const asset = await app.inject({ url: '/admin/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("admin");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ url: '/admin/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('tenant-token');
    await app.close();
  });

  it('leaves every other address to the storefront', async () => {
    const { app } = await server(path.join(root, 'built'));
    for (const url of ['/', '/administration', '/adminx/orders', '/shop']) {
      expect((await app.inject({ url })).body, url).toBe('storefront');
    }
    await app.close();
  });

  it('serves a build made after the start, and a rebuilt index.html once it changes', async () => {
    const dist = path.join(root, 'later');
    const { app } = await server(dist);
    expect((await app.inject({ url: '/admin' })).statusCode).toBe(404);
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    expect((await app.inject({ url: '/admin' })).body).toContain('index-abc123.js');
    const rebuilt = INDEX.replace('index-abc123.js', 'index-def456.js');
    fs.writeFileSync(path.join(dist, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    expect((await app.inject({ url: '/admin' })).body).toContain('index-def456.js');
    await app.close();
  });

  it('without a build answers 404 for /admin and says why in the log, without failing the start', async () => {
    const warnings: string[] = [];
    const { app } = await server(path.join(root, 'missing'), warnings);
    for (const url of ['/admin', '/admin/orders', '/admin/assets/index-abc123.js']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    expect(warnings.some((line) => line.includes('The shop administration is not built'))).toBe(true);
    expect((await app.inject({ url: '/' })).body).toBe('storefront');
    await app.close();
  });
});

describe('helpers', () => {
  it('escapes what HTML gives a meaning to', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('puts the token at the end of the head', () => {
    expect(withTenantToken('<html><head><title>t</title></head></html>', 'tok')).toBe(
      '<html><head><title>t</title>  <meta name="tenant-token" content="tok" />\n  </head></html>',
    );
  });

  it('finds the build from ADMIN_DIST_DIR, else apps/admin/dist of this repository', () => {
    expect(findAdminDistDir({ ADMIN_DIST_DIR: '/srv/admin' })).toBe(path.resolve('/srv/admin'));
    expect(findAdminDistDir({})).toBe(path.resolve(import.meta.dirname, '../../admin/dist'));
  });
});
