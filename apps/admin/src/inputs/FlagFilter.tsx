import { SelectInput } from 'react-admin';

/**
 * A list filter on a boolean field, always shown: its two choices named for the shop (`true`/`false` in the query),
 * in the order given.
 */
export function flagFilter(source: string, label: string, choices: [boolean, string][]) {
  return (
    <SelectInput
      key={source}
      source={source}
      label={label}
      choices={choices.map(([value, name]) => ({ id: String(value), name }))}
      alwaysOn
    />
  );
}
