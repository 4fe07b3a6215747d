import {
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  Datagrid,
  DateField,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TopToolbar,
} from 'react-admin';
import { flagFilter } from '../inputs/FlagFilter.tsx';
import { useSlugFollowing, withoutFollowedSlug } from '../inputs/SlugInput.tsx';
import { EmptyList } from '../layout/EmptyList.tsx';
import { Responsive } from '../layout/Responsive.tsx';
import { formatMoney } from '../lib/format.ts';
import { ProductBulkActions } from './ProductBulkActions.tsx';
import { ProductCsvButtons } from './ProductCsv.tsx';
import { ProductFields, productBody } from './ProductForm.tsx';

const productFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or slug" />,
  <ReferenceInput key="category" source="category" reference="categories" alwaysOn>
    <SelectInput label="Category" optionText="name" />
  </ReferenceInput>,
  flagFilter('is_active', 'Active', [
    [true, 'Active'],
    [false, 'Inactive'],
  ]),
  flagFilter('is_featured', 'Featured', [
    [true, 'Featured'],
    [false, 'Not featured'],
  ]),
  <BooleanInput key="low_stock" source="low_stock" label="Low stock only" />,
];

function ProductListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      <ProductCsvButtons />
    </TopToolbar>
  );
}

interface ProductRow {
  price: string;
  price_before_discount: string | null;
  main_image: string | null;
  name: string;
}

export function ProductList() {
  return (
    <List
      empty={<EmptyList />}
      filters={productFilters}
      actions={<ProductListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <Responsive
        narrow={
          <SimpleList<ProductRow & { id: number; stock: number; is_active: boolean }>
            rowClick="edit"
            primaryText={(product) => product.name}
            secondaryText={(product) =>
              `${formatMoney(product.price)} · ${product.stock} in stock${product.is_active ? '' : ' · inactive'}`
            }
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={<ProductBulkActions />}>
          <FunctionField
            label="Picture"
            sortable={false}
            render={(record: ProductRow) =>
              record.main_image ? (
                <img src={record.main_image} alt="" width={48} height={48} style={{ objectFit: 'cover' }} />
              ) : null
            }
          />
          <TextField source="name" label="Name" />
          <ReferenceField source="category" reference="categories" label="Category" sortable={false} link={false} />
          <FunctionField
            source="price"
            label="Price"
            render={(record: ProductRow) => (
              <>
                {formatMoney(record.price)}
                {record.price_before_discount && (
                  <s style={{ marginLeft: 6, opacity: 0.7 }}>{formatMoney(record.price_before_discount)}</s>
                )}
              </>
            )}
          />
          <NumberField source="stock" label="Stock" />
          <BooleanField source="is_active" label="Active" sortable={false} />
          <BooleanField source="is_featured" label="Featured" sortable={false} />
          <DateField source="created_at" label="Created" />
        </Datagrid>
      </Responsive>
    </List>
  );
}

/** A new product on one screen: every field, its stock and its pictures, written by one save. */
export function ProductCreate() {
  const slugFollowing = useSlugFollowing();
  return (
    <Create
      title="New product"
      redirect="edit"
      transform={(data: Record<string, unknown>) => withoutFollowedSlug(productBody(data), slugFollowing)}
    >
      <SimpleForm
        defaultValues={{
          is_active: false,
          is_featured: false,
          low_stock_threshold: 5,
          stock: 0,
          attributes: [],
          images: [],
        }}
        sx={{ maxWidth: 820 }}
      >
        <ProductFields slugFollowing={slugFollowing} />
      </SimpleForm>
    </Create>
  );
}
