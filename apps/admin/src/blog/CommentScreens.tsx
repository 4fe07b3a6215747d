import type { AdminComment } from '@platform/contracts/admin-content';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  DateField,
  DeleteButton,
  List,
  SearchInput,
  SimpleList,
  TextField,
  WrapperField,
} from 'react-admin';
import { flagFilter } from '../inputs/FlagFilter.tsx';
import { ToggleFieldButton } from '../inputs/ToggleFieldButton.tsx';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { SingletonEdit } from '../settings/SingletonEdit.tsx';

export function CommentList() {
  return (
    <List
      empty={<EmptyList />}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        flagFilter('is_approved', 'Approval', [
          [false, 'Awaiting approval'],
          [true, 'Approved'],
        ]),
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={false}
    >
      <Responsive
        narrow={
          <SimpleList<AdminComment>
            rowClick={false}
            primaryText={(comment) => comment.content}
            secondaryText={(comment) => `${comment.post_title} · ${comment.user.username}`}
            tertiaryText={(comment) => (comment.is_approved ? 'Approved' : 'Awaiting approval')}
            rightIcon={() => (
              <ToggleFieldButton
                field="is_approved"
                setTrue={{ label: 'Approve', done: 'Comment approved' }}
                setFalse={{ label: 'Reject', done: 'Comment rejected' }}
              />
            )}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="post_title" label="Post" sortable={false} />
          <TextField source="user.username" label="Author" sortable={false} />
          <TextField source="content" label="Comment" sortable={false} />
          <BooleanField source="is_approved" label="Approved" sortable={false} />
          <DateField source="created_at" label="Posted" showTime />
          <WrapperField label="Actions" sortable={false}>
            <ToggleFieldButton
              field="is_approved"
              setTrue={{ label: 'Approve', done: 'Comment approved' }}
              setFalse={{ label: 'Reject', done: 'Comment rejected' }}
            />
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </WrapperField>
        </Datagrid>
      </Responsive>
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
