// The signed-in customer's own account: the display name shown with their reviews and comments, the password, the
// saved delivery addresses (which the checkout offers).
import {
  AccountUser,
  type DeliveryAddress,
  DetailResponse,
  NoContent,
  SavedAddress,
  SavedAddressList,
} from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client.ts';
import { USER_QUERY_SCOPE } from '../../session/index.ts';

export const ACCOUNT_QUERY_KEY = [USER_QUERY_SCOPE, 'account'] as const;
export const ADDRESSES_QUERY_KEY = [USER_QUERY_SCOPE, 'addresses'] as const;

/** The signed-in account (`GET /accounts/me/`). */
export function accountQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: () => api.get('/accounts/me/', { schema: AccountUser }),
  });
}

/** Sets the name shown with the customer's reviews and comments; the account as it now is. */
export function updateDisplayName(api: ApiClient, displayName: string): Promise<AccountUser> {
  return api.patch('/accounts/me/', { display_name: displayName }, { schema: AccountUser });
}

/** Gives or withdraws consent to marketing e-mail (a cart left behind: issue 49); the account as it now is. */
export function updateMarketingConsent(api: ApiClient, given: boolean): Promise<AccountUser> {
  return api.patch('/accounts/me/', { marketing_consent: given }, { schema: AccountUser });
}

/** `POST /accounts/unsubscribe/`: an e-mail's link withdraws the consent, without signing in; the answer's text. */
export async function unsubscribe(api: ApiClient, body: { user: number; key: string }): Promise<string> {
  return (await api.post('/accounts/unsubscribe/', body, { schema: DetailResponse })).detail;
}

/** Changes the password; every other sign-in of the account ends, this one goes on. The answer's text. */
export async function changePassword(
  api: ApiClient,
  input: { currentPassword: string; password: string; passwordConfirm: string },
): Promise<string> {
  const answer = await api.post(
    '/accounts/password/change/',
    { current_password: input.currentPassword, password: input.password, password_confirm: input.passwordConfirm },
    { schema: DetailResponse },
  );
  return answer.detail;
}

/** The customer's saved delivery addresses, oldest first. */
export function savedAddressesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ADDRESSES_QUERY_KEY,
    queryFn: () => api.get('/accounts/addresses/', { schema: SavedAddressList }),
  });
}

export function addAddress(api: ApiClient, address: DeliveryAddress): Promise<SavedAddress> {
  return api.post('/accounts/addresses/', address, { schema: SavedAddress });
}

export function changeAddress(api: ApiClient, id: number, address: DeliveryAddress): Promise<SavedAddress> {
  return api.patch(`/accounts/addresses/${id}/`, address, { schema: SavedAddress });
}

export async function removeAddress(api: ApiClient, id: number): Promise<void> {
  await api.delete(`/accounts/addresses/${id}/`, { schema: NoContent });
}
