-- Destinations closed to some products (issue 48): a country, or one region of it, where the shop does not deliver
-- the products named, the products of the categories named, or (naming neither) any product; with the shop's own
-- words, which the product page, the cart and a refused order show. The demo shop closes nothing.
create table shipping_restrictions (
  tenant_id integer not null references tenants (id) on delete cascade,
  id integer generated always as identity,
  country_code text not null check (country_code ~ '^[A-Z]{2}$'),
  region text check (region is null or length(region) between 1 and 100),
  product_ids integer[] not null default '{}' check (cardinality(product_ids) <= 200),
  category_ids integer[] not null default '{}' check (cardinality(category_ids) <= 100),
  message text not null check (length(message) between 1 and 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

create index shipping_restrictions_country on shipping_restrictions (tenant_id, country_code);
