import type { AdminStockAlertDemand } from '@platform/contracts/admin';
import { Datagrid, DateField, List, NumberField, SearchInput, SimpleList, TextField } from 'react-admin';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime } from '../lib/format.ts';

const alertFilters = [<SearchInput key="q" source="q" alwaysOn placeholder="Product or variant" />];

/**
 * What shoppers wait for (issue 49): each sold-out product or variant with its back-in-stock alerts waiting, most
 * first — a signal of demand. Each alert is mailed once when the stock comes back above 0.
 */
export function StockAlertList() {
  return (
    <List
      empty={<EmptyList />}
      title="Back-in-stock alerts"
      filters={alertFilters}
      sort={{ field: 'waiting', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Responsive
        narrow={
          <SimpleList<AdminStockAlertDemand>
            rowClick={(_id, _resource, record) => `/products/${record.product_id}`}
            primaryText={(row) => (row.variant ? `${row.product_name} (${row.variant})` : row.product_name)}
            secondaryText={(row) =>
              `${row.waiting} waiting${row.unconfirmed ? `, ${row.unconfirmed} unconfirmed` : ''} · stock ${row.stock}`
            }
            tertiaryText={(row) => `since ${formatDateTime(row.oldest)}`}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={(_id, _resource, record) => `/products/${record.product_id}`}>
          <TextField source="product_name" label="Product" />
          <TextField source="variant" label="Variant" sortable={false} emptyText="–" />
          <NumberField source="stock" sortable={false} />
          <NumberField source="waiting" label="Waiting" />
          <NumberField source="unconfirmed" label="Unconfirmed (guests)" sortable={false} />
          <DateField source="oldest" label="Waiting since" showTime />
        </Datagrid>
      </Responsive>
    </List>
  );
}
