import { ErrorDetail, FieldErrors } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';

/** Error answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: ErrorDetail.or(FieldErrors),
  401: ErrorDetail,
  403: ErrorDetail,
  404: ErrorDetail,
  429: ErrorDetail,
} as const;

/** A body posted as an HTML form (`application/x-www-form-urlencoded`), read into its fields; a repeated field keeps
 * its last value. For the few routes that take forms: a payment gateway's browser return, its hosted page. */
export function acceptFormBodies(app: { addContentTypeParser: FastifyInstance['addContentTypeParser'] }): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** A body posted as plain text (`text/plain`), read as one string: 2C2P's Payment Maintenance messages (a JWS). */
export function acceptTextBodies(app: { addContentTypeParser: FastifyInstance['addContentTypeParser'] }): void {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 100 * 1024 }, (_request, body, done) =>
    done(null, String(body)),
  );
}
