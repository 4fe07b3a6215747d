import type { AdminReview } from '@platform/contracts/admin-catalog';
import {
  AutocompleteInput,
  BooleanField,
  Datagrid,
  DateField,
  DeleteButton,
  List,
  NumberField,
  ReferenceInput,
  SimpleList,
  TextField,
  WrapperField,
} from 'react-admin';
import { flagFilter } from '../inputs/FlagFilter.tsx';
import { ToggleFieldButton } from '../inputs/ToggleFieldButton.tsx';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';

export function ReviewList() {
  return (
    <List
      empty={<EmptyList />}
      filters={[
        <ReferenceInput key="product" source="product" reference="products" alwaysOn>
          <AutocompleteInput label="Product" optionText="name" />
        </ReferenceInput>,
        flagFilter('is_hidden', 'Visibility', [
          [false, 'Shown'],
          [true, 'Hidden'],
        ]),
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={false}
    >
      <Responsive
        narrow={
          <SimpleList<AdminReview>
            rowClick={false}
            primaryText={(review) =>
              `${review.product_name} · ${review.rating}/5${review.is_hidden ? ' · hidden' : ''}`
            }
            secondaryText={(review) => review.comment}
            tertiaryText={(review) => review.user.username}
            rightIcon={() => (
              <ToggleFieldButton
                field="is_hidden"
                setTrue={{ label: 'Hide', done: 'Review hidden' }}
                setFalse={{ label: 'Show', done: 'Review shown' }}
              />
            )}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="product_name" label="Product" sortable={false} />
          <TextField source="user.username" label="Author" sortable={false} />
          <NumberField source="rating" label="Rating" />
          <TextField source="comment" label="Review" sortable={false} />
          <BooleanField source="is_verified_purchase" label="Verified purchase" sortable={false} />
          <BooleanField source="is_hidden" label="Hidden" sortable={false} />
          <DateField source="created_at" label="Posted" showTime />
          <WrapperField label="Actions" sortable={false}>
            <ToggleFieldButton
              field="is_hidden"
              setTrue={{ label: 'Hide', done: 'Review hidden' }}
              setFalse={{ label: 'Show', done: 'Review shown' }}
            />
            <DeleteButton mutationMode="pessimistic" redirect={false} />
          </WrapperField>
        </Datagrid>
      </Responsive>
    </List>
  );
}
