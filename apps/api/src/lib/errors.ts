import type { FieldErrors } from '@platform/contracts';

/** An error a service throws on purpose: it maps to `{detail, code}` with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

/** Per-field validation errors: `{"field": ["message"]}`; errors of the whole input go under `non_field_errors`. */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: FieldErrors) {
    super('Invalid input.');
    this.name = 'ValidationError';
  }
}

export class NotFoundError extends AppError {
  constructor(detail = 'Not found.', code = 'not_found') {
    super(404, code, detail);
  }
}

export class BadRequestError extends AppError {
  constructor(detail: string, code = 'bad_request') {
    super(400, code, detail);
  }
}

export class AuthenticationError extends AppError {
  constructor(detail = 'Authentication credentials were not provided.', code = 'not_authenticated') {
    super(401, code, detail, { 'www-authenticate': 'Bearer' });
  }
}

export class ConflictError extends AppError {
  constructor(detail: string, code = 'conflict') {
    super(409, code, detail);
  }
}

/** A service this one depends on (a payment gateway) failed: the detail says what, for the customer to read. */
export class BadGatewayError extends AppError {
  constructor(detail: string, code = 'bad_gateway') {
    super(502, code, detail);
  }
}

/** The database could not serve the request (down, restarting, out of connections, too slow): worth a retry soon. */
export class DatabaseUnavailableError extends AppError {
  constructor() {
    super(503, 'database_unavailable', 'The database is unavailable; try again shortly.', { 'retry-after': '5' });
  }
}

export class TooManyRequestsError extends AppError {
  /** `detail`: what a person was doing too often, said before when to try again; else the generic text. */
  constructor(retryAfterSeconds: number, detail?: string) {
    const text = detail
      ? `${detail} Try again in ${waitText(retryAfterSeconds)}.`
      : `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`;
    super(429, 'throttled', text, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/** A wait as a person says it: "1 minute", "14 minutes", "30 seconds". */
function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
