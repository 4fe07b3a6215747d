import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { customizationText, isPaidThroughGateway, orderLineName } from '@platform/contracts';
import { type AdminOrder, CreateRefundBody, type RefundQuote, roleMay } from '@platform/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Form,
  type HttpError,
  maxValue,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
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
import { useWatch } from 'react-hook-form';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { formatMoney } from '../lib/format.ts';
import { maxLengthOf } from '../lib/limits.ts';
import { ActionButton } from './ActionButton.tsx';
import { isFullOrder } from './full-order.ts';

type Mode = 'lines' | 'amount';

interface LineValues {
  line_id: number;
  quantity?: number | null;
  restock?: boolean;
}

interface RefundValues {
  mode?: Mode;
  lines?: LineValues[];
  amount?: string;
  reason?: string;
  reference?: string;
  restock?: { line_id?: number; quantity?: number }[];
}

type OrderItem = AdminOrder['items'][number];

const amountFormat = regex(/^\d{1,10}(\.\d{1,2})?$/, 'Enter an amount such as 12.50.');

const MODES = [
  { id: 'lines', name: 'Items returned (the shop computes the amount)' },
  { id: 'amount', name: 'Free amount (a goodwill refund)' },
];

/** A line as the dialog names it: its product, variant and texts ("Angkhola — 15 inch (engraving: Ram)"). */
function lineName(item: OrderItem): string {
  const name = orderLineName(item);
  const options = new Set(item.variant?.option_values ?? []);
  // The variant's option values are in the customization too (decision 018): named once.
  const texts = Object.fromEntries(Object.entries(item.customization).filter(([, value]) => !options.has(value)));
  const written = customizationText(texts);
  return written ? `${name} (${written})` : name;
}

/** The units asked in the lines' inputs, as the API takes them. */
function askedLines(lines: LineValues[] | undefined) {
  return (lines ?? []).flatMap((line) =>
    line.quantity && line.quantity > 0
      ? [{ line_id: line.line_id, quantity: line.quantity, restock: line.restock === true }]
      : [],
  );
}

/** The messages of a refused refund or quote about its lines ("Line 2 (…): only 1 left to refund."). */
function linesRefusal(error: unknown): string | null {
  const lines = (error as HttpError | null)?.body?.lines;
  if (Array.isArray(lines)) return lines.join(' ');
  return error instanceof Error && error.message ? error.message : null;
}

/** Each line still refundable: its units to refund (at most what is left) and whether they go back in stock. */
function LineInputs({ order }: { order: AdminOrder }) {
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {order.items.map((item, index) => {
        const name = lineName(item);
        if (item.refundable_quantity === 0) {
          return (
            <Typography key={item.id} variant="body2" color="text.secondary">
              {name}: every unit refunded.
            </Typography>
          );
        }
        return (
          <Box key={item.id} role="group" aria-label={name} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
            <Typography variant="body2">
              {name} · {formatMoney(item.unit_price, order.currency)} · {item.refundable_quantity} of {item.quantity}{' '}
              left to refund
            </Typography>
            <Stack direction="row" spacing={2} alignItems="center">
              <NumberInput
                source={`lines.${index}.quantity`}
                label="Units to refund"
                min={0}
                max={item.refundable_quantity}
                step={1}
                validate={[minValue(0), maxValue(item.refundable_quantity)]}
                helperText={false}
                sx={{ width: 160 }}
              />
              <BooleanInput source={`lines.${index}.restock`} label="Put back in stock" helperText={false} />
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * The API's quote of the lines asked, asked again when they change (the one before aborted). NOTE: not a react-query
 * query: the refresh after a refund invalidates every query, and would ask again for lines just refunded.
 */
function useRefundQuote(orderId: AdminOrder['id'], lines: ReturnType<typeof askedLines>) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const asked = JSON.stringify(lines);
  const [answer, setAnswer] = useState<{ asked: string; quote?: RefundQuote; error?: unknown } | null>(null);
  useEffect(() => {
    const wanted = JSON.parse(asked) as ReturnType<typeof askedLines>;
    if (wanted.length === 0) return;
    const controller = new AbortController();
    dataProvider.quoteRefund(orderId, { lines: wanted }, { signal: controller.signal }).then(
      (quote) => setAnswer({ asked, quote }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ asked, error });
      },
    );
    return () => controller.abort();
  }, [dataProvider, orderId, asked]);
  return answer?.asked === asked ? answer : null;
}

/** What the lines asked come to, as the API computes it (the same arithmetic as the refund). */
function LinesQuote({ order, refusal }: { order: AdminOrder; refusal: string | null }) {
  const lines = askedLines(useWatch<RefundValues, 'lines'>({ name: 'lines' }));
  const answer = useRefundQuote(order.id, lines);
  const quote = answer?.quote;
  const shown = refusal ?? (answer?.error ? linesRefusal(answer.error) : null);
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      {shown ? (
        <Alert severity="error">{shown}</Alert>
      ) : lines.length === 0 ? (
        <Typography variant="body2">Choose the units to refund.</Typography>
      ) : quote ? (
        <Typography variant="subtitle1" component="p" data-testid="refund-quote">
          Amount to refund: {formatMoney(quote.amount, order.currency)}
          {quote.shipping ? `, shipping ${formatMoney(quote.shipping, order.currency)} included` : ''}
          {quote.tax !== '0.00' ? ` (tax ${formatMoney(quote.tax, order.currency)})` : ''}
        </Typography>
      ) : (
        <Typography variant="body2">Computing the amount…</Typography>
      )}
    </Box>
  );
}

/** The free amount, and units to put back named by their line (so each goes back to its own variant). */
function AmountInputs({ order }: { order: AdminOrder }) {
  const choices = order.items.flatMap((item) => (item.product ? [{ id: item.id, name: lineName(item) }] : []));
  return (
    <>
      <TextInput source="amount" label="Amount" validate={[required(), amountFormat]} fullWidth />
      <ArrayInput source="restock" label="Put back in stock">
        <SimpleFormIterator inline disableReordering>
          <SelectInput source="line_id" label="Line" choices={choices} validate={required()} />
          <NumberInput source="quantity" label="Units" min={1} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** The dialog's fields: the kind of refund, its lines or amount, why, and the reference of a refund sent by hand. */
function RefundFields({ order, refusal }: { order: AdminOrder; refusal: string | null }) {
  const mode = useWatch<RefundValues, 'mode'>({ name: 'mode' });
  const recorded = !isPaidThroughGateway(order.payment_method);
  return (
    <>
      <Typography variant="body2" gutterBottom>
        {recorded
          ? `Record a refund you sent yourself (${order.payment_label}). Up to ${order.refundable_amount} is left to refund.`
          : `The refund goes back to the customer's card through the gateway. Up to ${order.refundable_amount} is left to refund.`}
      </Typography>
      <RadioButtonGroupInput source="mode" label="Refund" choices={MODES} row={false} helperText={false} />
      {mode === 'amount' ? <AmountInputs order={order} /> : <LineInputs order={order} />}
      {mode === 'amount' ? null : <LinesQuote order={order} refusal={refusal} />}
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
    </>
  );
}

/** What the form's values ask of the API: lines (the shop computes the amount), or a free amount with its units. */
function bodyOf(order: AdminOrder, values: RefundValues): CreateRefundBody {
  const common = { reason: values.reason?.trim() ?? '', reference: values.reference?.trim() ?? '' };
  if (values.mode !== 'amount') return { ...common, restock: [], lines: askedLines(values.lines) };
  return {
    ...common,
    amount: values.amount?.trim() ?? '',
    restock: (values.restock ?? []).flatMap((line) => {
      const item = order.items.find((candidate) => candidate.id === line.line_id);
      if (!item?.product || !line.quantity) return [];
      const variantId = item.variant?.id;
      return [
        { product_id: item.product.id, ...(variantId ? { variant_id: variantId } : {}), quantity: line.quantity },
      ];
    }),
  };
}

/**
 * "Refund": sends back part or all of a paid order through its payment method (the card gateway; staff record what
 * they sent for other methods). By line, the order's lines with their variants, the units to refund and whether they
 * go back in stock, the amount computed by the API; or a free amount. One key per opened dialog, so a retried submit
 * never refunds twice.
 */
export function RefundButton() {
  const order = useRecordContext<AdminOrder>();
  const { permissions } = usePermissions<string | null>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [key, setKey] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: async (body: CreateRefundBody) => {
      if (!order || !key) throw new Error('No order to refund.');
      return (await dataProvider.refundOrder(order.id, body, key)).data;
    },
  });
  // From the list, the show page first has the order's summary only: the refund waits for the order in full.
  if (!order || !isFullOrder(order) || order.refundable_amount === '0.00' || !roleMay(permissions, 'refund'))
    return null;
  const close = () => {
    setKey(null);
    setRefusal(null);
  };
  const byLine = order.items.some((item) => item.refundable_quantity > 0);

  const submit = async (values: RefundValues) => {
    const body = bodyOf(order, values);
    if (body.lines?.length === 0) {
      setRefusal('Choose the units to refund.');
      return undefined;
    }
    setRefusal(null);
    try {
      const updated = await refund.mutateAsync(body);
      const made = updated.refunds.reduce<AdminOrder['refunds'][number] | null>(
        (latest, each) => (latest === null || each.id > latest.id ? each : latest),
        null,
      );
      notify(`Refunded ${made?.amount ?? body.amount} on order #${updated.number}.`, { type: 'success' });
      close();
      refresh();
    } catch (error) {
      const fieldErrors = (error as HttpError).body?.errors as Record<string, string> | undefined;
      if (fieldErrors?.lines) {
        setRefusal(linesRefusal(error));
        return undefined;
      }
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
      <ActionButton label="Refund" icon={<UndoIcon />} onClick={() => setKey(crypto.randomUUID())} />
      <Dialog open={key !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Form
          record={{
            mode: byLine ? 'lines' : 'amount',
            amount: order.refundable_amount,
            lines: order.items.map((item) => ({ line_id: item.id, quantity: 0, restock: false })),
          }}
          onSubmit={submit as (values: Record<string, unknown>) => Promise<unknown>}
        >
          <DialogTitle id={titleId}>Refund order #{order.number}</DialogTitle>
          <DialogContent>
            <RefundFields order={order} refusal={refusal} />
          </DialogContent>
          <DialogActions>
            <ActionButton label="Back" onClick={close} />
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
  return <ActionButton label={`Refund ${order.refundable_amount}`} onClick={click} disabled={refund.isPending} />;
}
