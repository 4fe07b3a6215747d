import { type ProxyTrust, trustProxyOption } from '@platform/api';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiProxy } from './api-proxy.ts';

/** An API that answers with the client it sees, behind `trust`, listening on a port of its own. */
async function echoApi(trust: ProxyTrust): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ trustProxy: trustProxyOption(trust) });
  app.get('/api/client/', async (request) => ({ ip: request.ip }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/** The storefront's server alone, behind `trust`, passing `/api` to the API at `apiUrl`. */
async function storefrontServer(trust: ProxyTrust, apiUrl: string): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: trustProxyOption(trust) });
  await app.register(apiProxy, { apiUrl });
  await app.ready();
  return app;
}

describe('the storefront passing /api on to a separate API', () => {
  const apis: FastifyInstance[] = [];
  const servers: FastifyInstance[] = [];
  let apiBehindOne: string;
  let apiBehindTwo: string;
  beforeAll(async () => {
    const one = await echoApi(1);
    const two = await echoApi(2);
    apis.push(one.app, two.app);
    apiBehindOne = one.url;
    apiBehindTwo = two.url;
  });
  afterAll(async () => {
    for (const app of [...servers, ...apis]) await app.close();
  });

  const clientSeenBy = async (storefront: FastifyInstance, peer: string, forwardedFor?: string) => {
    const answer = await storefront.inject({
      method: 'GET',
      url: '/api/client/',
      remoteAddress: peer,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return (answer.json() as { ip: string }).ip;
  };

  it('gives the API the visitor nginx saw, not what the visitor wrote, behind nginx (TRUST_PROXY=1 on both)', async () => {
    const storefront = await storefrontServer(1, apiBehindOne);
    servers.push(storefront);
    expect(await clientSeenBy(storefront, '10.0.0.5', '192.0.2.66, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientSeenBy(storefront, '10.0.0.5', '192.0.2.67, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives the API the visitor itself when the storefront is reached directly, whatever the visitor forwards', async () => {
    const storefront = await storefrontServer(false, apiBehindOne);
    servers.push(storefront);
    expect(await clientSeenBy(storefront, '203.0.113.8', '192.0.2.66')).toBe('203.0.113.8');
    expect(await clientSeenBy(storefront, '203.0.113.8')).toBe('203.0.113.8');
  });

  it('passes on one address, so that an API counting two hops still sees the visitor, not a forged one', async () => {
    const storefront = await storefrontServer(false, apiBehindTwo);
    servers.push(storefront);
    expect(await clientSeenBy(storefront, '203.0.113.9', '192.0.2.66')).toBe('203.0.113.9');
  });
});
