import { QueryClient } from '@tanstack/react-query';
import { ApiContractError, ApiError } from './api-client.ts';

/** The answers a page keeps: each request of the server's render has its own; the browser has one for the visit. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx answer, or one that breaks its contract, will not change on a retry; network and server failures may.
        retry: (failureCount, error) => isRetryable(error) && failureCount < 2,
      },
    },
  });
}

function isRetryable(error: unknown): boolean {
  if (error instanceof ApiContractError) return false;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

let browserClient: QueryClient | undefined;

/**
 * The browser's answers, shared by the components (the root provides it) and the routes' client loaders, which read
 * what was fetched ahead (a product card's hover) or already shown.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
