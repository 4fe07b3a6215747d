// Every validation message is written for a person: where a schema gives no text of its own, zod's default (a type
// name, a regular expression, "Too small: expected …") is replaced by the DRF-style sentence the shop answers with
// everywhere else. Set once for the process (and the browser), before any schema is parsed.
import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const TYPE_MESSAGES: Record<string, string> = {
  number: 'A valid number is required.',
  int: 'A valid integer is required.',
  bigint: 'A valid integer is required.',
  string: 'Not a valid string.',
  boolean: 'Must be a valid boolean.',
  array: 'Expected a list of items.',
  object: 'Invalid data. Expected a dictionary.',
  date: 'Enter a valid date.',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Enter a valid email address.',
  url: 'Enter a valid URL.',
  datetime: 'Enter a valid date and time.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
  uuid: 'Must be a valid UUID.',
};

const units = (origin: string) => (origin === 'array' || origin === 'set' ? 'items' : 'characters');

/** The person's sentence for a zod issue a schema has no text for. */
export function personMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      return TYPE_MESSAGES[issue.expected] ?? 'This value is not of the expected kind.';
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string' && minimum <= 1) return 'This field may not be blank.';
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return `Ensure this field has at least ${minimum} ${units(issue.origin)}.`;
      }
      return issue.inclusive === false
        ? `Ensure this value is greater than ${minimum}.`
        : `Ensure this value is greater than or equal to ${minimum}.`;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return `Ensure this field has no more than ${maximum} ${units(issue.origin)}.`;
      }
      return issue.inclusive === false
        ? `Ensure this value is less than ${maximum}.`
        : `Ensure this value is less than or equal to ${maximum}.`;
    }
    case 'invalid_format':
      return FORMAT_MESSAGES[issue.format] ?? 'Enter a valid value.';
    case 'not_multiple_of':
      return `Ensure this value is a multiple of ${issue.divisor}.`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${JSON.stringify(issue.values[0])}.`
        : `Choose one of: ${issue.values.map((value) => String(value)).join(', ')}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? `Unknown field: ${issue.keys[0]}.` : `Unknown fields: ${issue.keys.join(', ')}.`;
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
      return 'Enter a valid value.';
    default:
      return 'Enter a valid value.';
  }
}

z.config({ customError: personMessage });
