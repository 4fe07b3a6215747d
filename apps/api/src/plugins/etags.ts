// Validators for answers built in memory (API JSON, pages not kept): a weak ETag from the uncompressed bytes, so that a
// client asking again with If-None-Match gets 304 instead of the body. Only where it can save something: a successful
// read (GET or HEAD) of at least ETAG_MIN_BYTES; below that the 304 saves less than the hash of every answer costs
// (the health check, small settings). An answer that already carries an ETag (the response cache's) keeps it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ifNoneMatchHolds, weakEtagOf } from '../lib/etag.ts';

/** Answers smaller than this get no ETag. */
export const ETAG_MIN_BYTES = 512;

/** The answer's payload, emptied with 304 when the client holds it; the ETag set on the way. */
function validated(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
  let tag = reply.getHeader('etag') as string | undefined;
  if (!tag) {
    const size =
      typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0;
    if (size < ETAG_MIN_BYTES) return payload;
    tag = weakEtagOf(payload as string | Buffer);
    reply.header('etag', tag);
  }
  if (!ifNoneMatchHolds(request.headers['if-none-match'], tag)) return payload;
  reply.code(304);
  return '';
}

export const etags = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => done(null, validated(request, reply, payload)));
  },
  { name: 'etags' },
);
