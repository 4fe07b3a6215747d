import type { FieldErrors } from '@platform/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailableReason } from '../db/client.ts';
import { AppError, DatabaseUnavailableError, ValidationError } from '../lib/errors.ts';
import { compensationFailuresOf } from '../lib/workflow.ts';

/** Zod issues by field, DRF style; issues of the whole body go under `non_field_errors`. */
function fieldErrorsFromValidation(
  error: FastifyError & { validation: { instancePath: string; message?: string; params: unknown }[] },
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.validation) {
    const issuePath = (issue.params as { issue?: { path?: PropertyKey[] } })?.issue?.path;
    const key =
      issuePath && issuePath.length > 0
        ? issuePath.map(String).join('.')
        : issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
    const message = issue.message ?? 'Invalid value.';
    fields[key] = [...(fields[key] ?? []), message];
  }
  return fields;
}

/** The Fastify error codes whose message is safe to show as they are. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; detail?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'request_too_large', detail: 'Request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'parse_error', detail: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'parse_error', detail: 'Invalid Content-Length.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'parse_error', detail: 'JSON parse error.' },
};

/** An error's message followed by its causes' (a query error wraps the database's own message). */
function messageWithCauses(error: unknown): string {
  const messages: string[] = [];
  for (let cause = error; cause instanceof Error && messages.length < 5; cause = cause.cause) {
    messages.push(cause.message);
  }
  return messages.length > 0 ? messages.join(': ') : String(error);
}

/** Maps every error to the DRF-shaped body; 5xx details stay in the log, under the request id. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const undone = compensationFailuresOf(error);
  if (undone.length > 0) {
    // Something outside the transaction may be left over (a payment attempt still open): staff read it here, while
    // the client reads the failure that stopped the workflow.
    request.log.error(
      {
        failure: messageWithCauses(error),
        compensationFailures: undone.map(({ step, error: cause }) => ({ step, error: messageWithCauses(cause) })),
      },
      'workflow compensation failed',
    );
  }
  if (error instanceof AppError) {
    return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail, code: error.code });
  }
  if (error instanceof ValidationError) {
    return reply.code(400).send(error.fields);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = fieldErrorsFromValidation(error as never);
    // Errors of query strings and path parameters name their parameter too.
    return reply.code(400).send(fields);
  }
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({
      detail: `Unsupported media type "${String(request.headers['content-type'] ?? '')}" in request. Send JSON.`,
      code: 'unsupported_media_type',
    });
  }
  if (known) {
    return reply.code(error.statusCode ?? 400).send({ detail: known.detail ?? error.message, code: known.code });
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return reply.code(400).send({ detail: 'JSON parse error.', code: 'parse_error' });
  }
  if (error.statusCode === 429) {
    return reply.code(429).send({ detail: error.message, code: 'throttled' });
  }
  if (error.statusCode && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ detail: error.message, code: 'error' });
  }
  const unavailableReason = databaseUnavailableReason(error);
  if (unavailableReason) {
    // Not a fault of this request: a short line, not a stack trace per request while the database is away.
    request.log.warn({ reason: unavailableReason }, 'database unavailable');
    const unavailable = new DatabaseUnavailableError();
    return reply
      .code(unavailable.statusCode)
      .headers(unavailable.headers)
      .send({ detail: unavailable.detail, code: unavailable.code });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ detail: 'A server error occurred.', code: 'server_error' });
}
