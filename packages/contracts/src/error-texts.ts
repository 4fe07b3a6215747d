// What a failed call's body says, read without a schema: its `detail`, its per-field errors (DRF shape), as text
// (the storefront's first load imports these through `@platform/contracts/plain`).

/** Per-field errors: `{field: ["message"]}`. */
type FieldMessages = Record<string, string[]>;

/** The `detail` text of an error body (`{detail, code}`); undefined when it has none. */
export function errorDetailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { detail, code } = body as { detail?: unknown; code?: unknown };
  if (typeof detail !== 'string' || (code !== undefined && typeof code !== 'string')) return undefined;
  return detail || undefined;
}

/** The per-field errors of an error body, when it is one (every value a list of texts) with at least one field. */
export function fieldErrorsOf(body: unknown): FieldMessages | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const entries = Object.entries(body);
  if (entries.length === 0) return undefined;
  const valid = entries.every(
    ([, messages]) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
  );
  return valid ? (body as FieldMessages) : undefined;
}

/** Per-field errors as one line: 'field: messages' for each field, joined with '; '. */
export function fieldErrorsText(fields: FieldMessages): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
}

/** The first message of the first field that has one; with `names`, of the first of those fields that has one. */
export function firstFieldError(fields: FieldMessages, names?: readonly string[]): string | undefined {
  const order = names ?? Object.keys(fields);
  for (const name of order) {
    const message = fields[name]?.[0];
    if (message) return message;
  }
  return undefined;
}
