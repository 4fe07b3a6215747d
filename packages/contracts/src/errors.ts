import './browser.ts';
import { z } from 'zod';

/** Error body of every failed API call: `{detail, code}` or per-field `{field: ["message"]}` (DRF shape). */
export const ErrorDetail = z.object({ detail: z.string(), code: z.string().optional() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

export { fieldErrorsText, firstFieldError } from './error-texts.ts';
