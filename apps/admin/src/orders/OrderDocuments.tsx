import DescriptionIcon from '@mui/icons-material/Description';
import { Button, Stack, Typography } from '@mui/material';
import type { OrderDocument } from '@platform/contracts';
import type { AdminOrder } from '@platform/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { saveFile } from '../lib/download.ts';
import { errorText } from '../lib/errors.ts';
import { Section } from './Section.tsx';

const KIND_LABELS: Record<OrderDocument['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/**
 * The order's documents as PDF: its invoice (issued when it was paid) and a credit note per refund that went through,
 * as issued, a packing slip (lines and address, no prices) and, for an order leaving the shop's country, its customs
 * declaration, drawn on request.
 */
export function OrderDocuments({ order }: { order: AdminOrder }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  // Refetched when the order changes (paid, refunded): its updated_at is in the key.
  const documents = useQuery({
    queryKey: ['orders', 'documents', order.id, order.updated_at],
    queryFn: ({ signal }) => dataProvider.getOrderDocuments(order.id, { signal }),
  });

  const download = async (which: number | 'packing-slip' | 'customs-declaration', fallbackName: string) => {
    setBusy(String(which));
    try {
      const { blob, filename } = await dataProvider.downloadOrderDocument(order.id, which);
      saveFile(blob, filename ?? fallbackName);
    } catch (error) {
      notify(errorText(error, 'The download failed.'), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title="Documents">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(documents.data ?? []).map((document) => (
          <Button
            key={document.id}
            variant="outlined"
            size="small"
            startIcon={<DescriptionIcon />}
            disabled={busy !== null}
            onClick={() => download(document.id, `${document.number}.pdf`)}
          >
            {KIND_LABELS[document.kind]} {document.number}
          </Button>
        ))}
        <Button
          variant="outlined"
          size="small"
          startIcon={<DescriptionIcon />}
          disabled={busy !== null}
          onClick={() => download('packing-slip', `packing-slip-${order.number}.pdf`)}
        >
          Packing slip
        </Button>
        {order.leaves_shop_country && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<DescriptionIcon />}
            disabled={busy !== null}
            onClick={() => download('customs-declaration', `customs-declaration-${order.number}.pdf`)}
          >
            Customs declaration
          </Button>
        )}
      </Stack>
      {documents.isSuccess && documents.data.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          The invoice is issued when the order is paid.
        </Typography>
      ) : null}
    </Section>
  );
}
