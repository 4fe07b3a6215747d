// The API's error answers as react-admin errors: `{detail, code}` gives the message shown in a notification;
// `{field: [messages]}` gives `body.errors`, which react-admin's forms show under each field.
import { HttpError } from 'ra-core';

export const NETWORK_ERROR = 'The server could not be reached. Check the connection and try again.';
/** An answer that does not match its contract (the server and this page are of different versions, or a fault). */
export const ANSWER_UNREADABLE = 'The server answered something this page cannot read. Reload the page and try again.';
export const FORM_ERROR = 'Please correct the highlighted fields.';

/** Field errors as react-admin's forms take them: a message per field, nested objects for nested fields. */
export interface FieldErrors {
  [field: string]: string | FieldErrors;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{field: ["message", …]}` (nested for nested objects) as `{field: "message …"}`; null when the body is not that. */
export function fieldErrorsOf(body: unknown): FieldErrors | null {
  if (!isRecord(body)) return null;
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(body)) {
    if (Array.isArray(value)) {
      const messages = value.filter((message): message is string => typeof message === 'string');
      if (messages.length !== value.length || messages.length === 0) return null;
      errors[field] = messages.join(' ');
    } else if (isRecord(value)) {
      const nested = fieldErrorsOf(value);
      if (!nested) return null;
      errors[field] = nested;
    } else {
      return null;
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The first message of a field errors object, for a notification. */
function firstMessage(errors: FieldErrors): string | undefined {
  for (const value of Object.values(errors)) {
    const message = typeof value === 'string' ? value : firstMessage(value);
    if (message) return message;
  }
  return undefined;
}

/**
 * The error for an answer that is not a success. Its message is the API's `detail`; field errors go to
 * `body.errors` (with the message "Please correct …", or the API's `non_field_errors` when it gives some).
 */
export function toHttpError(status: number, body: unknown): HttpError {
  if (isRecord(body) && typeof body.detail === 'string' && body.detail) {
    return new HttpError(body.detail, status, body);
  }
  const errors = fieldErrorsOf(body);
  if (errors) {
    const { non_field_errors: general, ...fields } = errors;
    const message = typeof general === 'string' ? general : FORM_ERROR;
    const hasFields = Object.keys(fields).length > 0;
    if (!hasFields) return new HttpError(firstMessage(errors) ?? message, status, body);
    return new HttpError(message, status, { ...(body as object), errors: fields });
  }
  return new HttpError(genericMessage(status), status, body);
}

function genericMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You do not have permission to do this.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'The server could not complete the request. Please try again.';
  return `The request failed (${status}).`;
}

/** The message of a failed action, for a notification: the API's message, or `fallback`. */
export function errorText(error: unknown, fallback = 'Something went wrong.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
