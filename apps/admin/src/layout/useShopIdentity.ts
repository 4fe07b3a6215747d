import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider, ShopIdentity } from '../lib/dataProvider.ts';

/** The browser tab's title for the shop: "<name> administration", or "Administration" before it is known. */
export function tabTitle(identity: ShopIdentity | undefined): string {
  return identity?.name ? `${identity.name} administration` : 'Administration';
}

/** The shop's name and logo (read once per visit), and the browser tab named after the shop. */
export function useShopIdentity(): ShopIdentity | undefined {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data } = useQuery({
    queryKey: ['shop-identity'],
    queryFn: ({ signal }) => dataProvider.getShopIdentity({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    document.title = tabTitle(data);
  }, [data]);
  return data;
}
