// The storefront served apart from the API (`API_URL`): the browser still calls `/api` and loads `/media` on the
// shop's own origin, so this server passes those requests to the API as they are, bodies and answers streamed.
import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Headers of one connection, never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** Registers `/api/*` and `/media/*` as passed to the API at `apiUrl` (its origin; any path is kept as a prefix). */
export async function apiProxy(app: FastifyInstance, options: { apiUrl: string }) {
  const target = new URL(options.apiUrl);
  const prefix = target.pathname.replace(/\/$/, '');
  const agentOptions = { keepAlive: true, maxSockets: 256 };
  const agent = target.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const send = target.protocol === 'https:' ? https.request : http.request;
  app.addHook('onClose', async () => agent.destroy());

  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // The API sees the visitor as a load balancer would show it (it trusts these with TRUST_PROXY). The address is
    // the one this server found (its own TRUST_PROXY decides how far it believes the proxies in front of it), alone:
    // nothing a visitor wrote is passed on, so the API counts the right client with any hop count.
    headers['x-forwarded-for'] = request.ip;
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-host'] = request.host;
    return new Promise<void>((resolve) => {
      const outgoing = send(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          path: prefix + request.url,
          method: request.method,
          headers,
          agent,
        },
        (answer) => {
          reply.code(answer.statusCode ?? 502);
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
          }
          reply.send(answer);
          resolve();
        },
      );
      outgoing.on('error', (error) => {
        request.log.error({ err: error }, 'The API could not be reached');
        if (!reply.sent) reply.code(502).send({ detail: 'The shop is unavailable right now.', code: 'bad_gateway' });
        resolve();
      });
      reply.raw.once('close', () => outgoing.destroy());
      // The body as it came (the API parses and limits it); none for GET and HEAD.
      const body = request.body as NodeJS.ReadableStream | undefined;
      if (body && typeof body.pipe === 'function') body.pipe(outgoing);
      else outgoing.end();
    });
  };

  await app.register(async (scope) => {
    // Bodies are not parsed here: whatever the type, the raw stream is handed to the API.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // Answers go out as the API gave them: compressed by it where it compresses.
    scope.all('/api/*', { compress: false }, forward);
    scope.route({ method: ['GET', 'HEAD'], url: '/media/*', compress: false, handler: forward });
  });
}
