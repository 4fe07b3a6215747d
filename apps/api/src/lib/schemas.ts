import { ErrorDetail, FieldErrors } from '@platform/contracts';

/** Error answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: ErrorDetail.or(FieldErrors),
  401: ErrorDetail,
  403: ErrorDetail,
  404: ErrorDetail,
  429: ErrorDetail,
} as const;
