-- Catalog administration: reviews staff hide from the storefront, and the indexes of the admin lists.

-- A hidden review stays in the database (the customer still cannot review the product twice) but the storefront
-- neither shows it nor counts it: the product's review_count and rating_sum count visible reviews only, kept in step
-- by the catalog's review services in the transaction that hides, shows or deletes one.
alter table product_reviews add column is_hidden boolean not null default false;
create index product_reviews_newest on product_reviews (tenant_id, created_at desc, id desc);

-- The admin product list reads inactive products too, newest first, and by category.
create index products_newest on products (tenant_id, created_at desc, id desc);
create index products_category on products (tenant_id, category_id);
