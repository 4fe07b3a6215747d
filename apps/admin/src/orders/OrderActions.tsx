import CancelIcon from '@mui/icons-material/Cancel';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import InventoryIcon from '@mui/icons-material/Inventory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PaidIcon from '@mui/icons-material/Paid';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { allowedMoves, type OrderTarget } from '@platform/contracts';
import { type AdminOrder, OrderTransitionBody, roleMay } from '@platform/contracts/admin';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import {
  BooleanInput,
  Form,
  type HttpError,
  regex,
  required,
  SaveButton,
  TextInput,
  TopToolbar,
  useNotify,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import { maxLengthOf } from '../lib/limits.ts';
import { ActionButton } from './ActionButton.tsx';
import { RefundButton } from './RefundButton.tsx';
import { useOrderTransition } from './useOrderTransition.ts';

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The order could not be changed.';
}

/** A move that needs no more information: one click. */
function TransitionButton({ to, label, icon }: { to: StaffTarget; label: string; icon: ReactElement }) {
  const transition = useOrderTransition();
  const notify = useNotify();
  return (
    <ActionButton
      label={label}
      icon={icon}
      disabled={transition.isPending}
      onClick={() => transition.mutate({ to }, { onError: (error) => notify(errorMessage(error), { type: 'error' }) })}
    />
  );
}

type Values = Record<string, string | boolean | undefined>;

/** The moves staff make with a button (the refunded statuses follow refunds). */
type StaffTarget = OrderTransitionBody['to'];

/**
 * A move that asks for more (shipping details, a reason) in a dialog. Field errors of the API show under their
 * fields; a refusal (409: not allowed from the current status) is a notification, and the dialog closes.
 */
function TransitionDialogButton({
  to,
  label,
  icon,
  title,
  fields,
  children,
  color,
}: {
  to: StaffTarget;
  /** The inputs' sources: only these are sent. */
  fields: string[];
  label: string;
  icon: ReactElement;
  title: string;
  children: ReactNode;
  color?: 'primary' | 'error';
}) {
  const [open, setOpen] = useState(false);
  const transition = useOrderTransition();
  const notify = useNotify();
  const titleId = useId();
  const close = () => setOpen(false);

  const submit = async (values: Values) => {
    const body: Record<string, string | boolean> = {};
    for (const field of fields) {
      const value = values[field];
      const text = typeof value === 'string' ? value.trim() : value;
      // A switch is sent on or off; an empty text is not sent.
      if (typeof text === 'boolean' || text) body[field] = text;
    }
    try {
      await transition.mutateAsync({ ...body, to } as OrderTransitionBody);
      close();
    } catch (error) {
      const fieldErrors = (error as HttpError).body?.errors;
      if (fieldErrors) return fieldErrors;
      notify(errorMessage(error), { type: 'error' });
      close();
    }
    return undefined;
  };

  return (
    <>
      <ActionButton label={label} icon={icon} onClick={() => setOpen(true)} color={color ?? 'primary'} />
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        {/* A form of its own, not the order's: it starts empty. */}
        <Form record={{}} onSubmit={submit as (values: Record<string, unknown>) => Promise<unknown>}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <ActionButton label="Back" onClick={close} />
            <SaveButton label={label} icon={icon} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

const trackingUrl = regex(/^https?:\/\/\S+$/i, 'Enter an address starting with http:// or https://.');

/**
 * The order's moves as buttons in its page's toolbar: those the lifecycle lets staff make now (the shared table and
 * its guards: "paid" only where staff confirm payments).
 */
export function OrderActions() {
  const order = useRecordContext<AdminOrder>();
  // The refund on cancelling is offered to roles that may refund only (decision 021).
  const { permissions } = usePermissions<string | null>();
  if (!order) return <TopToolbar />;
  const offered = new Set<OrderTarget>(allowedMoves(order, 'staff'));
  const paid = order.refundable_amount !== '0.00' && roleMay(permissions, 'refund');
  return (
    // The moves wrap on a narrow screen rather than widen the page.
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 1 }}>
      <RefundButton />
      {offered.has('paid') ? (
        // A cancelled order is offered "paid" only while it holds the payment that came after its cancellation.
        <TransitionButton
          to="paid"
          label={order.status === 'cancelled' ? 'Restore order' : 'Mark paid'}
          icon={<PaidIcon />}
        />
      ) : null}
      {offered.has('processing') ? (
        <TransitionButton to="processing" label="Mark processing" icon={<InventoryIcon />} />
      ) : null}
      {offered.has('shipped') ? (
        <TransitionDialogButton
          to="shipped"
          label="Mark shipped"
          icon={<LocalShippingIcon />}
          title={`Ship order #${order.number}`}
          fields={['carrier', 'tracking_number', 'tracking_url']}
        >
          <TextInput
            source="carrier"
            label="Carrier"
            validate={[required(), maxLengthOf(OrderTransitionBody, 'carrier')]}
            fullWidth
            autoFocus
          />
          <TextInput
            source="tracking_number"
            label="Tracking number"
            validate={[required(), maxLengthOf(OrderTransitionBody, 'tracking_number')]}
            fullWidth
          />
          <TextInput
            source="tracking_url"
            label="Tracking URL (optional)"
            validate={[trackingUrl, maxLengthOf(OrderTransitionBody, 'tracking_url')]}
            fullWidth
          />
        </TransitionDialogButton>
      ) : null}
      {offered.has('delivered') ? (
        <TransitionButton to="delivered" label="Mark delivered" icon={<DoneAllIcon />} />
      ) : null}
      {offered.has('cancelled') ? (
        <TransitionDialogButton
          to="cancelled"
          label="Cancel order"
          icon={<CancelIcon />}
          title={`Cancel order #${order.number}`}
          fields={paid ? ['reason', 'reason_to_customer', 'refund'] : ['reason', 'reason_to_customer']}
          color="error"
        >
          {paid ? (
            <BooleanInput
              source="refund"
              label={`Refund the ${order.refundable_amount} left to refund (a card payment is voided on the day it was paid)`}
              defaultValue
            />
          ) : null}
          <TextInput
            source="reason"
            label="Reason"
            helperText="Kept in the order's history."
            validate={[required(), maxLengthOf(OrderTransitionBody, 'reason')]}
            multiline
            minRows={2}
            fullWidth
            autoFocus
          />
          <BooleanInput
            source="reason_to_customer"
            label="Tell the customer why in the cancellation e-mail"
            helperText="Off: the e-mail says the order is cancelled, and the reason stays in the history only."
            defaultValue
          />
        </TransitionDialogButton>
      ) : null}
    </TopToolbar>
  );
}
