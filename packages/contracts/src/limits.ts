// The limits of a schema's fields, read from the schema itself, so that a form's checks are the API's own.
import './browser.ts';
import type { z } from 'zod';

type Schema = z.core.$ZodType;

interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  options?: readonly Schema[];
  values?: readonly unknown[];
}

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** The schema inside optional, nullable, default and pipe wrappers. */
function unwrap(schema: Schema): Schema {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

/** The longest text a schema accepts: Infinity for a string without `.max(n)`, null for what is not text. */
function longest(schema: Schema): number | null {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'string') return (inner as z.ZodString).maxLength ?? Number.POSITIVE_INFINITY;
  if (def.type === 'literal') {
    const lengths = (def.values ?? []).map((value) => (typeof value === 'string' ? value.length : 0));
    return Math.max(0, ...lengths);
  }
  if (def.type === 'union') {
    const lengths = (def.options ?? []).map(longest);
    return lengths.some((length) => length === null) ? null : Math.max(...(lengths as number[]));
  }
  return null;
}

/**
 * The maximum length of a text field of an object schema (`z.string().max(n)`, through `.optional()`, `.default()`
 * and unions such as `'' | email`): `path` names the field, `list.field` a field of a list's items. Throws when the
 * schema has no such field or sets it no limit, so that a form cannot silently lose its check.
 */
export function maxLengthAt(schema: Schema, path: string): number {
  let current = schema;
  for (const key of path.split('.')) {
    let def = defOf(unwrap(current));
    if (def.type === 'array' && def.element) def = defOf(unwrap(def.element));
    const field = def.shape?.[key];
    if (!field) throw new Error(`The schema has no field ${path}.`);
    current = field;
  }
  const length = longest(current);
  if (length === null || !Number.isFinite(length)) throw new Error(`The schema sets no maximum length for ${path}.`);
  return length;
}
