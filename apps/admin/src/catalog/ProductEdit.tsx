import { Box, Button, Card, CardContent, TextField as MuiTextField, Stack, Typography } from '@mui/material';
import type { AdminProduct, AdminProductImage } from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Edit, SimpleForm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';
import { formatDateTime } from '../lib/format.ts';
import { ProductFields } from './ProductForm.tsx';

interface Pending {
  file: File;
  preview: string;
  alt: string;
}

/** Pictures chosen but not yet sent: a preview and an alt text each, then one upload for all. */
function PictureUpload({ product }: { product: AdminProduct }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<Pending[]>([]);
  const [busy, setBusy] = useState(false);

  // Previews live until they are removed, uploaded, or the screen closes.
  const previews = useRef<Pending[]>([]);
  previews.current = pending;
  useEffect(
    () => () => {
      for (const item of previews.current) URL.revokeObjectURL(item.preview);
    },
    [],
  );
  const forget = (items: Pending[]) => {
    for (const item of items) URL.revokeObjectURL(item.preview);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setPending((current) => [
      ...current,
      ...files.map((file) => ({ file, preview: URL.createObjectURL(file), alt: '' })),
    ]);
  };

  const upload = async () => {
    setBusy(true);
    try {
      for (const item of pending) {
        await dataProvider.uploadProductImage(product.id, item.file, item.alt);
      }
      notify(`${pending.length === 1 ? 'Picture' : 'Pictures'} uploaded`, { type: 'success' });
      forget(pending);
      setPending([]);
      refresh();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
      refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" component="label" disabled={busy}>
        Choose pictures
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          aria-label="Picture files"
          onChange={choose}
        />
      </Button>
      {pending.length > 0 && (
        <Stack spacing={1} sx={{ mt: 2 }} aria-label="Pictures to upload">
          {pending.map((item, index) => (
            <Stack key={item.preview} direction="row" spacing={2} alignItems="center">
              <img
                src={item.preview}
                alt={`Preview of ${item.file.name}`}
                width={72}
                height={72}
                style={{ objectFit: 'cover' }}
              />
              <MuiTextField
                size="small"
                label={`Alt text for ${item.file.name}`}
                value={item.alt}
                onChange={(event) =>
                  setPending((current) =>
                    current.map((other, at) => (at === index ? { ...other, alt: event.target.value } : other)),
                  )
                }
              />
              <Button size="small" onClick={() => setPending((current) => current.filter((_, at) => at !== index))}>
                Remove
              </Button>
            </Stack>
          ))}
          <Box>
            <Button variant="contained" onClick={upload} disabled={busy}>
              Upload {pending.length} {pending.length === 1 ? 'picture' : 'pictures'}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}

function PictureRow({
  product,
  image,
  previous,
  next,
}: {
  product: AdminProduct;
  image: AdminProductImage;
  previous: AdminProductImage | undefined;
  next: AdminProductImage | undefined;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [alt, setAlt] = useState(image.alt_text);
  const [busy, setBusy] = useState(false);
  useEffect(() => setAlt(image.alt_text), [image.alt_text]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'success' });
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  /** Swaps the positions of two neighbours (their orders become their new places, so ties resolve too). */
  const swap = (other: AdminProductImage, direction: -1 | 1) => {
    const images = product.images;
    const at = images.findIndex((item) => item.id === image.id);
    return act(async () => {
      await dataProvider.updateProductImage(product.id, image.id, { order: at + direction });
      await dataProvider.updateProductImage(product.id, other.id, { order: at });
    }, 'Order changed');
  };

  return (
    <Stack direction="row" spacing={2} alignItems="center" aria-label={`Picture ${image.id}`} role="group">
      <img
        src={image.thumb_url || image.url}
        alt={image.alt_text}
        width={72}
        height={72}
        style={{ objectFit: 'cover' }}
      />
      <Typography variant="body2" sx={{ minWidth: 60 }}>
        {image.is_main ? 'Main' : ''}
      </Typography>
      <MuiTextField size="small" label="Alt text" value={alt} onChange={(event) => setAlt(event.target.value)} />
      <Button
        size="small"
        disabled={busy || alt === image.alt_text}
        onClick={() =>
          act(() => dataProvider.updateProductImage(product.id, image.id, { alt_text: alt }), 'Alt text saved')
        }
      >
        Save alt text
      </Button>
      <Button size="small" disabled={busy || !previous} onClick={() => previous && swap(previous, -1)}>
        Move up
      </Button>
      <Button size="small" disabled={busy || !next} onClick={() => next && swap(next, 1)}>
        Move down
      </Button>
      <Button
        size="small"
        disabled={busy || image.is_main}
        onClick={() =>
          act(() => dataProvider.updateProductImage(product.id, image.id, { is_main: true }), 'Main picture set')
        }
      >
        Make main
      </Button>
      <Button
        size="small"
        color="error"
        disabled={busy}
        onClick={() => {
          if (window.confirm('Delete this picture?')) {
            void act(() => dataProvider.deleteProductImage(product.id, image.id), 'Picture deleted');
          }
        }}
      >
        Delete
      </Button>
    </Stack>
  );
}

function ProductPictures() {
  const product = useRecordContext<AdminProduct>();
  // Opened from the list, the page first has the list's summary of the product (no pictures) until it loads in full.
  if (!product?.images) return null;
  const images = [...product.images].sort((a, b) => a.order - b.order || a.id - b.id);
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label="Pictures">
      <CardContent>
        <Typography variant="h6" component="h2">
          Pictures
        </Typography>
        {images.length === 0 && <Typography variant="body2">No pictures yet.</Typography>}
        <Stack spacing={1} sx={{ mt: 1 }}>
          {images.map((image, index) => (
            <PictureRow
              key={image.id}
              product={{ ...product, images }}
              image={image}
              previous={images[index - 1]}
              next={images[index + 1]}
            />
          ))}
        </Stack>
        <PictureUpload product={product} />
      </CardContent>
    </Card>
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
        <Box component="table" sx={{ mt: 2, borderCollapse: 'collapse', '& td, & th': { pr: 2, textAlign: 'left' } }}>
          <thead>
            <tr>
              <th>When</th>
              <th>Change</th>
              <th>Reason</th>
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
                <td>{movement.order_id ?? ''}</td>
                <td>{movement.note}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </CardContent>
    </Card>
  );
}

export function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <SimpleForm sx={{ maxWidth: 820 }}>
        <ProductFields />
      </SimpleForm>
      <ProductPictures />
      <StockPanel />
    </Edit>
  );
}
