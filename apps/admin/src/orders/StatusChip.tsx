import { Chip, Stack } from '@mui/material';
import type { OrderStatus } from '@platform/contracts';
import { useRecordContext } from 'react-admin';
import { STATUS_COLORS, statusLabel } from '../lib/format.ts';

export function StatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      color={STATUS_COLORS[status as OrderStatus] ?? 'default'}
      data-status={status}
    />
  );
}

/** An order placed while the shop took payments through the built-in test gateway: no card was charged for it. */
export function TestOrderChip() {
  return <Chip size="small" variant="outlined" color="warning" label="Test order" data-test-order="true" />;
}

/** The status of the record in context, as a chip (a list column), and whether it is a test order. */
export function StatusField(_props: { label?: string; source?: string; sortable?: boolean }) {
  const record = useRecordContext<{ status: string; is_test?: boolean }>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <StatusChip status={record.status} />
      {record.is_test ? <TestOrderChip /> : null}
    </Stack>
  );
}
