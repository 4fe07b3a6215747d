// The product list's bulk edits: the rows selected are published, unpublished, featured, unfeatured, moved to a
// category or repriced by a percent in one request (`POST /admin/products/bulk/`), which tells each row's outcome.
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Button as MuiButton,
  TextField as MuiTextField,
} from '@mui/material';
import {
  type AdminProductBulkAnswer,
  type AdminProductBulkBody,
  PercentChange,
} from '@platform/contracts/admin-products';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';

type Action = AdminProductBulkBody extends infer Body
  ? Body extends { ids: number[] }
    ? Omit<Body, 'ids'>
    : never
  : never;

/** One line saying what a bulk edit did: how many changed, and each refusal's reason. */
function outcomeText(answer: AdminProductBulkAnswer): string {
  const count = (status: string) => answer.results.filter((result) => result.status === status).length;
  const parts = [`${answer.updated} ${answer.updated === 1 ? 'product' : 'products'} updated`];
  if (count('unchanged') > 0) parts.push(`${count('unchanged')} already so`);
  if (count('not_found') > 0) parts.push(`${count('not_found')} not found`);
  const refused = answer.results.filter((result) => result.status === 'refused');
  if (refused.length > 0)
    parts.push(`refused: ${refused.map((result) => `#${result.id} ${result.detail}`).join('; ')}`);
  return parts.join(', ');
}

function useBulkEdit() {
  const { selectedIds, resource } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const [busy, setBusy] = useState(false);
  const run = async (action: Action) => {
    setBusy(true);
    try {
      const answer = await dataProvider.bulkEditProducts({
        ...action,
        ids: selectedIds.map(Number),
      } as AdminProductBulkBody);
      const refused = answer.results.some((result) => result.status === 'refused');
      notify(outcomeText(answer), { type: refused ? 'warning' : 'success' });
      unselectAll();
      refresh();
      return true;
    } catch (error) {
      notify(errorText(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

function CategoryDialog({ onClose }: { onClose: () => void }) {
  const { run, busy } = useBulkEdit();
  const { data: categories = [] } = useGetList('categories', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [category, setCategory] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-category-title">
      <DialogTitle id="bulk-category-title">Move to a category</DialogTitle>
      <DialogContent>
        <MuiTextField
          select
          fullWidth
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          sx={{ mt: 1, minWidth: 260 }}
        >
          {categories.map((item) => (
            <MenuItem key={item.id} value={String(item.id)}>
              {item.name}
            </MenuItem>
          ))}
        </MuiTextField>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>Cancel</MuiButton>
        <MuiButton
          variant="contained"
          disabled={busy || category === ''}
          onClick={async () => {
            if (await run({ action: 'set_category', category: Number(category) })) onClose();
          }}
        >
          Move
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

function PriceDialog({ onClose }: { onClose: () => void }) {
  const { run, busy } = useBulkEdit();
  const [percent, setPercent] = useState('');
  const checked = PercentChange.safeParse(percent);
  const error = percent.trim() !== '' && !checked.success ? checked.error.issues[0]?.message : undefined;
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-price-title">
      <DialogTitle id="bulk-price-title">Change prices by a percent</DialogTitle>
      <DialogContent>
        <MuiTextField
          fullWidth
          label="Percent"
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          error={Boolean(error)}
          helperText={
            error ??
            'e.g. -10 lowers prices by 10%, 5 raises them by 5%. Rounded to the cent; a price before discount moves too.'
          }
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>Cancel</MuiButton>
        <MuiButton
          variant="contained"
          disabled={busy || !checked.success}
          onClick={async () => {
            if (checked.success && (await run({ action: 'change_price', percent: checked.data }))) onClose();
          }}
        >
          Change prices
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** The buttons react-admin shows above a selection of the product list. */
export function ProductBulkActions() {
  const { run, busy } = useBulkEdit();
  const [dialog, setDialog] = useState<'category' | 'price' | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Button label="Publish" disabled={busy} onClick={() => void run({ action: 'publish' })} />
      <Button label="Unpublish" disabled={busy} onClick={() => void run({ action: 'unpublish' })} />
      <Button label="Feature" disabled={busy} onClick={() => void run({ action: 'feature' })} />
      <Button label="Unfeature" disabled={busy} onClick={() => void run({ action: 'unfeature' })} />
      <Button label="Set category" disabled={busy} onClick={() => setDialog('category')} />
      <Button label="Change price" disabled={busy} onClick={() => setDialog('price')} />
      {dialog === 'category' && <CategoryDialog onClose={close} />}
      {dialog === 'price' && <PriceDialog onClose={close} />}
    </>
  );
}
