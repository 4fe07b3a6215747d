import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { saveFile } from '../lib/download.ts';
import { errorText } from '../lib/errors.ts';

/** The orders of the list's filters and sort as CSV, from the server (`/admin/orders/export/`), with the auth headers. */
export function ExportCsvButton() {
  const { filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await dataProvider.exportOrders({ filter: filterValues, sort });
      saveFile(blob, filename ?? `orders-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notify(errorText(error, 'The export failed.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="Export CSV" onClick={exportCsv} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
