import { z } from 'zod';

/** Error body of every failed API call: `{detail, code}` or per-field `{field: ["message"]}` (DRF shape). */
export const ErrorDetail = z.object({ detail: z.string(), code: z.string().optional() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

/** Per-field errors as one line: 'field: messages' for each field, joined with '; '. */
export function fieldErrorsText(fields: FieldErrors): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
}

/** The first message of the first field that has one; with `names`, of the first of those fields that has one. */
export function firstFieldError(fields: FieldErrors, names?: readonly string[]): string | undefined {
  const order = names ?? Object.keys(fields);
  for (const name of order) {
    const message = fields[name]?.[0];
    if (message) return message;
  }
  return undefined;
}
