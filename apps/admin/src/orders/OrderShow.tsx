import { Alert, Box, LinearProgress, ListItem, ListItemText, List as MuiList, Stack, Typography } from '@mui/material';
import { addressLines, customizationText, orderLineName, REFUND_STATUS_LABELS } from '@platform/contracts';
import type { AdminOrder, AdminPayment, AdminRefund } from '@platform/contracts/admin';
import { taxLabel } from '@platform/contracts/tax';
import {
  ArrayField,
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
  ListContextProvider,
  Show,
  TextField,
  useList,
  useRecordContext,
} from 'react-admin';
import { useNarrowScreen } from '../layout/Responsive.tsx';
import { actorLabel, formatDateTime, formatMoney, statusLabel } from '../lib/format.ts';
import { isFullOrder } from './full-order.ts';
import { OrderActions } from './OrderActions.tsx';
import { OrderDocuments } from './OrderDocuments.tsx';
import { OrderNotes } from './OrderNotes.tsx';
import { OrderTotalField } from './OrderTotalField.tsx';
import { RefundInFullButton } from './RefundButton.tsx';
import { Figure, ScrollingTable, Section } from './Section.tsx';
import { StatusField } from './StatusChip.tsx';

function OrderTitle() {
  const order = useRecordContext<AdminOrder>();
  return <span>{order ? `Order #${order.number}` : 'Order'}</span>;
}

function Summary({ order }: { order: AdminOrder }) {
  return (
    <Section title="Order">
      <Stack direction="row" flexWrap="wrap" columnGap={4} rowGap={1}>
        <Labeled label="Status">
          <StatusField />
        </Labeled>
        <Labeled label="Placed">
          <DateField source="created_at" showTime />
        </Labeled>
        <Labeled label="Customer">
          <TextField source="customer_email" />
        </Labeled>
        <Labeled label="Payment">
          <TextField source="payment_label" />
        </Labeled>
        {order.payment_due_at && order.status === 'awaiting_payment' ? (
          <Labeled label="Payment due">
            <DateField source="payment_due_at" showTime />
          </Labeled>
        ) : null}
        <Labeled label="Total">
          <OrderTotalField />
        </Labeled>
      </Stack>
    </Section>
  );
}

/**
 * The lines as a list on a narrow screen, where a table's six columns would squeeze each name to a letter a row: each
 * line's name and customization, then its units, unit price and total on a line of their own.
 */
function LineCards({ order }: { order: AdminOrder }) {
  const money = (amount: string) => <Figure>{formatMoney(amount, order.currency)}</Figure>;
  return (
    <MuiList dense aria-label="Lines of the order" sx={{ p: 0 }}>
      {order.items.map((line) => {
        const refunded = line.quantity - line.refundable_quantity;
        const customization = customizationText(line.customization);
        return (
          <ListItem key={line.id} divider disableGutters sx={{ display: 'block' }}>
            <Typography variant="body2" component="p" sx={{ fontWeight: 500 }}>
              {orderLineName(line)}
            </Typography>
            {customization ? (
              <Typography variant="body2" component="p" color="text.secondary">
                {customization}
              </Typography>
            ) : null}
            <Stack direction="row" justifyContent="space-between" columnGap={2} flexWrap="wrap">
              <Typography variant="body2" component="span">
                <Figure>{line.quantity} ×</Figure> {money(line.unit_price)}
                {refunded > 0 ? (
                  <>
                    {' '}
                    · <Figure>{refunded} refunded</Figure>
                  </>
                ) : null}
              </Typography>
              <Typography variant="body2" component="span">
                {money(line.line_total)}
              </Typography>
            </Stack>
          </ListItem>
        );
      })}
    </MuiList>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  const money = (amount: string) => <Figure>{formatMoney(amount, order.currency)}</Figure>;
  const narrow = useNarrowScreen();
  return (
    <Section title="Lines">
      {narrow ? (
        <LineCards order={order} />
      ) : (
        <ScrollingTable label="Lines of the order">
          <ArrayField source="items">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <FunctionField<AdminOrder['items'][number]> label="Product" render={(line) => orderLineName(line)} />
              <FunctionField<AdminOrder['items'][number]>
                label="Customization"
                render={(line) => customizationText(line.customization)}
              />
              <FunctionField<AdminOrder['items'][number]>
                label="Unit price"
                textAlign="right"
                render={(line) => money(line.unit_price)}
              />
              <FunctionField<AdminOrder['items'][number]>
                label="Quantity"
                textAlign="right"
                render={(line) => <Figure>{line.quantity}</Figure>}
              />
              <FunctionField<AdminOrder['items'][number]>
                label="Refunded"
                textAlign="right"
                render={(line) => <Figure>{line.quantity - line.refundable_quantity}</Figure>}
              />
              <FunctionField<AdminOrder['items'][number]>
                label="Line total"
                textAlign="right"
                render={(line) => money(line.line_total)}
              />
            </Datagrid>
          </ArrayField>
        </ScrollingTable>
      )}
      <Box sx={{ textAlign: 'right', mt: 1 }}>
        <Typography variant="body2">Subtotal {money(order.subtotal)}</Typography>
        {(order.discounts ?? []).map((discount) => (
          <Typography key={`${discount.code ?? ''}:${discount.name}`} variant="body2">
            {discount.code ? `Code ${discount.code}` : discount.name} ({discount.description}){' '}
            <Figure>−{formatMoney(discount.amount, order.currency)}</Figure>
          </Typography>
        ))}
        <Typography variant="body2">Shipping {money(order.shipping)}</Typography>
        {/* Each tax as the customer read it: VAT the prices held (the total adds nothing), or sales tax added. */}
        {(order.taxes ?? []).map((tax) => (
          <Typography key={`${tax.name}:${tax.rate}:${tax.included}`} variant="body2">
            {taxLabel(tax)} {money(tax.amount)}
          </Typography>
        ))}
        <Typography variant="subtitle1" component="p">
          Total {money(order.total)}
        </Typography>
        {/* Read in another currency (decision 028): the total as the customer saw it; charged as above. */}
        {order.presentment_currency !== order.currency && (
          <Typography variant="body2">
            Shown to the customer in {order.presentment_currency}:{' '}
            <Figure>{formatMoney(order.presentment_total, order.presentment_currency)}</Figure> (1 {order.currency} ={' '}
            {order.presentment_rate} {order.presentment_currency})
          </Typography>
        )}
      </Box>
    </Section>
  );
}

function Address({ order }: { order: AdminOrder }) {
  const address = order.delivery_address;
  return (
    <Section title="Delivery address">
      <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
        {addressLines(address).join('\n')}
      </Typography>
      {order.confirmed_age !== null && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Sold to an adult: the buyer confirmed being {order.confirmed_age} or older.
        </Typography>
      )}
    </Section>
  );
}

function Shipping({ order }: { order: AdminOrder }) {
  if (!order.carrier && !order.tracking_number) return null;
  return (
    <Section title="Shipping">
      <Stack direction="row" flexWrap="wrap" columnGap={4} rowGap={1}>
        <Labeled label="Carrier">
          <TextField source="carrier" />
        </Labeled>
        <Labeled label="Tracking number">
          <TextField source="tracking_number" />
        </Labeled>
        {order.tracking_url ? (
          <Labeled label="Tracking URL">
            <a href={order.tracking_url} target="_blank" rel="noopener noreferrer">
              {order.tracking_url}
            </a>
          </Labeled>
        ) : null}
      </Stack>
    </Section>
  );
}

/** Every status change, oldest first: from → to, when, by whom and why. */
function History({ order }: { order: AdminOrder }) {
  return (
    <Section title="History">
      <MuiList dense aria-label="Order history" component="ol" sx={{ listStyle: 'none', p: 0 }}>
        {order.history.map((entry) => (
          <ListItem
            key={`${entry.at}-${entry.from_status ?? ''}-${entry.status}`}
            divider
            data-status={entry.status}
            sx={{ borderLeft: 3, borderColor: 'primary.light', mb: 0.5 }}
          >
            <ListItemText
              primary={
                entry.from_status
                  ? `${statusLabel(entry.from_status)} → ${statusLabel(entry.status)}`
                  : statusLabel(entry.status)
              }
              secondary={[formatDateTime(entry.at), entry.by ?? actorLabel(entry.actor), entry.reason]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </MuiList>
    </Section>
  );
}

type PaymentRow = AdminPayment & { id: string };

/** Card payment attempts with the gateway's references; one that staff must look at is highlighted. */
function Payments({ order }: { order: AdminOrder }) {
  const list = useList<PaymentRow>({
    data: order.payments.map((payment) => ({ ...payment, id: payment.uuid })),
    perPage: 1000,
    resource: 'payments',
  });
  if (order.payments.length === 0) return null;
  return (
    <Section title="Payments">
      <ListContextProvider value={list}>
        <ScrollingTable label="Payment attempts">
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            rowSx={(payment) => (payment.review_reason ? { backgroundColor: 'warning.light' } : {})}
          >
            <DateField source="created_at" label="Started" showTime sortable={false} />
            <TextField source="status" label="Status" sortable={false} />
            <TextField source="gateway" label="Gateway" sortable={false} />
            <TextField source="invoice_no" label="Invoice" sortable={false} />
            <FunctionField<PaymentRow>
              label="Amount"
              render={(payment) => <Figure>{formatMoney(payment.amount, payment.currency)}</Figure>}
            />
            <TextField source="gateway_transaction_ref" label="Gateway reference" sortable={false} emptyText="—" />
            <TextField source="resp_code" label="Response code" sortable={false} emptyText="—" />
            <TextField source="error_message" label="Error" sortable={false} emptyText="—" />
            <FunctionField<PaymentRow>
              label="Review"
              render={(payment) =>
                payment.review_reason ? (
                  <Typography component="strong" color="warning.dark" fontWeight="bold">
                    {payment.review_reason}
                  </Typography>
                ) : (
                  '—'
                )
              }
            />
          </Datagrid>
        </ScrollingTable>
      </ListContextProvider>
    </Section>
  );
}

/** What a refund by line took: "2 × Angkhola — 15 inch, shipping $8.00"; a free amount's units put back, or "—". */
function refundedItems(order: AdminOrder, refund: AdminRefund): string {
  const named = (lineId: number) => {
    const item = order.items.find((candidate) => candidate.id === lineId);
    return item ? orderLineName(item) : `line ${lineId}`;
  };
  const lines = refund.lines.map(
    (line) => `${line.quantity} × ${named(line.line_id)}${line.restock ? ' (back in stock)' : ''}`,
  );
  if (refund.shipping) lines.push(`shipping ${formatMoney(refund.shipping, order.currency)}`);
  if (lines.length === 0 && refund.restock.length > 0) {
    return `${refund.restock.reduce((sum, unit) => sum + unit.quantity, 0)} units back in stock`;
  }
  return lines.join(', ') || '—';
}

/** The order's refunds: amount, kind, status, reason and references; refunded so far and what is left. */
function Refunds({ order }: { order: AdminOrder }) {
  const list = useList<AdminRefund>({ data: order.refunds, perPage: 1000, resource: 'refunds' });
  if (order.refunds.length === 0) return null;
  return (
    <Section title="Refunds">
      <Typography variant="body2" sx={{ mb: 1 }}>
        Refunded <Figure>{formatMoney(order.refunded_amount, order.currency)}</Figure>; left to refund{' '}
        <Figure>{formatMoney(order.refundable_amount, order.currency)}</Figure>.
      </Typography>
      <ListContextProvider value={list}>
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="created_at" label="Made" showTime sortable={false} />
          <FunctionField<AdminRefund>
            label="Amount"
            render={(refund) => <Figure>{formatMoney(refund.amount, order.currency)}</Figure>}
          />
          <TextField source="kind" label="Kind" sortable={false} />
          <FunctionField<AdminRefund> label="Items" render={(refund) => refundedItems(order, refund)} />
          <FunctionField<AdminRefund>
            label="Status"
            render={(refund) =>
              refund.status === 'unknown' ? 'Asking the gateway' : REFUND_STATUS_LABELS[refund.status]
            }
          />
          <TextField source="method_label" label="Method" sortable={false} />
          <TextField source="reason" label="Reason" sortable={false} emptyText="—" />
          <TextField source="reference" label="Reference" sortable={false} emptyText="—" />
          <FunctionField<AdminRefund>
            label="Problem"
            render={(refund) => refund.review_reason ?? refund.error_message ?? '—'}
          />
        </Datagrid>
      </ListContextProvider>
    </Section>
  );
}

function OrderDetail() {
  const order = useRecordContext<AdminOrder>();
  if (!order) return null;
  if (!isFullOrder(order)) return <LinearProgress aria-label="Loading the order" sx={{ m: 2 }} />;
  const flagged = order.payments.filter((payment) => payment.review_reason);
  const flaggedRefunds = order.refunds.filter((refund) => refund.review_reason);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {flagged.map((payment) => (
        <Alert key={payment.uuid} severity="warning" role="alert" action={<RefundInFullButton order={order} />}>
          Payment {payment.invoice_no} needs review: {payment.review_reason}
        </Alert>
      ))}
      {flaggedRefunds.map((refund) => (
        <Alert key={`refund-${refund.id}`} severity="warning" role="alert">
          Refund of {formatMoney(refund.amount, order.currency)}: {refund.review_reason}
        </Alert>
      ))}
      <Summary order={order} />
      <Lines order={order} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Address order={order} />
        <History order={order} />
      </Box>
      <Shipping order={order} />
      <Payments order={order} />
      {Array.isArray(order.refunds) ? <Refunds order={order} /> : null}
      <OrderDocuments order={order} />
      <OrderNotes order={order} />
    </Stack>
  );
}

/** One order in full, with the moves its status allows. */
export function OrderShow() {
  return (
    <Show actions={<OrderActions />} title={<OrderTitle />}>
      <OrderDetail />
    </Show>
  );
}
