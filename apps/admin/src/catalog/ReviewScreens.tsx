import { Button } from '@mui/material';
import type { AdminReview } from '@platform/contracts';
import {
  AutocompleteInput,
  BooleanField,
  Datagrid,
  DateField,
  DeleteButton,
  List,
  NumberField,
  ReferenceInput,
  SelectInput,
  TextField,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { errorText } from '../lib/errors.ts';

/** Hides a review from the shop (and its averages), or shows it again. */
function VisibilityButton() {
  const review = useRecordContext<AdminReview>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!review) return null;
  const hide = !review.is_hidden;
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation();
        void update(
          'reviews',
          { id: review.id, data: { is_hidden: hide }, previousData: review },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(hide ? 'Review hidden' : 'Review shown', { type: 'success' }),
            onError: (error) => notify(errorText(error), { type: 'error' }),
          },
        );
      }}
    >
      {hide ? 'Hide' : 'Show'}
    </Button>
  );
}

export function ReviewList() {
  return (
    <List
      filters={[
        <ReferenceInput key="product" source="product" reference="products" alwaysOn>
          <AutocompleteInput label="Product" optionText="name" />
        </ReferenceInput>,
        <SelectInput
          key="is_hidden"
          source="is_hidden"
          label="Visibility"
          choices={[
            { id: 'false', name: 'Shown' },
            { id: 'true', name: 'Hidden' },
          ]}
          alwaysOn
        />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="product_name" label="Product" sortable={false} />
        <TextField source="user.username" label="Author" sortable={false} />
        <NumberField source="rating" label="Rating" />
        <TextField source="comment" label="Review" sortable={false} />
        <BooleanField source="is_verified_purchase" label="Verified purchase" sortable={false} />
        <BooleanField source="is_hidden" label="Hidden" sortable={false} />
        <DateField source="created_at" label="Posted" showTime />
        <VisibilityButton />
        <DeleteButton mutationMode="pessimistic" redirect={false} />
      </Datagrid>
    </List>
  );
}
