// The product list's CSV actions: "Export CSV" (the list's filters and sort, from `/admin/products/export/`) and
// "Import CSV": a file is checked with a dry run first, its report shown row by row, and imported only on "Import".
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Button as MuiButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ProductImportReport, ProductImportRow } from '@platform/contracts/product-csv';
import { HttpError } from 'ra-core';
import { useId, useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { saveFile } from '../lib/download.ts';
import { errorText } from '../lib/errors.ts';

function isReport(body: unknown): body is ProductImportReport {
  return typeof body === 'object' && body !== null && Array.isArray((body as ProductImportReport).rows);
}

/** A row's errors and notes, one line per message, each under its column's name. */
function Messages({ row }: { row: ProductImportRow }) {
  const lines = [
    ...Object.entries(row.errors).flatMap(([column, messages]) =>
      messages.map((message) => ({ key: `e-${column}-${message}`, text: `${column}: ${message}`, error: true })),
    ),
    ...Object.entries(row.notes).flatMap(([column, messages]) =>
      messages.map((message) => ({ key: `n-${column}-${message}`, text: `${column}: ${message}`, error: false })),
    ),
  ];
  return (
    <>
      {lines.map((line) => (
        <Typography
          key={line.key}
          variant="body2"
          color={line.error ? 'error' : 'text.secondary'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {line.text}
        </Typography>
      ))}
    </>
  );
}

function ReportTable({ report }: { report: ProductImportReport }) {
  return (
    <>
      <Typography sx={{ my: 1 }} data-testid="import-summary">
        This file would create {report.created}, update {report.updated}, leave {report.unchanged} unchanged;{' '}
        {report.errors} {report.errors === 1 ? 'row has' : 'rows have'} errors.
      </Typography>
      <Table size="small" aria-label="Import report">
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>Slug</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Changes</TableCell>
            <TableCell>Errors</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.row}>
              <TableCell>{row.row}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.slug}</TableCell>
              <TableCell>{row.action}</TableCell>
              <TableCell>{row.changes.join(', ')}</TableCell>
              <TableCell>
                <Messages row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const check = async (chosen: File) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    setBusy(true);
    try {
      setReport(await dataProvider.importProducts(chosen, { dryRun: true }));
    } catch (error) {
      setProblem(errorText(error, 'The file could not be checked.'));
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const done = await dataProvider.importProducts(file, {
        dryRun: false,
        onProgress: (rows, total) => setProgress({ done: rows, total }),
      });
      notify(`Imported: ${done.created} created, ${done.updated} updated, ${done.unchanged} unchanged.`, {
        type: 'success',
      });
      refresh();
      onClose();
    } catch (error) {
      if (error instanceof HttpError && isReport(error.body)) {
        setReport(error.body);
        setProblem('Nothing was imported: the file has errors.');
      } else {
        setProblem(errorText(error, 'The import failed.'));
        // A job that stopped part-way applied some rows: the list shows them.
        refresh();
      }
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const ready = report !== null && report.errors === 0 && report.created + report.updated > 0;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={`${inputId}-title`}>
      <DialogTitle id={`${inputId}-title`}>Import products from CSV</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          <Typography variant="body2">
            One product a row, by its slug: a new slug creates a product, a known one changes the columns the file has.
            Start from an export to get the columns.
          </Typography>
          <label htmlFor={inputId}>
            <Typography component="span" variant="body2" sx={{ mr: 1 }}>
              CSV file
            </Typography>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) void check(chosen);
              }}
            />
          </label>
          {busy && progress ? (
            <>
              <LinearProgress
                variant="determinate"
                value={progress.total > 0 ? (100 * progress.done) / progress.total : 100}
                aria-label="Importing"
              />
              <Typography variant="body2" role="status">
                Imported {progress.done} of {progress.total} rows…
              </Typography>
            </>
          ) : busy ? (
            <LinearProgress aria-label="Checking the file" />
          ) : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {report && report.errors === 0 && !ready ? (
            <Alert severity="info">Every product of this file is as it is in the shop: nothing to import.</Alert>
          ) : null}
          {report ? <ReportTable report={report} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          Cancel
        </MuiButton>
        <MuiButton variant="contained" onClick={runImport} disabled={busy || !ready}>
          Import
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** "Export CSV" and "Import CSV" for the product list's actions. */
export function ProductCsvButtons() {
  const { filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await dataProvider.exportProducts({ filter: filterValues, sort });
      saveFile(blob, filename ?? 'products.csv');
    } catch (error) {
      notify(errorText(error, 'The export failed.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="Export CSV" onClick={exportCsv} disabled={busy || total === 0}>
        <DownloadIcon />
      </Button>
      <Button label="Import CSV" onClick={() => setImporting(true)}>
        <UploadIcon />
      </Button>
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </>
  );
}
