// The shop administration (`apps/admin`, a static single-page app built by Vite with base /admin/) under /admin: its
// hashed assets cached for good, and its index.html for every other /admin address (the app routes in the browser),
// never cached, with the tenant token of the shop the request's host stands for put into it. The storefront's own
// pages load nothing of it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface AdminAppOptions {
  /** The admin's build folder (index.html and assets/). */
  distDir: string;
  /** The shop token for a request's Host header. */
  tenantOf: (host: string | undefined) => Promise<string>;
}

/**
 * Where the admin's build is: `ADMIN_DIST_DIR`, else `apps/admin/dist` of this repository, found from this file
 * (`apps/storefront/server/*.ts` when run from source, `apps/storefront/dist/main.js` once bundled).
 */
export function findAdminDistDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ADMIN_DIST_DIR) return path.resolve(env.ADMIN_DIST_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../admin/dist');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** The admin's index.html naming its shop: `<meta name="tenant-token" content="…">` at the end of its head. */
export function withTenantToken(html: string, token: string): string {
  const meta = `<meta name="tenant-token" content="${escapeHtml(token)}" />`;
  // A function, so that `$` in a token is never read as a replacement pattern.
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, (end) => `  ${meta}\n  ${end}`) : meta + html;
}

// The admin's document: its own scripts and styles only (Material UI writes inline styles), no framing.
const INDEX_HEADERS = {
  'cache-control': 'no-cache',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; " +
    "object-src 'none'",
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Serves the admin under /admin; without a build, /admin answers 404 and one log line says why. */
export async function registerAdminApp(app: FastifyInstance, options: AdminAppOptions): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const assetsDir = path.join(options.distDir, 'assets');
  let template: { html: string; mtimeMs: number } | null = null;
  // Read again when it changes (a new build names new assets), and looked for while missing.
  const readTemplate = (): string | null => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return null;
    if (template?.mtimeMs !== stat.mtimeMs)
      template = { html: fs.readFileSync(indexFile, 'utf8'), mtimeMs: stat.mtimeMs };
    return template.html;
  };

  if (!readTemplate()) {
    app.log.warn(
      { indexFile },
      'The shop administration is not built (no apps/admin/dist/index.html): /admin answers 404. Run `npm run build`, or set ADMIN_DIST_DIR.',
    );
  }

  if (fs.existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/admin/assets/',
      decorateReply: false,
      wildcard: true,
      index: false,
      // Vite names every asset by its content's hash: it never changes. Compressed at build time.
      immutable: true,
      preCompressed: true,
      maxAge: '365d',
    });
  } else {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/admin/assets/*',
      handler: async (_request, reply) => reply.code(404).send({ detail: 'Not found.', code: 'not_found' }),
    });
  }

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = readTemplate();
    if (!html) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('The shop administration is not built.');
    }
    const token = await options.tenantOf(request.host);
    return reply.headers(INDEX_HEADERS).type('text/html; charset=utf-8').send(withTenantToken(html, token));
  };
  app.route({ method: ['GET', 'HEAD'], url: '/admin', config: { document: true }, handler: serveIndex });
  app.route({ method: ['GET', 'HEAD'], url: '/admin/*', config: { document: true }, handler: serveIndex });
}
