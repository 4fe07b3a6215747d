// Whole products for staff's files (the product CSV): every field staff edit, read in a few statements.

export {
  findCategoryIds,
  findProductRecords,
  listProductRecords,
  type ProductRecord,
} from './product-records.service.ts';
