import UndoIcon from '@mui/icons-material/Undo';
import { Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { type AdminOrder, CreateRefundBody, roleMay } from '@platform/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ArrayInput,
  Button,
  Form,
  type HttpError,
  NumberInput,
  regex,
  required,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { maxLengthOf } from '../lib/limits.ts';
import { isFullOrder } from './full-order.ts';

interface RefundValues {
  amount?: string;
  reason?: string;
  reference?: string;
  restock?: { product_id?: number; quantity?: number }[];
}

const amountFormat = regex(/^\d{1,10}(\.\d{1,2})?$/, 'Enter an amount such as 12.50.');

/**
 * "Refund": sends back part or all of a paid order through its payment method (the card gateway; staff record what
 * they sent for other methods), with units put back in stock. One key per opened dialog, so a retried submit never
 * refunds twice.
 */
export function RefundButton() {
  const order = useRecordContext<AdminOrder>();
  const { permissions } = usePermissions<string | null>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [key, setKey] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: async (body: CreateRefundBody) => {
      if (!order || !key) throw new Error('No order to refund.');
      return (await dataProvider.refundOrder(order.id, body, key)).data;
    },
  });
  // From the list, the show page first has the order's summary only: the refund waits for the order in full.
  if (!order || !isFullOrder(order) || order.refundable_amount === '0.00' || !roleMay(permissions, 'refund'))
    return null;
  const close = () => setKey(null);
  const products = order.items.flatMap((item) =>
    item.product ? [{ id: item.product.id, name: item.product_name }] : [],
  );
  const recorded = order.payment_method !== 'card_2c2p';

  const submit = async (values: RefundValues) => {
    const body: CreateRefundBody = {
      amount: values.amount?.trim() ?? '',
      reason: values.reason?.trim() ?? '',
      reference: values.reference?.trim() ?? '',
      restock: (values.restock ?? []).flatMap((line) =>
        line.product_id && line.quantity ? [{ product_id: line.product_id, quantity: line.quantity }] : [],
      ),
    };
    try {
      const updated = await refund.mutateAsync(body);
      notify(`Refunded ${body.amount} on order #${updated.number}.`, { type: 'success' });
      close();
      refresh();
    } catch (error) {
      const fieldErrors = (error as HttpError).body?.errors;
      if (fieldErrors) return fieldErrors;
      notify(error instanceof Error && error.message ? error.message : 'The refund could not be made.', {
        type: 'error',
      });
      close();
      refresh();
    }
    return undefined;
  };

  return (
    <>
      <Button label="Refund" onClick={() => setKey(crypto.randomUUID())}>
        <UndoIcon />
      </Button>
      <Dialog open={key !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Form
          record={{ amount: order.refundable_amount }}
          onSubmit={submit as (values: Record<string, unknown>) => Promise<unknown>}
        >
          <DialogTitle id={titleId}>Refund order #{order.number}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" gutterBottom>
              {recorded
                ? `Record a refund you sent yourself (${order.payment_label}). Up to ${order.refundable_amount} is left to refund.`
                : `The refund goes back to the customer's card through the gateway. Up to ${order.refundable_amount} is left to refund.`}
            </Typography>
            <TextInput source="amount" label="Amount" validate={[required(), amountFormat]} fullWidth autoFocus />
            <TextInput
              source="reason"
              label="Reason"
              validate={maxLengthOf(CreateRefundBody, 'reason')}
              multiline
              minRows={2}
              fullWidth
            />
            {recorded ? (
              <TextInput
                source="reference"
                label="Bank or payment reference"
                validate={maxLengthOf(CreateRefundBody, 'reference')}
                fullWidth
              />
            ) : null}
            <ArrayInput source="restock" label="Put back in stock">
              <SimpleFormIterator inline disableReordering>
                <SelectInput source="product_id" label="Product" choices={products} validate={required()} />
                <NumberInput source="quantity" label="Units" min={1} validate={required()} />
              </SimpleFormIterator>
            </ArrayInput>
          </DialogContent>
          <DialogActions>
            <Button label="Back" onClick={close} />
            <SaveButton label="Refund" icon={<UndoIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/**
 * The flag's button on a card payment that succeeded after its order was cancelled: sends all of it back at once
 * (what is left to refund), under one key per click.
 */
export function RefundInFullButton({ order }: { order: AdminOrder }) {
  const { permissions } = usePermissions<string | null>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const refund = useMutation({
    mutationFn: async () =>
      (
        await dataProvider.refundOrder(
          order.id,
          {
            amount: order.refundable_amount,
            reason: 'The payment succeeded after the order was cancelled.',
            reference: '',
            restock: [],
          },
          crypto.randomUUID(),
        )
      ).data,
  });
  if (order.status !== 'cancelled' || order.refundable_amount === '0.00' || !roleMay(permissions, 'refund'))
    return null;
  const click = async () => {
    try {
      await refund.mutateAsync();
      notify(`Refunded ${order.refundable_amount} on order #${order.number}.`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'The refund could not be made.', {
        type: 'error',
      });
    }
    refresh();
  };
  return <Button label={`Refund ${order.refundable_amount}`} onClick={click} disabled={refund.isPending} />;
}
