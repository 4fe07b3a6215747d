import type { AdminAbandonedCart } from '@platform/contracts/admin';
import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime, formatMoney } from '../lib/format.ts';

const REMINDED_CHOICES = [
  { id: 'true', name: 'Reminded' },
  { id: 'false', name: 'Not reminded' },
];

const cartFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Customer e-mail" />,
  <SelectInput key="reminded" source="reminded" label="Reminder" choices={REMINDED_CHOICES} alwaysOn />,
];

function reminderText(cart: AdminAbandonedCart): string {
  if (cart.reminders_sent === 0) return cart.marketing_consent ? 'Not yet' : 'No consent';
  return `${cart.reminders_sent} · ${formatDateTime(cart.reminded_at)}`;
}

/**
 * The carts left behind (issue 49): customers' carts with items, unchanged for the reminder's wait, newest change
 * first; what each holds, when it last changed, and whether its customer was reminded (only with their consent).
 */
export function AbandonedCartList() {
  return (
    <List
      empty={<EmptyList />}
      title="Carts left behind"
      filters={cartFilters}
      sort={{ field: 'changed_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Responsive
        narrow={
          <SimpleList<AdminAbandonedCart>
            rowClick={false}
            primaryText={(cart) => `${cart.customer.email} · ${formatMoney(cart.value)}`}
            secondaryText={(cart) =>
              `${cart.items} item${cart.items === 1 ? '' : 's'} · ${formatDateTime(cart.changed_at)}`
            }
            tertiaryText={(cart) => `Reminded: ${reminderText(cart)}`}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="customer.email" label="Customer" sortable={false} />
          <NumberField source="items" sortable={false} />
          <FunctionField<AdminAbandonedCart>
            label="Value"
            textAlign="right"
            render={(cart) => formatMoney(cart.value)}
          />
          <DateField source="changed_at" label="Last changed" showTime />
          <BooleanField source="marketing_consent" label="Consent" sortable={false} />
          <FunctionField<AdminAbandonedCart> label="Reminded" render={reminderText} />
        </Datagrid>
      </Responsive>
    </List>
  );
}
