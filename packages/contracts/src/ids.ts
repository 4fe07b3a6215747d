// Row ids and page numbers as the API takes them: whole numbers within what the database stores (a 32-bit integer).
// A larger number is a clear 400 naming the field, never a database error.
import './browser.ts';
import { z } from 'zod';

/** The largest id a row can have (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;
/** The last page a list can be asked for. */
export const PAGE_MAX = 1_000_000;

const INTEGER = 'A valid integer is required.';
const tooLarge = (max: number) => ({ error: `Ensure this value is less than or equal to ${max}.` });

/** An id in a JSON body. */
export const RowId = z.number({ error: INTEGER }).int({ error: INTEGER }).positive().max(ID_MAX, tooLarge(ID_MAX));

/** An id in a path or a query string. */
export const QueryRowId = z.coerce
  .number({ error: INTEGER })
  .int({ error: INTEGER })
  .positive()
  .max(ID_MAX, tooLarge(ID_MAX));

/** A page number in a query string. */
export const PageNumber = z.coerce
  .number({ error: INTEGER })
  .int({ error: INTEGER })
  .min(1)
  .max(PAGE_MAX, tooLarge(PAGE_MAX));

/** The params of an item route, `/…/{id}/`. */
export const ItemParams = z.object({ id: QueryRowId });
