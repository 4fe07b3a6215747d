import type { AdminOrderSummary } from '@platform/contracts/admin';
import {
  Datagrid,
  DateField,
  FilterButton,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
} from 'react-admin';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime, formatMoney } from '../lib/format.ts';
import { PAYMENT_METHOD_CHOICES, STATUS_CHOICES } from './choices.ts';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import { OrderTotalField } from './OrderTotalField.tsx';
import { StatusChip, StatusField } from './StatusChip.tsx';

const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order number or e-mail" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput
    key="payment_method"
    source="payment_method"
    label="Payment method"
    choices={PAYMENT_METHOD_CHOICES}
    alwaysOn
  />,
];

function OrderListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}

/** Every order of the shop, newest first; sortable by date, total and number. */
export function OrderList() {
  return (
    <List
      empty={<EmptyList />}
      filters={orderFilters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      actions={<OrderListActions />}
      exporter={false}
    >
      <Responsive
        narrow={
          <SimpleList<AdminOrderSummary>
            rowClick="show"
            primaryText={(order) => `${order.number} · ${formatMoney(order.total, order.currency)}`}
            secondaryText={(order) => `${order.customer_email} · ${order.payment_label}`}
            tertiaryText={(order) =>
              order.ships_by
                ? `${formatDateTime(order.created_at)} · ships by ${order.ships_by}`
                : formatDateTime(order.created_at)
            }
            rightIcon={(order) => <StatusChip status={order.status} />}
          />
        }
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="number" />
          <DateField source="created_at" showTime />
          <TextField source="customer_email" sortable={false} />
          <StatusField source="status" label="Status" />
          <TextField source="payment_label" sortable={false} />
          <OrderTotalField source="total" textAlign="right" />
          <NumberField source="total_items" sortable={false} />
          <DateField source="ships_by" label="Ships by" sortable={false} emptyText="—" />
        </Datagrid>
      </Responsive>
    </List>
  );
}
