import { configureBrowserApi } from '../../lib/browser-api.ts';
import { contract } from '../../lib/contracts.ts';
import { getFreshAccessToken, setLogoutCall, setRefreshCall } from './session.ts';

/**
 * Set once by the root from the settings embedded in the page, before any component calls the API: the browser's API
 * client, whose calls refresh an expired access token first (one refresh for all the requests waiting on it), and the
 * session's refresh and logout calls through it.
 */
export function configureBrowserSession(config: { baseUrl: string; tenantToken: string }): void {
  const api = configureBrowserApi({ ...config, getAccessToken: getFreshAccessToken });
  if (!api) return;
  setRefreshCall((refresh) =>
    api.post('/accounts/token/refresh/', { refresh }, { schema: contract((c) => c.RefreshResponse) }),
  );
  setLogoutCall((refresh) => api.post('/accounts/logout/', { refresh }, { schema: contract((c) => c.DetailResponse) }));
}
