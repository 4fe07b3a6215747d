import { Button } from '@mui/material';
import type { AdminComment } from '@platform/contracts';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  DateField,
  DeleteButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { errorText } from '../lib/errors.ts';
import { SingletonEdit } from '../settings/SingletonEdit.tsx';

function ApprovalButton() {
  const comment = useRecordContext<AdminComment>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!comment) return null;
  const approve = !comment.is_approved;
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation();
        void update(
          'comments',
          { id: comment.id, data: { is_approved: approve }, previousData: comment },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(approve ? 'Comment approved' : 'Comment rejected', { type: 'success' }),
            onError: (error) => notify(errorText(error), { type: 'error' }),
          },
        );
      }}
    >
      {approve ? 'Approve' : 'Reject'}
    </Button>
  );
}

export function CommentList() {
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput
          key="is_approved"
          source="is_approved"
          label="Approval"
          choices={[
            { id: 'false', name: 'Awaiting approval' },
            { id: 'true', name: 'Approved' },
          ]}
          alwaysOn
        />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="post_title" label="Post" sortable={false} />
        <TextField source="user.username" label="Author" sortable={false} />
        <TextField source="content" label="Comment" sortable={false} />
        <BooleanField source="is_approved" label="Approved" sortable={false} />
        <DateField source="created_at" label="Posted" showTime />
        <ApprovalButton />
        <DeleteButton mutationMode="pessimistic" redirect={false} />
      </Datagrid>
    </List>
  );
}

export function BlogSettingsEdit() {
  return (
    <SingletonEdit resource="blog-settings" title="Blog settings">
      <BooleanInput source="moderate_comments" label="Hold new comments for approval" />
    </SingletonEdit>
  );
}
