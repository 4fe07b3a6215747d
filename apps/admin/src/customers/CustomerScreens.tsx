import { Card, CardContent, Typography } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  DateField,
  EmailField,
  List,
  ReferenceManyField,
  SearchInput,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { flagFilter } from '../inputs/FlagFilter.tsx';

import { ToggleFieldButton } from '../inputs/ToggleFieldButton.tsx';
import { OrderTotalField } from '../orders/OrderTotalField.tsx';
import { StatusField } from '../orders/StatusChip.tsx';

export function CustomerList() {
  return (
    <List
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
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <EmailField source="email" label="E-mail" />
        <TextField source="username" label="Name" />
        <BooleanField source="is_active" label="Active" sortable={false} />
        <DateField source="created_at" label="Registered" />
        <DateField source="last_login_at" label="Last sign-in" showTime sortable={false} />
      </Datagrid>
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
            <Datagrid rowClick="show" bulkActionButtons={false} empty={<Typography>No orders yet.</Typography>}>
              <TextField source="number" label="Number" sortable={false} />
              <DateField source="created_at" label="Placed" showTime sortable={false} />
              <StatusField source="status" label="Status" />
              <OrderTotalField label="Total" textAlign="right" />
            </Datagrid>
          </ReferenceManyField>
        </CardContent>
      </Card>
    </Show>
  );
}
