// A form's length limits are the API's: read from the contracts schema the API validates the body with.
import { maxLengthAt } from '@platform/contracts';
import { maxLength } from 'ra-core';

/**
 * react-admin's `maxLength` validator for a text field of a contracts body schema, with the schema's own limit:
 * `path` names the field, `list.field` a field of a list's items (`maxLengthOf(AdminContactInfoBody,
 * 'branch_locations.name')`). Every length limit of the admin goes through here (`limits.test.ts` checks it).
 */
export function maxLengthOf(schema: Parameters<typeof maxLengthAt>[0], path: string) {
  return maxLength(maxLengthAt(schema, path));
}
