import AssignmentReturnedIcon from '@mui/icons-material/AssignmentReturned';
import BlockIcon from '@mui/icons-material/Block';
import UndoIcon from '@mui/icons-material/Undo';
import { Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { AdminOrder } from '@platform/contracts/admin';
import {
  type AdminReturn,
  OpenReturnBody,
  ReceiveReturnBody,
  RejectReturnBody,
} from '@platform/contracts/admin-returns';
import {
  RETURN_CONDITION_LABELS,
  RETURN_CONDITIONS,
  RETURN_KIND_LABELS,
  RETURN_KINDS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  type ReturnStatus,
} from '@platform/contracts/returns';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  Button,
  Create,
  Datagrid,
  DateField,
  Form,
  FormDataConsumer,
  FunctionField,
  type HttpError,
  Link,
  List,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useCreatePath,
  useDataProvider,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { formatDateTime } from '../lib/format.ts';
import { maxLengthOf } from '../lib/limits.ts';

const STATUS_CHOICES = RETURN_STATUSES.map((id) => ({ id, name: RETURN_STATUS_LABELS[id] }));
const KIND_CHOICES = RETURN_KINDS.map((id) => ({ id, name: RETURN_KIND_LABELS[id] }));
const CONDITION_CHOICES = RETURN_CONDITIONS.map((id) => ({ id, name: RETURN_CONDITION_LABELS[id] }));

const STATUS_COLORS: Record<ReturnStatus, 'warning' | 'info' | 'success' | 'default'> = {
  requested: 'warning',
  received: 'info',
  refunded: 'success',
  rejected: 'default',
};

function ReturnStatusChip({ status }: { status: ReturnStatus }) {
  return <Chip size="small" label={RETURN_STATUS_LABELS[status]} color={STATUS_COLORS[status]} data-status={status} />;
}

function linesText(record: AdminReturn): string {
  return record.lines
    .map((line) => `${line.quantity} × ${line.product_name}${line.sku ? ` (${line.sku})` : ''}`)
    .join(', ');
}

const returnFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order number" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="kind" source="kind" label="Kind" choices={KIND_CHOICES} />,
];

/** The shop's returns and withdrawals, newest first, by status. */
export function ReturnList() {
  return (
    <List
      empty={<EmptyList />}
      filters={returnFilters}
      sort={{ field: 'requested_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Responsive
        narrow={
          <SimpleList<AdminReturn>
            rowClick="show"
            primaryText={(ret) => `#${ret.order_number} · ${RETURN_KIND_LABELS[ret.kind]}`}
            secondaryText={(ret) => linesText(ret)}
            tertiaryText={(ret) => formatDateTime(ret.requested_at)}
            rightIcon={(ret) => <ReturnStatusChip status={ret.status} />}
          />
        }
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="order_number" label="Order" sortable={false} />
          <FunctionField<AdminReturn> label="Kind" render={(ret) => RETURN_KIND_LABELS[ret.kind]} sortable={false} />
          <DateField source="requested_at" label="Requested" showTime />
          <FunctionField<AdminReturn>
            source="status"
            label="Status"
            render={(ret) => <ReturnStatusChip status={ret.status} />}
          />
          <TextField source="customer_email" label="Customer" sortable={false} />
          <FunctionField<AdminReturn> label="Items" render={linesText} sortable={false} />
        </Datagrid>
      </Responsive>
    </List>
  );
}

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** A return's action as a dialog with a form: field errors under their fields, any other refusal as a notice. */
function useReturnAction(action: 'receive' | 'reject') {
  const record = useRecordContext<AdminReturn>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: async (body: unknown) => {
      if (!record) throw new Error('No return to change.');
      return (await dataProvider.returnAction(record.id, action, body)).data;
    },
  });
  return {
    record,
    pending: mutation.isPending,
    run: async (body: unknown, done: () => void) => {
      try {
        const updated = await mutation.mutateAsync(body);
        notify(
          `The return of order #${updated.order_number} is now ${RETURN_STATUS_LABELS[updated.status].toLowerCase()}.`,
          {
            type: 'success',
          },
        );
        done();
        refresh();
      } catch (error) {
        const fieldErrors = (error as HttpError).body?.errors;
        if (fieldErrors) return fieldErrors;
        notify(errorMessage(error, 'The return could not be changed.'), { type: 'error' });
        done();
        refresh();
      }
      return undefined;
    },
  };
}

interface ReceiveValues {
  lines?: { line_id: number; label: string; received_quantity?: number; condition?: string }[];
  note?: string;
}

/** "Mark received": per line, how many units came back and in what state. */
function ReceiveButton() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { record, run } = useReturnAction('receive');
  if (record?.status !== 'requested') return null;
  const close = () => setOpen(false);
  const initial: ReceiveValues = {
    lines: record.lines.map((line) => ({
      line_id: line.line_id,
      label: `${line.product_name}${line.sku ? ` (${line.sku})` : ''}: ${line.quantity} sent back`,
      received_quantity: line.quantity,
      condition: 'as_new',
    })),
    note: '',
  };
  const submit = (values: ReceiveValues) =>
    run(
      {
        lines: (values.lines ?? []).map((line) => ({
          line_id: line.line_id,
          received_quantity: Number(line.received_quantity ?? 0),
          condition: line.condition ?? 'as_new',
        })),
        note: values.note?.trim() ?? '',
      },
      close,
    );
  return (
    <>
      <Button label="Mark received" onClick={() => setOpen(true)}>
        <AssignmentReturnedIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Form record={initial} onSubmit={submit as (values: Record<string, unknown>) => Promise<unknown>}>
          <DialogTitle id={titleId}>What came back of order #{record.order_number}?</DialogTitle>
          <DialogContent>
            <ArrayInput source="lines" label={false}>
              <SimpleFormIterator disableAdd disableRemove disableReordering>
                <FormDataConsumer>
                  {({ scopedFormData }) => (
                    <Typography variant="subtitle2">{(scopedFormData as { label?: string })?.label}</Typography>
                  )}
                </FormDataConsumer>
                <NumberInput source="received_quantity" label="Units received" min={0} validate={required()} />
                <SelectInput source="condition" label="Condition" choices={CONDITION_CHOICES} validate={required()} />
              </SimpleFormIterator>
            </ArrayInput>
            <TextInput
              source="note"
              label="Note"
              validate={maxLengthOf(ReceiveReturnBody, 'note')}
              multiline
              minRows={2}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button label="Back" onClick={close} />
            <SaveButton label="Mark received" icon={<AssignmentReturnedIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** "Reject": why (the customer is e-mailed it). */
function RejectButton() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { record, run } = useReturnAction('reject');
  if (!record || (record.status !== 'requested' && record.status !== 'received')) return null;
  const close = () => setOpen(false);
  const submit = (values: { reason?: string }) => run({ reason: values.reason?.trim() ?? '' }, close);
  return (
    <>
      <Button label="Reject" color="error" onClick={() => setOpen(true)}>
        <BlockIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Form record={{ reason: '' }} onSubmit={submit as (values: Record<string, unknown>) => Promise<unknown>}>
          <DialogTitle id={titleId}>Reject the return of order #{record.order_number}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" gutterBottom>
              The customer is e-mailed the reason.
            </Typography>
            <TextInput
              source="reason"
              label="Reason"
              validate={[required(), maxLengthOf(RejectReturnBody, 'reason')]}
              multiline
              minRows={2}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button label="Back" onClick={close} />
            <SaveButton label="Reject" icon={<BlockIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** "Refund": the order's page, whose refund dialog sends the money back (and ends the return once it covers it). */
/** The return's order, in the admin. */
function OrderLink({ ret }: { ret: AdminReturn }) {
  const createPath = useCreatePath();
  return <Link to={createPath({ resource: 'orders', id: ret.order_id, type: 'show' })}>#{ret.order_number}</Link>;
}

function RefundLink() {
  const record = useRecordContext<AdminReturn>();
  const createPath = useCreatePath();
  if (!record || (record.status !== 'requested' && record.status !== 'received')) return null;
  return (
    <Button component={Link} to={createPath({ resource: 'orders', id: record.order_id, type: 'show' })} label="Refund">
      <UndoIcon />
    </Button>
  );
}

function ReturnActions() {
  return (
    <TopToolbar>
      <ReceiveButton />
      <RefundLink />
      <RejectButton />
    </TopToolbar>
  );
}

/** One return: its order, lines, what came back, and the actions its status allows. */
export function ReturnShow() {
  return (
    <Show actions={<ReturnActions />}>
      <SimpleShowLayout>
        <FunctionField<AdminReturn> label="Order" render={(ret) => <OrderLink ret={ret} />} />
        <FunctionField<AdminReturn> label="Kind" render={(ret) => RETURN_KIND_LABELS[ret.kind]} />
        <FunctionField<AdminReturn> label="Status" render={(ret) => <ReturnStatusChip status={ret.status} />} />
        <TextField source="customer_email" label="Customer" emptyText="–" />
        <FunctionField<AdminReturn>
          label="Opened by"
          render={(ret) =>
            ({ customer: 'The customer', guest: 'Order number and e-mail', staff: 'Staff' })[ret.opened_by]
          }
        />
        <DateField source="requested_at" label="Requested" showTime />
        <TextField source="period_last_day" label="Withdrawal period's last day" emptyText="–" />
        <TextField source="reason" label="Customer's reason" emptyText="–" />
        <FunctionField<AdminReturn>
          label="Items"
          render={(ret) => (
            <ul aria-label="Items">
              {ret.lines.map((line) => (
                <li key={line.line_id}>
                  {line.quantity} × {line.product_name}
                  {line.sku ? ` (${line.sku})` : ''}
                  {line.condition
                    ? `: ${line.received_quantity ?? 0} received, ${RETURN_CONDITION_LABELS[line.condition].toLowerCase()}`
                    : ''}
                </li>
              ))}
            </ul>
          )}
        />
        <DateField source="received_at" label="Received" showTime emptyText="–" />
        <TextField source="received_note" label="Note on receipt" emptyText="–" />
        <DateField source="refunded_at" label="Refunded" showTime emptyText="–" />
        <TextField source="rejection_reason" label="Why rejected" emptyText="–" />
      </SimpleShowLayout>
    </Show>
  );
}

/** The lines of the chosen order, to pick from (none picked: the whole order). */
function OrderLineInputs({ orderId }: { orderId: number | undefined }) {
  const order = useGetOne<AdminOrder>('orders', { id: orderId ?? 0 }, { enabled: Boolean(orderId) });
  const choices = (order.data?.items ?? []).map((item) => ({
    id: item.id,
    name: `${item.product_name}${item.variant ? ` (${item.variant.sku})` : ''} × ${item.quantity}`,
  }));
  return (
    <ArrayInput source="lines" label="Items (none: the whole order)">
      <SimpleFormIterator inline disableReordering>
        <SelectInput source="line_id" label="Item" choices={choices} validate={required()} />
        <NumberInput source="quantity" label="Units" min={1} validate={required()} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** A return or a withdrawal opened on the customer's behalf (by phone, by letter): the same rules and receipt. */
export function ReturnCreate() {
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ kind: 'return', lines: [] }}>
        <ReferenceInput source="order_id" reference="orders">
          <AutocompleteInput label="Order" optionText="number" validate={required()} />
        </ReferenceInput>
        <SelectInput source="kind" label="Kind" choices={KIND_CHOICES} validate={required()} />
        <FormDataConsumer>{({ formData }) => <OrderLineInputs orderId={formData.order_id} />}</FormDataConsumer>
        <TextInput
          source="reason"
          label="Customer's reason"
          validate={maxLengthOf(OpenReturnBody, 'reason')}
          multiline
          minRows={2}
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
}
