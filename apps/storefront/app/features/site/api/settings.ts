import type { SiteSettings } from '@platform/contracts';
import { type ApiClient, ApiError } from '../../../lib/api-client.ts';
import { contract } from '../../../lib/contracts.ts';

/** The shop's public settings; `null` when the shop has none (the API answers 404). */
export async function fetchPublicSettings(api: ApiClient): Promise<SiteSettings | null> {
  try {
    return await api.get('/pages/settings/public/', { schema: contract((c) => c.SiteSettings) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
