import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { ListItem, ListItemText, List as MuiList, Typography } from '@mui/material';
import type { AdminOrder } from '@platform/contracts/admin';
import { OrderNoteBody } from '@platform/contracts/admin';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Form,
  type HttpError,
  required,
  SaveButton,
  TextInput,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';
import { formatDateTime } from '../lib/format.ts';
import { maxLengthOf } from '../lib/limits.ts';
import { Section } from './Section.tsx';

/** Staff's internal notes on an order (never shown to the customer), and a form to add one. */
export function OrderNotes({ order }: { order: AdminOrder }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // A new form after each note added: empty again.
  const [formKey, setFormKey] = useState(0);
  const addNote = useMutation({
    mutationFn: (body: string) => dataProvider.addOrderNote(order.id, { body }),
  });

  const submit = async (values: Record<string, unknown>) => {
    try {
      await addNote.mutateAsync(String(values.body ?? '').trim());
      notify('Note added.', { type: 'success' });
      setFormKey((key) => key + 1);
      refresh();
    } catch (error) {
      const fieldErrors = (error as HttpError).body?.errors;
      if (fieldErrors) return fieldErrors;
      notify(errorText(error, 'The note could not be added.'), { type: 'error' });
    }
    return undefined;
  };

  return (
    <Section title="Internal notes">
      {(order.notes ?? []).length === 0 ? (
        <Typography color="text.secondary">No notes yet.</Typography>
      ) : (
        <MuiList dense aria-label="Notes">
          {(order.notes ?? []).map((note) => (
            <ListItem key={note.id} divider>
              <ListItemText
                primary={<span style={{ whiteSpace: 'pre-wrap' }}>{note.body}</span>}
                secondary={`${formatDateTime(note.created_at)}${
                  note.author_user_id === null ? '' : ` · staff member #${note.author_user_id}`
                }`}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
      <Form key={formKey} record={{}} onSubmit={submit}>
        <TextInput
          source="body"
          label="New note"
          validate={[required(), maxLengthOf(OrderNoteBody, 'body')]}
          multiline
          minRows={2}
          fullWidth
        />
        <SaveButton label="Add note" icon={<NoteAddIcon />} variant="outlined" />
      </Form>
    </Section>
  );
}
