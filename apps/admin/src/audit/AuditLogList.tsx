import type { AuditEntry } from '@platform/contracts/admin';
import { Datagrid, DateField, FunctionField, List, SelectInput, SimpleList, TextField, TextInput } from 'react-admin';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime, summaryText } from '../lib/format.ts';

const ENTITY_CHOICES = [
  { id: 'order', name: 'Order' },
  { id: 'payment_settings', name: 'Payment settings' },
];

// The audit log filters by entity and entity id (it has no free-text search).
const auditFilters = [
  <SelectInput key="entity" source="entity" label="Entity" choices={ENTITY_CHOICES} alwaysOn />,
  <TextInput key="entity_id" source="entity_id" label="Entity id" alwaysOn />,
];

/** What staff did, newest first (read only). */
export function AuditLogList() {
  return (
    <List
      empty={<EmptyList />}
      title="Audit log"
      filters={auditFilters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={50}
      exporter={false}
    >
      <Responsive
        narrow={
          <SimpleList<AuditEntry>
            rowClick={false}
            primaryText={(entry) => `${entry.action} · ${entry.entity} ${entry.entity_id}`}
            secondaryText={(entry) => summaryText(entry.summary)}
            tertiaryText={(entry) => `${entry.actor_role} · ${formatDateTime(entry.created_at)}`}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="created_at" showTime />
          <TextField source="actor_role" sortable={false} />
          <TextField source="action" sortable={false} />
          <TextField source="entity" sortable={false} />
          <TextField source="entity_id" sortable={false} />
          <FunctionField<AuditEntry> source="summary" sortable={false} render={(entry) => summaryText(entry.summary)} />
        </Datagrid>
      </Responsive>
    </List>
  );
}
