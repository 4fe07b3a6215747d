import { Box, Button, Card, CardContent, TextField as MuiTextField, Stack, Typography } from '@mui/material';
import type { AdminProduct, AdminStockMovement } from '@platform/contracts/admin-catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Edit,
  Link,
  SimpleForm,
  useCreatePath,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';
import { formatDateTime } from '../lib/format.ts';
import { ProductFields, productBody } from './ProductForm.tsx';
import { ProductOptionsPanel } from './ProductOptions.tsx';

/** A movement's order, by its number, opening the order's page. */
function MovementOrder({ movement }: { movement: AdminStockMovement }) {
  const createPath = useCreatePath();
  if (movement.order_id === null) return null;
  return (
    <Link to={createPath({ resource: 'orders', id: movement.order_id, type: 'show' })}>
      #{movement.order_number ?? movement.order_id}
    </Link>
  );
}

function StockPanel() {
  const product = useRecordContext<AdminProduct>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const productId = product?.id;
  const ledger = useQuery({
    queryKey: ['products', 'stock', productId],
    queryFn: ({ signal }) => dataProvider.getStockLedger(productId as number, { signal }),
    enabled: productId !== undefined,
  });
  if (!product) return null;

  const soldInOptions = (product.variants ?? []).length > 0;
  const amount = Number(change);
  const valid = Number.isInteger(amount) && amount !== 0 && change.trim() !== '' && reason.trim() !== '';

  const adjust = async () => {
    setBusy(true);
    try {
      await dataProvider.adjustStock(product.id, { change: amount, reason: reason.trim() });
      notify('Stock adjusted', { type: 'success' });
      setChange('');
      setReason('');
      await queryClient.invalidateQueries({ queryKey: ['products', 'stock', productId] });
      refresh();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-label="Stock">
      <CardContent>
        <Typography variant="h6" component="h2">
          Stock: <span data-testid="stock">{ledger.data?.stock ?? product.stock}</span>
        </Typography>
        {/* The list's record, standing in until the product is read, has no variants. */}
        {soldInOptions ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The sum of its variants’ stock: count them in the variant grid above.
          </Typography>
        ) : (
          <Stack direction="row" spacing={2} sx={{ mt: 1 }} alignItems="center">
            <MuiTextField
              size="small"
              type="number"
              label="Change"
              helperText="e.g. 10 or -2"
              value={change}
              onChange={(event) => setChange(event.target.value)}
            />
            <MuiTextField
              size="small"
              label="Reason"
              helperText="Recorded in the ledger"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <Button variant="contained" disabled={busy || !valid} onClick={adjust}>
              Adjust stock
            </Button>
          </Stack>
        )}
        <Box component="table" sx={{ mt: 2, borderCollapse: 'collapse', '& td, & th': { pr: 2, textAlign: 'left' } }}>
          <thead>
            <tr>
              <th>When</th>
              <th>Change</th>
              <th>Reason</th>
              {soldInOptions && <th>Variant</th>}
              <th>Order</th>
              <th>Note</th>
            </tr>
          </thead>
          <tbody>
            {(ledger.data?.movements ?? []).map((movement) => (
              <tr key={movement.id}>
                <td>{formatDateTime(movement.created_at)}</td>
                <td>{movement.quantity > 0 ? `+${movement.quantity}` : movement.quantity}</td>
                <td>{movement.reason}</td>
                {soldInOptions && <td>{movement.variant ?? ''}</td>}
                <td style={{ whiteSpace: 'nowrap' }}>
                  <MovementOrder movement={movement} />
                </td>
                <td>{movement.note}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * A product on one screen, as at its creation (one save writes every field, the pictures and a new stock count), then
 * its options and variants, then its stock ledger.
 */
export function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} transform={productBody}>
      <SimpleForm sx={{ maxWidth: 820 }}>
        <ProductFields />
      </SimpleForm>
      <ProductOptionsPanel />
      <StockPanel />
    </Edit>
  );
}
