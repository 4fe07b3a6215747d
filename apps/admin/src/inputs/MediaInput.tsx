import { Box, Button, FormHelperText, FormLabel, Stack } from '@mui/material';
import type { AdminMediaPurpose } from '@platform/contracts/admin-content';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useDataProvider, useInput, useNotify, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';

interface MediaInputProps {
  /** The field holding the media key (`featured_image`, `logo`, `favicon`); the record's `<source>_url` shows it. */
  source: string;
  label: string;
  purpose: AdminMediaPurpose;
  helperText?: string;
}

/** A picture field: the current picture, an upload that replaces it (the key goes into the form), and removal. */
export function MediaInput({ source, label, purpose, helperText }: MediaInputProps) {
  const record = useRecordContext<Record<string, unknown>>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const { field } = useInput({ source });
  const [uploaded, setUploaded] = useState<{ key: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  const key = typeof field.value === 'string' ? field.value : '';
  const savedUrl = typeof record?.[`${source}_url`] === 'string' ? (record[`${source}_url`] as string) : '';
  const preview = uploaded?.key === key ? uploaded.url : key && key === record?.[source] ? savedUrl : '';

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const stored = await dataProvider.uploadMedia(file, purpose);
      setUploaded({ key: stored.key, url: stored.url });
      field.onChange(stored.key);
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }} aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend">
        {label}
      </FormLabel>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
        {preview ? (
          <img
            src={preview}
            alt={`Current ${label.toLowerCase()}`}
            width={96}
            height={96}
            style={{ objectFit: 'contain' }}
          />
        ) : (
          <Box sx={{ width: 96, color: 'text.secondary', fontSize: 14 }}>{key ? key : 'None'}</Box>
        )}
        {/* A button that opens the file chooser (a <label> given the role of a button is not one to assistive technology). */}
        <Button variant="outlined" disabled={busy} onClick={() => fileInput.current?.click()}>
          {key ? 'Replace picture' : 'Upload picture'}
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-label={`${label} file`}
          onChange={choose}
        />
        {key && (
          <Button color="error" disabled={busy} onClick={() => field.onChange('')}>
            Remove
          </Button>
        )}
      </Stack>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </Box>
  );
}
