import { type AdminPost, AdminPostUpdateBody } from '@platform/contracts/admin-content';
import {
  Create,
  CreateButton,
  Datagrid,
  DateField,
  DateTimeInput,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  NumberField,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  WrapperField,
} from 'react-admin';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { MediaInput } from '../inputs/MediaInput.tsx';
import { type SlugFollowing, SlugInput, useSlugFollowing, withoutFollowedSlug } from '../inputs/SlugInput.tsx';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatDateTime } from '../lib/format.ts';
import { maxLengthOf } from '../lib/limits.ts';

const STATUS_FILTER_CHOICES = [
  { id: 'draft', name: 'Draft' },
  { id: 'published', name: 'Published' },
  { id: 'scheduled', name: 'Scheduled' },
];
const STATUS_CHOICES = [
  { id: 'draft', name: 'Draft' },
  { id: 'published', name: 'Published (or scheduled, with a future date)' },
];

/** A date-time as the API takes it (ISO 8601 with its offset), or null for none. */
function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function PostFields({ slugFollowing }: { slugFollowing?: SlugFollowing }) {
  return (
    <>
      <TextInput
        source="title"
        label="Title"
        validate={[required(), maxLengthOf(AdminPostUpdateBody, 'title')]}
        fullWidth
      />
      <SlugInput
        from="title"
        following={slugFollowing}
        max={maxLengthOf(AdminPostUpdateBody, 'slug')}
        helperText="The post’s address in the shop"
      />
      <TextInput
        source="excerpt"
        label="Excerpt"
        validate={maxLengthOf(AdminPostUpdateBody, 'excerpt')}
        multiline
        minRows={2}
        fullWidth
      />
      <HtmlInput source="content" label="Content" validate={maxLengthOf(AdminPostUpdateBody, 'content')} />
      <SelectInput
        source="status"
        label="Status"
        choices={STATUS_CHOICES}
        format={(value: unknown) => (value === 'scheduled' ? 'published' : value)}
        validate={required()}
      />
      <DateTimeInput
        source="published_at"
        label="Publish at"
        helperText="Empty: now, when published. A future date schedules the post."
        parse={isoOrNull}
      />
      <MediaInput source="featured_image" label="Featured image" purpose="blog" />
    </>
  );
}

export function PostList() {
  return (
    <List
      empty={<EmptyList />}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="status" source="status" label="Status" choices={STATUS_FILTER_CHOICES} alwaysOn />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Responsive
        narrow={
          <SimpleList<AdminPost>
            rowClick="edit"
            primaryText={(post) => post.title}
            secondaryText={(post) =>
              `${post.status[0]?.toUpperCase()}${post.status.slice(1)} · ${post.comment_count} comments`
            }
            tertiaryText={(post) => formatDateTime(post.published_at ?? post.created_at)}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" label="Title" />
          <FunctionField
            label="Status"
            sortable={false}
            render={(record: { status: string }) => record.status[0]?.toUpperCase() + record.status.slice(1)}
          />
          <DateField source="published_at" label="Published" showTime />
          <NumberField source="comment_count" label="Comments" sortable={false} />
          <DateField source="created_at" label="Created" />
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}

export function PostCreate() {
  const slugFollowing = useSlugFollowing();
  return (
    <Create redirect="edit" transform={(data: Record<string, unknown>) => withoutFollowedSlug(data, slugFollowing)}>
      <SimpleForm defaultValues={{ status: 'draft' }} sx={{ maxWidth: 820 }}>
        <PostFields slugFollowing={slugFollowing} />
      </SimpleForm>
    </Create>
  );
}

export function PostEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <SimpleForm sx={{ maxWidth: 820 }}>
        <PostFields />
      </SimpleForm>
    </Edit>
  );
}
