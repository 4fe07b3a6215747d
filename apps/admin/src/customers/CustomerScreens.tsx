import { Card, CardContent, Typography } from '@mui/material';
import type { AdminCustomer, AdminOrderSummary } from '@platform/contracts/admin';
import {
  BooleanField,
  Datagrid,
  DateField,
  EmailField,
  List,
  ReferenceManyField,
  SearchInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { flagFilter } from '../inputs/FlagFilter.tsx';
import { ToggleFieldButton } from '../inputs/ToggleFieldButton.tsx';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime, formatMoney } from '../lib/format.ts';
import { OrderTotalField } from '../orders/OrderTotalField.tsx';
import { StatusChip, StatusField } from '../orders/StatusChip.tsx';

export function CustomerList() {
  return (
    <List
      empty={<EmptyList />}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="E-mail or name" />,
        flagFilter('is_active', 'Account', [
          [true, 'Active'],
          [false, 'Disabled'],
        ]),
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={false}
    >
      <Responsive
        narrow={
          <SimpleList<AdminCustomer>
            rowClick="show"
            primaryText={(customer) => customer.email}
            secondaryText={(customer) => `${customer.username}${customer.is_active ? '' : ' · disabled'}`}
            tertiaryText={(customer) => `Registered ${formatDateTime(customer.created_at)}`}
          />
        }
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <EmailField source="email" label="E-mail" />
          <TextField source="username" label="Name" />
          <BooleanField source="is_active" label="Active" sortable={false} />
          <DateField source="created_at" label="Registered" />
          <DateField source="last_login_at" label="Last sign-in" showTime sortable={false} />
        </Datagrid>
      </Responsive>
    </List>
  );
}

export function CustomerShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <EmailField source="email" label="E-mail" />
        <TextField source="username" label="Name" />
        <BooleanField source="is_active" label="Active" />
        <DateField source="created_at" label="Registered" showTime />
        <DateField source="last_login_at" label="Last sign-in" showTime emptyText="Never" />
        <ToggleFieldButton
          field="is_active"
          variant="outlined"
          setTrue={{ label: 'Enable account', done: 'Account enabled' }}
          setFalse={{
            label: 'Disable account',
            done: 'Account disabled',
            confirm: (customer) => `Disable ${customer.email}? Their sessions end at once.`,
          }}
        />
      </SimpleShowLayout>
      <Card sx={{ mt: 2 }} component="section" aria-label="Orders of this customer">
        <CardContent>
          <Typography variant="h6" component="h2">
            Orders
          </Typography>
          <ReferenceManyField
            reference="orders"
            target="customer"
            sort={{ field: 'created_at', order: 'DESC' }}
            perPage={25}
          >
            <Responsive
              narrow={
                <SimpleList<AdminOrderSummary>
                  rowClick="show"
                  primaryText={(order) => `${order.number} · ${formatMoney(order.total, order.currency)}`}
                  secondaryText={(order) => formatDateTime(order.created_at)}
                  rightIcon={(order) => <StatusChip status={order.status} />}
                  empty={<Typography>No orders yet.</Typography>}
                />
              }
            >
              <Datagrid rowClick="show" bulkActionButtons={false} empty={<Typography>No orders yet.</Typography>}>
                <TextField source="number" label="Number" sortable={false} />
                <DateField source="created_at" label="Placed" showTime sortable={false} />
                <StatusField source="status" label="Status" />
                <OrderTotalField label="Total" textAlign="right" />
              </Datagrid>
            </Responsive>
          </ReferenceManyField>
        </CardContent>
      </Card>
    </Show>
  );
}
