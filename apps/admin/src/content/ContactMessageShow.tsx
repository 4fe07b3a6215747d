import SendIcon from '@mui/icons-material/Send';
import { ListItem, ListItemText, List as MuiList, Stack, Typography } from '@mui/material';
import { type AdminContactMessageDetail, AdminContactReplyBody } from '@platform/contracts/admin-content';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Form,
  type HttpError,
  required,
  SaveButton,
  Show,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';
import { formatDateTime } from '../lib/format.ts';
import { maxLengthOf } from '../lib/limits.ts';
import { Section } from '../orders/Section.tsx';

function MessageTitle() {
  const message = useRecordContext<AdminContactMessageDetail>();
  return <span>Message {message ? `from ${message.name}` : ''}</span>;
}

/** The message as its sender wrote it. */
function MessageSection({ message }: { message: AdminContactMessageDetail }) {
  return (
    <Section title={message.subject || '(no subject)'}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {message.name} · {message.email}
        {message.phone_number ? ` · ${message.phone_number}` : ''} · received {formatDateTime(message.created_at)}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.message}</Typography>
    </Section>
  );
}

/** The replies sent so far, and the form that sends one (by e-mail, from the shop's sender, to the message's sender). */
function RepliesSection({ message }: { message: AdminContactMessageDetail }) {
  // The list's copy of the message shows first, without its replies, until the message itself is read.
  const replies = message.replies ?? [];
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  // A new form after each reply sent: empty again.
  const [formKey, setFormKey] = useState(0);
  const send = useMutation({
    mutationFn: (body: string) => dataProvider.replyToContactMessage(message.id, { body }),
  });

  const submit = async (values: Record<string, unknown>) => {
    try {
      await send.mutateAsync(String(values.body ?? '').trim());
      notify(`Reply sent to ${message.email}.`, { type: 'success' });
      setFormKey((key) => key + 1);
      refresh();
    } catch (error) {
      const fieldErrors = (error as HttpError).body?.errors;
      if (fieldErrors) return fieldErrors;
      notify(errorText(error, 'The reply could not be sent.'), { type: 'error' });
    }
    return undefined;
  };

  return (
    <Section title="Replies">
      {replies.length === 0 ? (
        <Typography color="text.secondary">Not answered yet.</Typography>
      ) : (
        <MuiList dense aria-label="Replies sent">
          {replies.map((reply) => (
            <ListItem key={reply.id} divider>
              <ListItemText
                primary={<span style={{ whiteSpace: 'pre-wrap' }}>{reply.body}</span>}
                secondary={`${formatDateTime(reply.created_at)} · ${reply.staff_name || `staff member #${reply.staff_user_id}`}`}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
      <Form key={formKey} record={{}} onSubmit={submit}>
        <TextInput
          source="body"
          label={`Reply to ${message.email}`}
          helperText="Sent by e-mail from the shop's address, with the message quoted below it."
          validate={[required('Write your reply.'), maxLengthOf(AdminContactReplyBody, 'body')]}
          multiline
          minRows={4}
          fullWidth
        />
        <SaveButton label="Send reply" icon={<SendIcon />} variant="contained" />
      </Form>
    </Section>
  );
}

function MessageLayout() {
  const message = useRecordContext<AdminContactMessageDetail>();
  if (!message) return null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <MessageSection message={message} />
      <RepliesSection message={message} />
    </Stack>
  );
}

/** A contact message, the replies staff sent to it, and a reply form. */
export function ContactMessageShow() {
  return (
    <Show title={<MessageTitle />}>
      <MessageLayout />
    </Show>
  );
}
