// The benchmark's reference: a bare Fastify (no plugin, no hook, no logger) answering GET /api/health/ with the bytes
// and content type the shop's own /api/health/ answered (BARE_BODY, BARE_CONTENT_TYPE), on HOST:PORT. Run by
// `npm run bench` as a process of its own, like the shop's server, so that both are measured alike.
import Fastify from 'fastify';

const body = process.env.BARE_BODY ?? '{"status":"ok"}';
const contentType = process.env.BARE_CONTENT_TYPE ?? 'application/json; charset=utf-8';
const app = Fastify({ logger: false });
app.get('/api/health/', (_request, reply) => {
  reply.type(contentType).send(body);
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
