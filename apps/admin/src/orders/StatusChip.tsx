import { Chip } from '@mui/material';
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

/** The status of the record in context, as a chip (a list column). */
export function StatusField(_props: { label?: string; source?: string; sortable?: boolean }) {
  const record = useRecordContext<{ status: string }>();
  return record ? <StatusChip status={record.status} /> : null;
}
