import { Button, Card, CardContent, Typography } from '@mui/material';
import type { AdminCustomer } from '@platform/contracts';
import {
  BooleanField,
  Datagrid,
  DateField,
  EmailField,
  FunctionField,
  List,
  ReferenceManyField,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { errorText } from '../lib/errors.ts';
import { formatMoney } from '../lib/format.ts';
import { StatusField } from '../orders/StatusChip.tsx';

export function CustomerList() {
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="E-mail or name" />,
        <SelectInput
          key="is_active"
          source="is_active"
          label="Account"
          choices={[
            { id: 'true', name: 'Active' },
            { id: 'false', name: 'Disabled' },
          ]}
          alwaysOn
        />,
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

/** Disabling an account ends its sessions at once; enabling lets it sign in again. */
function AccountSwitch() {
  const customer = useRecordContext<AdminCustomer>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!customer) return null;
  const enable = !customer.is_active;
  return (
    <Button
      variant="outlined"
      color={enable ? 'primary' : 'error'}
      disabled={isPending}
      onClick={() => {
        if (!enable && !window.confirm(`Disable ${customer.email}? Their sessions end at once.`)) return;
        void update(
          'customers',
          { id: customer.id, data: { is_active: enable }, previousData: customer },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(enable ? 'Account enabled' : 'Account disabled', { type: 'success' }),
            onError: (error) => notify(errorText(error), { type: 'error' }),
          },
        );
      }}
    >
      {enable ? 'Enable account' : 'Disable account'}
    </Button>
  );
}

interface OrderRow {
  total: string;
  currency: string;
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
        <AccountSwitch />
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
              <FunctionField<OrderRow>
                label="Total"
                textAlign="right"
                render={(order) => formatMoney(order.total, order.currency)}
              />
            </Datagrid>
          </ReferenceManyField>
        </CardContent>
      </Card>
    </Show>
  );
}
